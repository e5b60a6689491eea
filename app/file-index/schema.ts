import * as z from "zod/mini";
import {
  fieldText,
  fileNumberOf,
  MAX_FILE_NAME_LENGTH,
  messages,
  newFileProblems,
} from "#app/file-index/rules.ts";
import { singleLineCheck } from "#app/lib/text-checks.ts";

// One schema per form, the same in the browser and the action (app/ui/form/parse.ts), and for
// /api. Messages are the spec's wording.

const MAX_FILES_PER_REQUEST = 100;

/**
 * A new file: `{id, name}` from the insert row (strings) or the API (id sent as a number, the legacy app).
 * The checks are rules.ts's newFileProblems (one form-level message when either field is blank).
 */
export const newFileSchema = z.pipe(
  z.object({ id: z.optional(z.unknown()), name: z.optional(z.unknown()) }).check(
    z.superRefine((file, ctx) => {
      const problems = newFileProblems(file);
      for (const message of problems[""] ?? []) ctx.addIssue({ code: "custom", message, input: file });
      for (const field of ["id", "name"] as const) {
        for (const message of problems[field] ?? [])
          ctx.addIssue({ code: "custom", message, path: [field], input: file[field] });
      }
    }),
  ),
  z.transform((file) => ({ id: fileNumberOf(file.id)!, name: fieldText(file.name) })),
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
      singleLineCheck,
      z.trim(),
      z.minLength(1, messages.nameEmpty),
      z.maxLength(MAX_FILE_NAME_LENGTH, messages.nameTooLong),
    ),
  // The version the editor was read at (README difference 20); legacy API clients leave it out.
  version: z.optional(
    z.coerce
      .number({ error: "version must be a whole number." })
      .check(z.int("version must be a whole number."), z.minimum(1, "version must be a whole number.")),
  ),
});

export type FileUpdate = z.output<typeof fileUpdateSchema>;
