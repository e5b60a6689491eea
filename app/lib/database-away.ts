// What the app says and does while its PostgreSQL is not answering (restarting, stopped, the
// network between them down): an expected fault, answered 503 with a hint to try again, logged as
// one line without a stack, never a 500 "Something went wrong".

export const DATABASE_AWAY_MESSAGE = "The database is not answering; try again in a minute.";

/** Retry-After of a 503 while the database is away (a restart takes seconds; a client waits less than the message's minute). */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * postgres.js's own codes for a connection that closed or never opened, the socket's, and
 * PostgreSQL's SQLSTATEs for a server shutting down or starting up (57P01–57P03) and for a broken
 * connection (class 08).
 */
const AWAY_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
]);

/** Whether an error (or one it was caused by: Drizzle wraps the driver's) means the database is away. */
export function isDatabaseAway(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== "object") return false;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (AWAY_CODES.has(code) || code.startsWith("08"))) return true;
    // AggregateError: a connection refused on every address of the host (IPv4 and IPv6).
    const errors = (cause as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseAway(inner))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The error's one-line reason for the log: the driver's code and message, never a stack. Drizzle's
 * wrapper ("Failed query: …") quotes the SQL and its parameters, so the innermost cause is told.
 */
export function faultSummary(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as { code?: unknown }).code;
  return `${typeof code === "string" ? `${code} ` : ""}${inner.message.split("\n")[0]}`;
}
