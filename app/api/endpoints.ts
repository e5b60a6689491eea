import * as z from "zod/mini";
import { ROLES } from "#app/auth/roles.ts";
import { loginSchema, messages, registerSchema } from "#app/auth/rules.ts";
import * as contracts from "#app/contracts/routes.ts";
import * as fileIndex from "#app/file-index/routes.ts";
import * as stockReport from "#app/ledger/report/routes.ts";
import * as ledger from "#app/ledger/routes.ts";
import {
  answers,
  type Endpoint,
  endpointRow,
  messageAnswer,
  messageBody,
  signedIn,
  withJsonBody,
} from "#app/lib/endpoint.ts";
import { registrationClosedMessage } from "#app/settings/registration.ts";
import * as sop from "#app/sop/routes.ts";
import * as spares from "#app/spares/routes.ts";
import * as storeRacks from "#app/store-racks/routes.ts";

// The operations of /api: GET /api lists them, GET /api/openapi.json and GET /api/docs describe
// them. Each feature lists its own beside its routes (its routes.ts); this file only composes them,
// like app/routes.ts composes the routes, and lists the API's own and the sign-in's.

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

const retryAfter = { "retry-after": "Seconds to wait before the next try" };

export const foundationEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api",
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
    description: "The API's reference page: every operation by feature, with examples (HTML, no JavaScript)",
    operationId: "getApiReference",
    tag: "API",
    example: { path: DOCS_PATH },
    responses: signedIn({ 200: { description: "The reference page", media: ["text/html"] } }),
  },
  {
    method: "GET",
    path: "/api/health",
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
  {
    method: "POST",
    path: "/api/auth/login",
    description: "Sign in with {email, password}; returns a Bearer token",
    operationId: "signIn",
    tag: "Sign-in",
    public: true,
    body: loginSchema,
    example: { path: "/api/auth/login", body: { email: "staff@plant.example", password: "a long password" } },
    responses: withJsonBody({
      200: {
        description: "Signed in: the token names a session, which POST /api/auth/logout ends",
        schema: z.strictObject({
          token: z.string(),
          message: z.string(),
          user: z.strictObject({ email: z.string(), role: z.enum(ROLES) }),
        }),
        example: {
          token: "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIuLi4ifQ.c2lnbmF0dXJl",
          message: "Login successful",
          user: { email: "staff@plant.example", role: "staff" },
        },
      },
      401: messageAnswer("Wrong e-mail or password", "Invalid email or password"),
      429: {
        description: "Too many failed sign-ins lately (from this address, for this account, or in all)",
        schema: messageBody,
        example: { message: "Too many sign-in attempts, try again in 4 seconds." },
        headers: retryAfter,
      },
      500: answers.fault,
      503: answers.databaseAway,
    }),
  },
  {
    method: "POST",
    path: "/api/auth/register",
    description: "Register with {email, password, securityCode} and optionally {name}",
    operationId: "register",
    tag: "Sign-in",
    public: true,
    body: registerSchema,
    example: {
      path: "/api/auth/register",
      body: {
        name: "Asha Patil",
        email: "new.staff@plant.example",
        password: "a long password",
        securityCode: "the plant's code",
      },
    },
    responses: withJsonBody({
      201: {
        description: "Registered (as staff); sign in next",
        schema: messageBody,
        example: { message: messages.registered },
      },
      400: {
        ...answers.invalid,
        description: "A field is not valid, or the security code is wrong",
        example: { message: messages.invalidCode },
      },
      403: {
        description: "Registration is closed",
        schema: messageBody,
        example: { message: registrationClosedMessage },
      },
      409: {
        description: "The e-mail has an account already",
        schema: messageBody,
        example: { message: "An account with this e-mail already exists" },
      },
      429: {
        description: "Too many wrong attempts from this address (or in all) lately",
        schema: messageBody,
        example: { message: "Too many registration attempts, try again in a minute." },
        headers: retryAfter,
      },
      500: answers.fault,
      503: answers.databaseAway,
    }),
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    description: "Revoke the session of the token or cookie",
    operationId: "signOut",
    tag: "Sign-in",
    example: { path: "/api/auth/logout" },
    responses: signedIn({
      200: { description: "The session is ended", schema: messageBody, example: { message: "Logged out" } },
    }),
  },
];

export const allEndpoints: Endpoint[] = [
  ...foundationEndpoints,
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
