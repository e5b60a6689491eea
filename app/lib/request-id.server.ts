import { randomUUID } from "node:crypto";
import { faultSummary } from "#app/lib/database-away.ts";
import { logFault, logWarning } from "#app/lib/log.server.ts";

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
  logFault(`[req ${requestId(request)}] ${request.method} ${url.pathname} failed: ${detail}`);
}

/** The database away is expected (a restart): one line with its reason, no stack. */
export function logDatabaseAway(request: Request, error: unknown) {
  noteDatabaseAway();
  const url = new URL(request.url);
  logWarning(
    `[req ${requestId(request)}] ${request.method} ${url.pathname}: the database is not answering (${faultSummary(error)})`,
  );
}

let lastAway = 0;

/** When a request last found the database away (the web server turns such a page's 500 into a 503). */
export const databaseAwaySince = (since: number) => lastAway >= since;

const noteDatabaseAway = () => {
  lastAway = Date.now();
};
