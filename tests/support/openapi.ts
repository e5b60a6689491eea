import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { openApiDocument } from "#app/api/openapi.server.ts";

// Every /api answer the integration tests see (tests/support/requests.ts `run`) is checked against
// the OpenAPI document (issue 20): its status must be documented for the operation, and its JSON
// body must match the schema documented for that status (an answer's object allows no field it
// does not name), so an undocumented status or field fails the test that met it.

type Json = Record<string, unknown>;
type Documented = {
  method: string;
  path: string;
  pattern: RegExp;
  /** Static segments: the router prefers /api/stock/report to /api/{department}/product. */
  statics: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
};

const document = openApiDocument() as { paths: Record<string, Record<string, Json>> };

export const documented: Documented[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
    statics: path.split("/").filter((segment) => segment && !segment.startsWith("{")).length,
    responses: operation.responses as Documented["responses"],
  })),
);

// validateFormats off: the answers' schemas name no formats, and a request's `email` is not checked here.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<Json, ValidateFunction>();
const validatorOf = (schema: Json) => {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
};

const messageOnly = validatorOf({
  type: "object",
  properties: { message: { type: "string" } },
  required: ["message"],
  additionalProperties: false,
});

/** The documented operation a request reaches, as the router would pick it. */
export function operationOf(method: string, pathname: string): Documented | undefined {
  return documented
    .filter((operation) => operation.method === method && operation.pattern.test(pathname))
    .sort((a, b) => b.statics - a.statics)[0];
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the body is not JSON: ${text.slice(0, 120)}`);
  }
}

/** Throws, naming the request and what differs, unless the answer is as the document says. */
export async function expectDocumentedAnswer(request: Request, response: Response): Promise<void> {
  const { pathname } = new URL(request.url);
  const where = `${request.method} ${pathname} → ${response.status}`;
  const media = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  const operation = operationOf(request.method, pathname);
  if (!operation) {
    // No operation: the catch-all's 404 (401 without sign-in), or a method the address does not
    // take (405), both `{message}` (the document's description says so).
    const reachable = documented.some((candidate) => candidate.pattern.test(pathname));
    const allowed = reachable ? [401, 403, 405] : [401, 403, 404];
    if (!allowed.includes(response.status) || !messageOnly(await bodyOf(response)))
      throw new Error(`${where}: not a documented operation, and not a {message} ${allowed.join("/")}`);
    return;
  }
  const answer = operation.responses[String(response.status)];
  if (!answer)
    throw new Error(
      `${where}: status ${response.status} is not documented for ${request.method} ${operation.path}`,
    );
  const content = answer.content ?? {};
  if (!(media in content))
    throw new Error(
      `${where}: ${media || "no content type"} is not documented (${Object.keys(content).join(", ")})`,
    );
  const schema = content[media].schema;
  if (media !== "application/json" || !schema) return;
  const validate = validatorOf(schema);
  if (!validate(await bodyOf(response)))
    throw new Error(
      `${where}: the body does not match the documented schema: ${ajv.errorsText(validate.errors, { separator: "; " })}`,
    );
}
