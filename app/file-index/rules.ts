// The file index (the legacy app "Admin Racks", "Rack file"): two cupboards of four racks each.
// Pure rules shared by the browser and the server (loaders, actions, /api).

import { isRecordId } from "#app/lib/record-id.ts";
import { singleLine } from "#app/lib/text.ts";

export const CUPBOARDS = [
  { number: 1, label: "CupBoard 1", racks: ["Rack1A", "Rack1B", "Rack1C", "Rack1D"] },
  { number: 2, label: "CupBoard 2", racks: ["Rack2A", "Rack2B", "Rack2C", "Rack2D"] },
] as const;

export type Cupboard = (typeof CUPBOARDS)[number];
export type RackName = Cupboard["racks"][number];

export const RACK_NAMES: readonly RackName[] = CUPBOARDS.flatMap((cupboard) => cupboard.racks);

/** File numbers are whole numbers a person writes on a folder's spine. */
export const MIN_FILE_NUMBER = 1;
export const MAX_FILE_NUMBER = 999_999;
export const MAX_FILE_NAME_LENGTH = 200;

// The spec's exact wording, plus our own for what the spec never said.
export const messages = {
  bothRequired: "Both fields are required.",
  wholeNumber: `File ID must be a whole number from ${MIN_FILE_NUMBER} to ${MAX_FILE_NUMBER}.`,
  nameTooLong: `File name must be at most ${MAX_FILE_NAME_LENGTH} characters.`,
  nameEmpty: "File name cannot be empty.",
  invalidRackOrId: "Invalid rack name or file ID",
  fetchFailed: "Failed to fetch file data.",
  updateFailed: "Failed to update file.",
  updated: "File updated successfully",
  inserted: "File inserted successfully!",
  insertFailed: "Error inserting file",
  deleted: "File deleted successfully",
  deleteFailed: "Error deleting file",
  deleteQuestion: "Are you sure you want to delete this file?",
  racksFailed: "Error fetching rack data.",
  noFiles: "No files found",
  noMatches: "No files match this search.",
  rackNotFound: "Rack not found",
  fileNotFound: "File not found",
  fileGone: "The file no longer exists.",
  filesMissing: "Send files: a list with at least one file of {id, name}.",
} as const;

/** A duplicate number in a rack: the same physical slot cannot hold two files. */
export const duplicateMessage = (rackName: string, fileNumber: number) =>
  `File ID ${fileNumber} is already used in ${rackName}.`;

export function isRackName(value: unknown): value is RackName {
  return typeof value === "string" && (RACK_NAMES as readonly string[]).includes(value);
}

export function cupboardOf(rackName: RackName): Cupboard {
  return CUPBOARDS.find((cupboard) => (cupboard.racks as readonly string[]).includes(rackName))!;
}

/** The cupboard of a print address (/rackadmin/print/1), or null. */
export function findCupboard(value: unknown): Cupboard | null {
  return CUPBOARDS.find((cupboard) => String(cupboard.number) === String(value)) ?? null;
}

/** File ids (`_id`) are uuids; anything else can never match and must not reach the database. */
export const isFileId = isRecordId;

export type RackFile = { _id: string; id: number; name: string; version: number };
export type Rack = { name: RackName; files: RackFile[] };

/** Files in the order of their numbers (Sr. No shows the number the user gave). */
export function sortFiles<T extends { id: number }>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => a.id - b.id);
}

/** A rack as Admin Racks shows it: its files (the matches while searching), its count, its matches. */
/** A rack in the index: its count, and its files when they were sent (`loaded`). */
export type RackView<F> = { name: RackName; files: F[]; total: number; matches: number; loaded: boolean };

/** The cupboard to open for a search: the first that holds a match (only one may be open). */
export function cupboardToOpen(views: readonly { name: RackName; matches: number }[]): Cupboard | null {
  const hit = views.find((view) => view.matches > 0);
  return hit ? cupboardOf(hit.name) : null;
}

/** "3 files", "1 file". */
export function countFiles(count: number) {
  return `${count} ${count === 1 ? "file" : "files"}`;
}

// Input checks: schema.ts builds the forms' and the API's schemas on them.

/** A field's text: numbers count as their digits, anything else (null, objects) as missing. */
export function fieldText(value: unknown) {
  // A file's name is one line (app/lib/text.ts: a line break is folded to a space).
  if (typeof value === "string") return singleLine(value).trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** The file number a field holds, or null when it is not a whole number in range. */
export function fileNumberOf(value: unknown): number | null {
  const text = fieldText(value);
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return number >= MIN_FILE_NUMBER && number <= MAX_FILE_NUMBER ? number : null;
}

/** Messages by field; "" holds the form's own (Conform's convention, which the server answers in). */
export type FieldProblems = Partial<Record<"" | "id" | "name", string[]>>;

/**
 * A new file's problems (the legacy app): either field missing or blank → one form-level 'Both fields are
 * required.'; otherwise the number, then the name's length. Empty when the file can be saved.
 */
export function newFileProblems(file: { id?: unknown; name?: unknown }): FieldProblems {
  if (!fieldText(file.id) || !fieldText(file.name)) return { "": [messages.bothRequired] };
  const problems: FieldProblems = {};
  if (fileNumberOf(file.id) === null) problems.id = [messages.wholeNumber];
  if (fieldText(file.name).length > MAX_FILE_NAME_LENGTH) problems.name = [messages.nameTooLong];
  return problems;
}
