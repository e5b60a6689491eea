import type { core } from "zod";

/** The contract's 400 body: the first problem as `message`, all problems per field in `errors`. */
export function validationBody(error: core.$ZodError, extra: Record<string, unknown> = {}) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return { ...extra, message: error.issues[0]?.message ?? "The request is not valid.", errors };
}
