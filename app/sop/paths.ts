import type { FormatDefinition } from "#app/sop/engine/types.ts";

// The URLs of a format's pages (the legacy app gives the blank form's; the rest are ours).
// They take only the format's path, so a page can send that alone instead of the whole definition.
type FormatPath = Pick<FormatDefinition, "path">;
export const recordsPath = (format: FormatPath) => `${format.path}/records`;
export const recordPath = (format: FormatPath, id: string) => `${recordsPath(format)}/${id}`;

export const SAVED_MESSAGE = "Form saved successfully!";
export const UPDATED_MESSAGE = "Record updated successfully!";
export const DELETED_MESSAGE = "Record deleted successfully";
export const DELETE_QUESTION =
  "Are you sure you want to permanently delete this record? This action cannot be undone.";
export const NOT_SAVED_MESSAGE = "The form was not saved. Correct the fields marked in red and save again.";
