// What PostgreSQL's errors mean, however they reach us: drizzle wraps the driver's error in its
// own (DrizzleQueryError, the driver's as `cause`), so a check of the top error's code misses it.

/** PostgreSQL's unique_violation (23505), on the error or on any error it was caused by. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause)
    if ((current as { code?: unknown }).code === "23505") return true;
  return false;
}
