// Request guards and body readers shared by every action and /api route.

import { cleanText } from "#app/lib/text.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Set by the web server (server/app.ts) to the client's address; any incoming one is deleted first. */
export const CLIENT_HEADER = "x-plantops-client";

/** Set by the web server to "1" when the request came over HTTPS (directly, or via a trusted proxy). */
export const HTTPS_HEADER = "x-plantops-https";

/**
 * The one thrown HTTP answer, for pages and the API alike: throw it wherever the request cannot go
 * on. It is a Response (the message as plain text), so a page's loader or action that throws it
 * shows the error page with its status and message, as Remix shows any thrown Response; the API
 * (lib/api-handler.server.ts) answers it as JSON, `{...fields, message}`.
 */
export class HttpError extends Response {
  readonly message: string;
  /** Fields the API's JSON answer carries beside `message` (a legacy `success: false`). */
  readonly fields: Record<string, unknown>;

  constructor(status: number, message: string, fields: Record<string, unknown> = {}) {
    super(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
    this.message = message;
    this.fields = fields;
  }
}

/** Throws the HTTP answer (400 unless told) when a condition fails: the epic-stack `invariantResponse`. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status: number } = { status: 400 },
): asserts condition {
  if (!condition) throw new HttpError(init.status, message);
}

export function notFound(message = "Not found"): never {
  throw new HttpError(404, message);
}

/** A request that only reads (GET, HEAD): a loader's, as Remix routes it; every other method is an action's. */
export const isReadRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The one answer of an address that is not the API to a method it does not take: 405 in plain
 * text, with Allow naming the methods it does take (the API answers JSON: lib/api-handler.server.ts).
 */
export function methodNotAllowedText(allow: string): Response {
  return new Response("This address does not take that method.", {
    status: 405,
    headers: { allow, "content-type": "text/plain; charset=utf-8" },
  });
}

/** JSON answer for /api routes, always with the JSON content type. */
export function jsonAnswer(body: unknown, status = 200, headers?: HeadersInit): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set("content-type", "application/json; charset=utf-8");
  return response;
}

async function readCapped(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, "The request is too large (the limit is 1 MB).");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new HttpError(413, "The request is too large (the limit is 1 MB).");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Text PostgreSQL can store, for every value a body or an address brings in: app/lib/text.ts
 * cleanText (NUL and the other control characters removed, a lone surrogate U+FFFD), rather than
 * failing the save with a 500 or storing characters no page can show.
 */
export const withoutNul = cleanText;

/**
 * The search parameters of a request's address, cleaned like a body (withoutNul): a filter typed
 * into the address (?text=…) reaches PostgreSQL too, and must not turn into a 500.
 */
export function searchParamsOf(request: Request): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new URL(request.url).searchParams) params.append(key, withoutNul(value));
  return params;
}

/** The media type of the body, without parameters: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaType(request: Request) {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** Reads a JSON body: 415 for another content type, 400 for malformed JSON, 413 over 1 MB. */
export async function readJson(request: Request): Promise<unknown> {
  if (mediaType(request) !== "application/json") {
    throw new HttpError(415, "Send the body as JSON (content-type: application/json).");
  }
  const text = await readCapped(request);
  try {
    return JSON.parse(text, (_key, value) => (typeof value === "string" ? withoutNul(value) : value));
  } catch {
    throw new HttpError(400, "The body is not valid JSON.");
  }
}

/** Reads a form post (urlencoded or multipart), capped at 1 MB. */
export async function readForm(request: Request): Promise<FormData> {
  if (mediaType(request) === "multipart/form-data") {
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > MAX_BODY_BYTES) throw new HttpError(413, "The request is too large (the limit is 1 MB).");
    const form = new FormData();
    for (const [key, value] of await request.formData())
      form.append(key, typeof value === "string" ? withoutNul(value) : value);
    return form;
  }
  const text = await readCapped(request);
  const form = new FormData();
  for (const [key, value] of new URLSearchParams(text)) form.append(key, withoutNul(value));
  return form;
}

export const UNKNOWN_ADDRESS = "unknown";

/**
 * The address of the client, for the per-address sign-in limit: what the web server put in its
 * private header (the socket's address, or with TRUST_PROXY=1 the one our proxy appended to
 * X-Forwarded-For). Without our server in front (unit tests), unknown.
 */
export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_HEADER)?.trim() || UNKNOWN_ADDRESS;
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF: a cookie-authenticated mutation must come from our own origin (on top of SameSite=Lax).
 * Browsers send Origin on every POST; Referer is the fallback. Neither → refused.
 */
export function isSameOriginMutation(request: Request) {
  if (!MUTATIONS.has(request.method.toUpperCase())) return true;
  const expected =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (!source || source === "null") return false;
  try {
    return new URL(source).host === expected;
  } catch {
    return false;
  }
}

export function assertSameOrigin(request: Request) {
  if (!isSameOriginMutation(request)) {
    throw new HttpError(403, "This form was sent from another site and was refused.");
  }
}
