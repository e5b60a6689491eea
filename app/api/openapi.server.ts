import * as z from "zod/mini";
import { allEndpoints } from "#app/api/endpoints.ts";
import type { Answer, Endpoint } from "#app/lib/endpoint.ts";

// The OpenAPI 3.1 document of /api (issue 20), made from the operation list GET /api serves
// (app/api/endpoints.ts) and the zod schemas each feature's handlers use: zod 4's own JSON Schema
// output, so there is no second description to keep in step. Requests are described as the
// handlers read them (io "input"), answers as they are sent (io "output": an object allows no
// field it does not name). Checks zod cannot express (a transform reading "12" or 12) become `{}`
// plus the field's description.

type Json = Record<string, unknown>;

export const SESSION_COOKIE = "plantops_session";

/** A zod schema as a JSON Schema (2020-12, the dialect of OpenAPI 3.1), inline. */
export function jsonSchemaOf(schema: z.core.$ZodType, io: "input" | "output"): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete json.$schema;
  // Inline schemas only: a "#/$defs/…" reference would point into the document's root.
  if ("$defs" in json) throw new Error("A schema of the API refers to itself: describe it without a cycle.");
  return json;
}

function parameters(schema: z.core.$ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, Json> | undefined) ?? {}).map(
    ([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      };
    },
  );
}

function response(answer: Answer): Json {
  const headers = Object.entries(answer.headers ?? {}).map(([name, description]) => [
    name,
    { description, schema: { type: "string" } },
  ]);
  const content: Json = {};
  if (answer.schema) {
    content["application/json"] = {
      schema: jsonSchemaOf(answer.schema, "output"),
      ...(answer.example === undefined ? {} : { example: answer.example }),
    };
  }
  // A download or a page: its bytes are not described beyond the media type.
  for (const media of answer.media ?? []) content[media] = {};
  return {
    description: answer.description,
    ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

export const COMPATIBILITY_NOTE = "Kept for compatibility:";

function operation(endpoint: Endpoint): Json {
  const notes = [
    endpoint.compatibility ? `${COMPATIBILITY_NOTE} ${endpoint.compatibility}` : "",
    `Example: \`${endpoint.method} ${endpoint.example.path}\``,
  ].filter(Boolean);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.description,
    description: notes.join("\n\n"),
    "x-example-path": endpoint.example.path,
    ...(endpoint.compatibility ? { "x-kept-for-compatibility": endpoint.compatibility } : {}),
    ...(endpoint.public ? { security: [] } : {}),
    parameters: [...parameters(endpoint.params, "path"), ...parameters(endpoint.query, "query")],
    ...(endpoint.body
      ? {
          requestBody: {
            required: !endpoint.bodyOptional,
            content: {
              "application/json": {
                schema: jsonSchemaOf(endpoint.body, "input"),
                ...(endpoint.example.body === undefined ? {} : { example: endpoint.example.body }),
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(endpoint.responses).map(([status, answer]) => [status, response(answer as Answer)]),
    ),
  };
}

/** The tags in the order GET /api lists their first operation: the reference page's sections. */
export function tagsOf(endpoints: readonly Endpoint[]) {
  return [...new Set(endpoints.map((endpoint) => endpoint.tag))];
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[] = allEndpoints): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] ??= {};
    const method = endpoint.method.toLowerCase();
    if (method in paths[endpoint.path])
      throw new Error(`${endpoint.method} ${endpoint.path} is listed twice`);
    paths[endpoint.path][method] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "PlantOps API",
      version: "1",
      description: [
        "The JSON API of PlantOps, the LPG bottling plant's operations app. Sign in with",
        "POST /api/auth/login and send the token as `Authorization: Bearer <token>`, or use the",
        "browser's session cookie (a cookie-signed change must come from the app's own origin).",
        "A path no operation claims answers 404 `{message}` (401 without sign-in); a method an",
        "address does not take answers 405 `{message}`. Answers marked",
        `"${COMPATIBILITY_NOTE}" keep a legacy client's quirk on purpose.`,
      ].join(" "),
    },
    tags: tagsOf(endpoints).map((name) => ({ name })),
    security: [{ session: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie a browser gets when it signs in at /login",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The token POST /api/auth/login answers with",
        },
      },
    },
    paths,
  };
}

let built: Json | undefined;
let text: string | undefined;

/** The document, built once: the endpoint list and the schemas do not change while the app runs. */
export function openApiDocument(): Json {
  built ??= buildOpenApiDocument();
  return built;
}

/** The document as sent (a large JSON text): written once, not on every request. */
export function openApiText(): string {
  text ??= JSON.stringify(openApiDocument());
  return text;
}
