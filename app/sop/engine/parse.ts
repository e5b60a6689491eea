import { parse } from "@conform-to/react";
import { schemaFor } from "./schema.ts";
import type { FormatDefinition, SopData } from "./types.ts";

// A posted SOP form read with its format's schema: Conform's `parse` (form names → values, and the
// "Add row" / "Remove row" intents) and zod/mini's safeParse, the same in the browser and the action.
// This is what `parseWithZod(…, { disableAutoCoercion: true })` does, written here because
// @conform-to/zod/v4 always imports its coercion helpers and with them classic zod and its English
// messages: 11 KB gzip on every form page for code the SOP forms never run (the schema reads the
// posted strings itself, and every message is the schema's own).

type Issue = { path: PropertyKey[]; message: string };

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

/** The issues' messages by form name, as Conform shows them beside each field. */
export function errorsByName(issues: readonly Issue[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = nameOfPath(issue.path);
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return errors;
}

export function parseSopSubmission(payload: FormData | URLSearchParams, definition: FormatDefinition) {
  const schema = schemaFor(definition);
  return parse<SopData, string[]>(payload, {
    resolve(value) {
      const result = schema.safeParse(value);
      return result.success
        ? { value: result.data as SopData }
        : { error: errorsByName(result.error.issues) };
    },
  });
}
