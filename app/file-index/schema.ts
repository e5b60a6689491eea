import * as z from "zod/mini";
import { MAX_FILE_NAME_LENGTH, MAX_FILE_NUMBER, MIN_FILE_NUMBER, messages } from "./rules.ts";

// One schema per form, used by the browser (Conform) and the server (actions and /api) alike.
// Messages are the spec's wording (§5): a missing ID or name is 'Both fields are required.'.

const MAX_FILES_PER_REQUEST = 100;

/** A field's text: numbers count as their digits, anything else (null, objects) as missing. */
function asText(value: unknown) {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function fileNumber(value: unknown): number | null {
  const text = asText(value);
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return number >= MIN_FILE_NUMBER && number <= MAX_FILE_NUMBER ? number : null;
}

/**
 * A new file: `{id, name}` from the insert row (strings) or the API (id sent as a number, spec §5).
 * Both missing or blank → one form-level 'Both fields are required.'; then the number and the length.
 */
export const newFileSchema = z.pipe(
  z.object({ id: z.optional(z.unknown()), name: z.optional(z.unknown()) }).check(
    z.superRefine((file, ctx) => {
      if (!asText(file.id) || !asText(file.name)) {
        ctx.addIssue({ code: "custom", message: messages.bothRequired, input: file });
        return;
      }
      if (fileNumber(file.id) === null)
        ctx.addIssue({ code: "custom", message: messages.wholeNumber, path: ["id"], input: file.id });
      if (asText(file.name).length > MAX_FILE_NAME_LENGTH)
        ctx.addIssue({ code: "custom", message: messages.nameTooLong, path: ["name"], input: file.name });
    }),
  ),
  z.transform((file) => ({ id: fileNumber(file.id)!, name: asText(file.name) })),
);

export type NewFile = z.output<typeof newFileSchema>;

/** POST /api/racks/{rackName}: `{files: [{id, name}]}` (the legacy client sends one file). */
export const newFilesBodySchema = z.object({
  files: z
    .array(newFileSchema, { error: messages.bothRequired })
    .check(
      z.minLength(1, messages.bothRequired),
      z.maxLength(MAX_FILES_PER_REQUEST, `At most ${MAX_FILES_PER_REQUEST} files at a time.`),
    ),
});

/** Renaming a file (the Update File form and PUT /api/racks/{rackName}/{_id}). */
export const fileUpdateSchema = z.object({
  name: z
    .string({ error: messages.nameEmpty })
    .check(
      z.trim(),
      z.minLength(1, messages.nameEmpty),
      z.maxLength(MAX_FILE_NAME_LENGTH, messages.nameTooLong),
    ),
  // The version the editor was read at (behaviour note 20); legacy API clients leave it out.
  version: z.optional(
    z.coerce
      .number({ error: "version must be a whole number." })
      .check(z.int("version must be a whole number."), z.minimum(1, "version must be a whole number.")),
  ),
});

export type FileUpdate = z.output<typeof fileUpdateSchema>;
