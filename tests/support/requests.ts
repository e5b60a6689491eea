import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { takeToast } from "#app/lib/toast.server.ts";
import { expectDocumentedAnswer } from "#tests/support/openapi.ts";

// Builders for calling loaders, actions and /api routes directly with real Requests.
export const ORIGIN = "http://plant.test";

type RequestOptions = {
  method?: string;
  form?: Record<string, string | string[]>;
  json?: unknown;
  body?: string;
  cookie?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The Origin header of a browser on our site; pass null to leave it out, or another site. */
  origin?: string | null;
};

export function buildRequest(path: string, options: RequestOptions = {}) {
  const headers = new Headers(options.headers);
  const method =
    options.method ?? (options.form || options.json !== undefined || options.body ? "POST" : "GET");
  let body: string | undefined = options.body;
  if (options.form) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
    }
    body = params.toString();
    headers.set("content-type", "application/x-www-form-urlencoded");
  }
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("content-type", "application/json");
  }
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (method !== "GET" && method !== "HEAD" && options.origin !== null)
    headers.set("origin", options.origin ?? ORIGIN);
  headers.set("host", new URL(ORIGIN).host);
  return new Request(new URL(path, ORIGIN), { method, headers, body });
}

/** Args for a loader/action: the request plus route params. */
export function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} } as LoaderFunctionArgs & ActionFunctionArgs;
}

/**
 * Runs a loader or action and returns its Response, whether it returned or threw one. An /api
 * answer must be as the OpenAPI document describes it (tests/support/openapi.ts), or the test fails.
 */
export async function run(
  handler: (a: LoaderFunctionArgs & ActionFunctionArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
) {
  let response: Response;
  try {
    response = toResponse(await handler(args(request, params)));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  if (isApi(request)) await expectDocumentedAnswer(request, response);
  return response;
}

const isApi = (request: Request) => /^\/api(\/|$)/.test(new URL(request.url).pathname);

/** Remix's `data()` results and plain objects become Responses so tests read them one way. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit };
    const headers = new Headers(init?.headers);
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify(data ?? null), { status: init?.status ?? 200, headers });
  }
  return new Response(JSON.stringify(result ?? null), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

/** The cookies a response sets, as a Cookie header value for the next request. */
export function cookiesFrom(response: Response, previous = "") {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const [key, ...rest] = pair.split("=");
    jar.set(key, rest.join("="));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [key, ...rest] = pair.split("=");
    const value = rest.join("=");
    if (!value || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(key);
    else jar.set(key, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The toast a redirect set (its one-time cookie), as the next page would show it. */
export async function toastOf(response: Response) {
  const toastCookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  return (await takeToast(buildRequest("/", { cookie: toastCookie }))).toast;
}
