import { parse, type Submission } from "@conform-to/react";
import type { core } from "zod";

// The one way a posted form is read (docs/decisions/007-form-pipeline.md), the same in the browser
// (Conform's `onValidate`) and in the action: Conform's `parse` turns the form's names into nested
// values (and applies its "Add row" / "Remove row" intents), then the feature's zod/mini schema
// checks them with `safeParse`. Conform's zod adapter did the same, but it always imports its
// coercion helpers and with them classic zod and its English messages, on every form page.

type Issue = { path: readonly PropertyKey[]; message: string };

/** A zod schema (classic or mini): it offers `safeParse`, whose issues carry a path and a message. */
export type FormSchema = core.$ZodType & {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
};

/** The form name of an issue's path: ["entries", 0, "date"] → "entries[0].date", [] → "" (the form). */
export function nameOfPath(path: readonly PropertyKey[]) {
  return path.reduce<string>(
    (name, segment) =>
      typeof segment === "number"
        ? `${name}[${segment}]`
        : name
          ? `${name}.${String(segment)}`
          : String(segment),
    "",
  );
}

/** The issues' messages by form name, as Conform shows them beside each field ("" is the form's own). */
export function errorsByName(issues: readonly Issue[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = nameOfPath(issue.path);
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return errors;
}

/**
 * An empty input is a missing value: "" and an empty file input become undefined, at any depth
 * (what Conform's adapter did before validating). So a cleared required field gets the schema's
 * "… is required." message, and a cleared optional one is simply not given.
 */
export function emptyAsMissing(value: unknown): unknown {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0)
    return undefined;
  if (Array.isArray(value)) return value.map(emptyAsMissing);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, emptyAsMissing(item)]));
  }
  return value;
}

/**
 * A posted form (FormData, or URLSearchParams) read with `schema`: Conform's submission, whose
 * `reply()` sends the values and messages back so a refused form comes back filled in.
 */
export function parseSubmission<Schema extends FormSchema>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): Submission<core.input<Schema>, string[], core.output<Schema>> {
  return parse<core.output<Schema>, string[]>(payload, {
    resolve(value) {
      const result = schema.safeParse(emptyAsMissing(value));
      return result.success
        ? { value: result.data as core.output<Schema> }
        : { error: errorsByName(result.error.issues) };
    },
  });
}
