import * as z from "zod/mini";
import * as auth from "#app/auth/routes.ts";
import * as contracts from "#app/contracts/routes.ts";
import * as fileIndex from "#app/file-index/routes.ts";
import * as stockReport from "#app/ledger/report/routes.ts";
import * as ledger from "#app/ledger/routes.ts";
import { type Endpoint, endpointRow, retryAfter, signedIn } from "#app/lib/endpoint.ts";
import * as registration from "#app/registration/routes.ts";
import * as sop from "#app/sop/routes.ts";
import * as spares from "#app/spares/routes.ts";
import * as storeRacks from "#app/store-racks/routes.ts";

// The operations of /api: GET /api lists them, GET /api/openapi.json and GET /api/docs describe
// them, and app/resources.ts serves them (a route per path). Each feature lists its own beside its
// routes (its routes.ts); this file only composes them, like app/routes.ts composes the routes, and
// lists the API's own.

export const DOCS_PATH = "/api/docs";
export const OPENAPI_PATH = "/api/openapi.json";

const endpointList = z.strictObject({
  endpoints: z.array(z.strictObject({ method: z.string(), path: z.string(), description: z.string() })),
  docs: z.string(),
  openapi: z.string(),
});

const describe = <T extends z.ZodMiniType>(schema: T, text: string) => schema.check(z.describe(text));

const health = z.strictObject({
  status: describe(
    z.enum(["ok", "degraded"]),
    "ok when the database, the job queue and the mail are all well",
  ),
  database: z.enum(["ok", "unreachable"]),
  live: describe(z.literal(true), "The process answers (liveness)"),
  ready: describe(
    z.boolean(),
    "The database answers, so requests can be served (readiness; the HTTP status follows it)",
  ),
  jobs: describe(
    z.enum(["starting", "running", "retrying", "stopped"]),
    "This instance's job queue (digest, mail, prune): retrying while it cannot start",
  ),
  mail: describe(
    z.enum(["ok", "off", "retrying"]),
    "off: SMTP_URL or MAIL_FROM not set; retrying: a message waits for another try after a failed one",
  ),
  instance: describe(z.string(), "The host and port of the instance that answered"),
});

export const foundationEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api",
    module: "api/routes/index.ts",
    description: "This list of endpoints, with the addresses of the API's reference page and document",
    operationId: "listEndpoints",
    tag: "API",
    example: { path: "/api" },
    responses: signedIn({
      200: {
        description: "Every operation by method and path",
        schema: endpointList,
        example: {
          endpoints: [
            { method: "GET", path: "/api/health", description: "Health of the app and its database" },
          ],
          docs: DOCS_PATH,
          openapi: OPENAPI_PATH,
        },
      },
    }),
  },
  {
    method: "GET",
    path: OPENAPI_PATH,
    module: "api/routes/openapi.ts",
    description: "This API described: an OpenAPI 3.1 document of every operation",
    operationId: "getOpenApiDocument",
    tag: "API",
    example: { path: OPENAPI_PATH },
    responses: signedIn({
      200: {
        description: "The OpenAPI 3.1 document",
        schema: z.looseObject({ openapi: z.literal("3.1.0") }),
        example: { openapi: "3.1.0", info: { title: "PlantOps API", version: "1" }, paths: {} },
      },
    }),
  },
  {
    method: "GET",
    path: DOCS_PATH,
    module: "api/routes/docs.tsx",
    description: "The API's reference page: every operation by feature, with examples (HTML, no JavaScript)",
    operationId: "getApiReference",
    tag: "API",
    example: { path: DOCS_PATH },
    responses: signedIn({ 200: { description: "The reference page", media: ["text/html"] } }),
  },
  {
    method: "GET",
    path: "/api/health",
    module: "api/routes/health.ts",
    description: "Health of the app and its database (no sign-in needed)",
    operationId: "getHealth",
    tag: "API",
    public: true,
    example: { path: "/api/health" },
    responses: {
      200: {
        description: "The app and its database answer (ready)",
        schema: health,
        example: {
          status: "ok",
          database: "ok",
          live: true,
          ready: true,
          jobs: "running",
          mail: "ok",
          instance: "plant-server:3000",
        },
      },
      503: {
        description: "The database does not answer within 3 seconds (live, not ready)",
        schema: health,
        headers: retryAfter,
        example: {
          status: "degraded",
          database: "unreachable",
          live: true,
          ready: false,
          jobs: "running",
          mail: "ok",
          instance: "plant-server:3000",
        },
      },
    },
  },
];

const [signIn, signOut] = auth.endpoints;

/** Every operation, in the order GET /api and the document list them. */
export const allEndpoints: Endpoint[] = [
  ...foundationEndpoints,
  signIn,
  ...registration.endpoints,
  signOut,
  ...spares.endpoints,
  ...storeRacks.endpoints,
  ...ledger.endpoints,
  ...stockReport.endpoints,
  ...contracts.endpoints,
  ...fileIndex.endpoints,
  ...sop.endpoints,
];

/** GET /api's rows: method, path and description, as the list always had. */
export const endpointRows = () => allEndpoints.map(endpointRow);
