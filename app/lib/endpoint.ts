import * as z from "zod/mini";
import { DATABASE_AWAY_MESSAGE } from "#app/lib/database-away.ts";

// One /api operation, declared once. From the declarations come its route (app/resources.ts, by
// lib/route-entry.ts apiRoutes), the methods its address takes (the module's loader and action, by
// lib/api-handler.server.ts apiRoute: any other method is the 405), GET /api's row (method, path,
// description), and its operation in the OpenAPI document (GET /api/openapi.json) and on the
// reference page (GET /api/docs). Each feature lists its operations beside its routes (its
// routes.ts `endpoints`), with the very zod schemas its handlers parse requests with; app/api/
// composes them. The answers' shapes live here (the shared ones) and in each feature's
// api-schema.ts, tied to the types the handlers answer with (sameShape below), and the integration
// tests check every answer against them (tests/support/openapi.ts).

type Schema = z.core.$ZodType;

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** One documented answer of an operation. */
export type Answer = {
  description: string;
  /** The JSON body's schema; leave it out for an answer that is not JSON (`media`). */
  schema?: Schema;
  example?: unknown;
  /** Media types of a body that is not JSON (a spreadsheet download, the HTML reference page). */
  media?: readonly string[];
  /** Response headers worth knowing, name → what it says. */
  headers?: Record<string, string>;
};

export type Endpoint = {
  method: Method;
  /**
   * The OpenAPI path: `{name}` for a parameter. Its route is the same path with `:name` (the legacy
   * wire's `{_id}` is the route's `:id`); every operation of a path is served by one module.
   */
  path: string;
  /** The route module that serves it, as app/routes.ts names files ("contracts/routes/api-add.ts"). */
  module: string;
  /** One line: GET /api lists it and it is the operation's summary. */
  description: string;
  /** Unique, stable: a generated client names its function after it. */
  operationId: string;
  /** The feature, as the reference page groups operations. */
  tag: string;
  /** Needs no sign-in (health, sign-in, registration). */
  public?: true;
  /** A legacy quirk the old client relies on, kept for compatibility. */
  compatibility?: string;
  /** Path parameters (a zod object). */
  params?: Schema;
  /** Query parameters (a zod object). */
  query?: Schema;
  /** The JSON request body: the handler's own schema. */
  body?: Schema;
  /** The body may be left out altogether (no content type, nothing sent). */
  bodyOptional?: true;
  /** A request a person can copy: the path with sample values, and a body for POST/PUT. */
  example: { path: string; body?: unknown };
  responses: Partial<Record<number, Answer>>;
};

/** The row GET /api lists for an operation (the shape it always had). */
export const endpointRow = ({ method, path, description }: Endpoint) => ({ method, path, description });

// Shared answer bodies (the legacy API contract "Rules for every endpoint").

/** `{message}`: 401, 403, 404, 409, 413, 415, 429, 500 and a body that is not JSON (400). */
export const messageBody = z.strictObject({ message: z.string() });

/** A 400: the first problem as `message` and every problem by field (lib/validation.ts), or only the message. */
export const problemBody = z.strictObject({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

/** An answer whose body is `{message}`. */
export const messageAnswer = (description: string, example: string): Answer => ({
  description,
  schema: messageBody,
  example: { message: example },
});

/** The Retry-After header of an answer that asks to try again later (503, 429). */
export const retryAfter = { "retry-after": "Seconds to wait before the next try" };

export const answers = {
  unauthorized: messageAnswer(
    "No valid session cookie or Bearer token (missing, expired, revoked or forged)",
    "Authentication required",
  ),
  forbidden: messageAnswer(
    "The role may not do this, the password must be changed first, or a cookie-signed change came from another site",
    "Your role (Guard) cannot make this change.",
  ),
  fault: messageAnswer(
    "An unexpected fault (logged with the request id; no internals)",
    "Something went wrong",
  ),
  databaseAway: {
    ...messageAnswer(
      "The database is not answering (restarting or away): nothing was saved; try again after Retry-After seconds",
      DATABASE_AWAY_MESSAGE,
    ),
    headers: retryAfter,
  },
  tooLarge: messageAnswer("The body is over 1 MB", "The request is too large (the limit is 1 MB)."),
  notJson: messageAnswer(
    "The body is not sent as JSON",
    "Send the body as JSON (content-type: application/json).",
  ),
  invalid: {
    description: "The body is not valid JSON, or a field is not valid (every problem by field)",
    schema: problemBody,
    example: { message: "E-mail is required.", errors: { email: ["E-mail is required."] } },
  },
  stale: messageAnswer(
    "The record was changed by someone else since the version sent",
    "This record was changed by someone else. Reload and try again.",
  ),
  notFound: (example: string) => messageAnswer("Not found", example),
} satisfies Record<string, Answer | ((example: string) => Answer)>;

/**
 * The answers of every operation behind the sign-in: 401, 403, the 500 that never shows internals
 * and the 503 while the database is away.
 */
export function signedIn(responses: Partial<Record<number, Answer>>): Partial<Record<number, Answer>> {
  return {
    401: answers.unauthorized,
    403: answers.forbidden,
    500: answers.fault,
    503: answers.databaseAway,
    ...responses,
  };
}

/** The answers of a JSON body's reader (lib/http.server.ts readJson): 400, 413, 415. */
export function withJsonBody(responses: Partial<Record<number, Answer>>): Partial<Record<number, Answer>> {
  return { 400: answers.invalid, 413: answers.tooLarge, 415: answers.notJson, ...responses };
}

/** The media types of an /api list's ?format=xlsx|csv download (issue 18), beside its JSON. */
export const DOWNLOAD_MEDIA = [
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "text/csv",
];

/** A list's 200: its JSON, or with ?format=xlsx|csv the list as a download. */
export function listOrDownload(answer: Answer): Answer {
  return {
    ...answer,
    description: `${answer.description}; with ?format=xlsx or ?format=csv the list as a download (an attachment)`,
    media: DOWNLOAD_MEDIA,
  };
}

/**
 * The query of a list that downloads: ?format=xlsx|csv for the list as a download instead, and ?q=,
 * the search its page applies with it; each described in the list's own words.
 */
export function downloadQuery(describe: { format: string; q: string }) {
  return z.object({
    format: z.optional(z.enum(["xlsx", "csv"]).check(z.describe(describe.format))),
    q: z.optional(z.string().check(z.describe(describe.q))),
  });
}

/** The 400 of a ?format= that is neither xlsx nor csv. */
export const badFormat = messageAnswer(
  "?format= is neither xlsx nor csv",
  "Choose an export format: ?format=xlsx or ?format=csv.",
);

/** What the document says of one input field, in JSON Schema words. */
export type FieldDoc = { description: string; type?: string | string[] };

type ObjectSchema = { shape: Record<string, z.core.$ZodType> };

/**
 * Describes the fields of a request schema whose checks JSON Schema cannot state (a transform that
 * reads 12 or "12", a default for a blank): their type and meaning, and which fields are required
 * when zod cannot tell (a bare transform looks required). Metadata only, registered by the server's
 * api-schema.ts modules: the schema parses as before, and its browser copy carries none of it.
 */
export function describeFields(
  schema: ObjectSchema,
  fields: Record<string, FieldDoc>,
  { required }: { required?: string[] } = {},
) {
  for (const [name, doc] of Object.entries(fields)) {
    let field = schema.shape[name];
    if (!field) throw new Error(`describeFields: no field ${name}`);
    while (field._zod.def.type === "optional") field = (field as z.core.$ZodOptional)._zod.def.innerType;
    z.globalRegistry.add(field, doc);
  }
  if (required) z.globalRegistry.add(schema as unknown as z.core.$ZodType, { required });
}

/** Each assignable to the other: the same fields, of the same types (an intersection counts as its fields). */
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Does not compile unless an answer's schema describes exactly the type the handler answers with:
 * `sameShape<z.output<typeof lineAnswer>, SparesLine>()`. So a field added to a query's result
 * and not to the document fails `tsc`, before the integration tests would.
 */
export function sameShape<A, B>(
  ..._proof: Equal<A, B> extends true ? [] : ["the schema and the type differ"]
) {}
