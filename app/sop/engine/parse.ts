import type { Submission } from "@conform-to/react";
import { schemaFor } from "#app/sop/engine/schema.ts";
import type { FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

// A posted SOP form read with its format's schema through the app's one form pipeline
// (app/ui/form/parse.ts): the same in the browser and the action, "Add row" / "Remove row" included.

export { nameOfPath } from "#app/ui/form/parse.ts";

export function parseSopSubmission(payload: FormData | URLSearchParams, definition: FormatDefinition) {
  // The schema is built from data, so its static type is loose: the value is a record of the format.
  const submission = parseSubmission(payload, schemaFor(definition));
  return submission as Submission<SopData, string[]>;
}
