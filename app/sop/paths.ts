import type { FormatDefinition } from "./engine/types.ts";

// The URLs of a format's pages (spec §2 gives the blank form's; the rest are ours).
export const recordsPath = (definition: FormatDefinition) => `${definition.path}/records`;
export const recordPath = (definition: FormatDefinition, id: string) => `${recordsPath(definition)}/${id}`;

export const SAVED_MESSAGE = "Form saved successfully!";
export const UPDATED_MESSAGE = "Record updated successfully!";
export const DELETED_MESSAGE = "Record deleted successfully";
export const DELETE_QUESTION =
  "Are you sure you want to permanently delete this record? This action cannot be undone.";
export const NOT_SAVED_MESSAGE = "The form was not saved. Correct the fields marked in red and save again.";
