import { randomUUID } from "node:crypto";

// One id per request, shared by the log lines, the x-request-id header and the 500 page, so a
// user can quote it and an admin can find the matching log line.
const ids = new WeakMap<Request, string>();

export function requestId(request: Request) {
  let id = ids.get(request);
  if (!id) {
    const given = request.headers.get("x-request-id");
    id = given && /^[\w-]{1,64}$/.test(given) ? given : randomUUID().slice(0, 8);
    ids.set(request, id);
  }
  return id;
}

export function logError(request: Request, error: unknown) {
  const url = new URL(request.url);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(
    `[${new Date().toISOString()}] [req ${requestId(request)}] ${request.method} ${url.pathname} failed: ${detail}`,
  );
}
