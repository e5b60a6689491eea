import { escapeHtml, type Marker } from "#app/ui/html.ts";
import { type Packed, packRows, unpackRows } from "#app/ui/packed-rows.ts";

// The rows of a format's records list (/{format}/records) as its loader sends them, packed
// (app/ui/packed-rows.ts), and as the page writes them, as HTML text (app/ui/html-rows.tsx): a page
// holds 50 records and, on AS15, up to 200 entries of material not yet returned, and rendering
// those as React elements was most of the page's server time (architecture.md budgets: p95 < 1 s
// under 20 users). Pure, so the server and the browser write the very same text. Every text goes
// through escapeHtml or the search marker: what users typed shows as text, never as markup.

/** A saved record as the list shows it: dates already in the plant's format, key fields as text. */
export type RecordRow = { id: string; date: string; keys: string[]; savedBy: string; savedAt: string };

/** An AS15 entry whose material has not come back. */
export type ReturnRow = {
  recordId: string;
  date: string;
  gatePassNo: string;
  descriptionOfItems: string;
  quantity: string;
  issuedTo: string;
  expected: string;
  overdue: boolean;
};

const RECORD_FIELDS = [
  "id",
  "date",
  "keys",
  "savedBy",
  "savedAt",
] as const satisfies readonly (keyof RecordRow)[];
const RETURN_FIELDS = [
  "recordId",
  "date",
  "gatePassNo",
  "descriptionOfItems",
  "quantity",
  "issuedTo",
  "expected",
  "overdue",
] as const satisfies readonly (keyof ReturnRow)[];

export const packRecordRows = (rows: RecordRow[]) => packRows(rows, RECORD_FIELDS);
export const unpackRecordRows = (packed: string) => unpackRows(packed as Packed<RecordRow>, RECORD_FIELDS);
export const packReturnRows = (rows: ReturnRow[]) => packRows(rows, RETURN_FIELDS);
export const unpackReturnRows = (packed: string) => unpackRows(packed as Packed<ReturnRow>, RETURN_FIELDS);

/** How the row's links name the record for a screen reader: "record of 02/01/2025 KA-01-AB-1234". */
export const recordNameOf = (row: RecordRow) =>
  `record of ${row.date}${row.keys[0] ? ` ${row.keys[0]}` : ""}`;

/**
 * One saved record: its date (opens it), the format's key fields, who saved it and when, and
 * Open / Edit / Delete. Delete is a link to the confirmation page; with JavaScript the page's one
 * dialog takes it over (useRowLinks).
 */
export function recordRowHtml(row: RecordRow, recordsBase: string, mark: Marker) {
  const here = escapeHtml(`${recordsBase}/${row.id}`);
  const name = escapeHtml(recordNameOf(row));
  let html = `<tr><td><a href="${here}" aria-label="Open ${name}">${escapeHtml(row.date)}</a></td>`;
  for (const key of row.keys) html += `<td>${mark(key)}</td>`;
  return (
    `${html}<td>${mark(row.savedBy)}</td><td>${escapeHtml(row.savedAt)}</td>` +
    `<td class="no-print"><div class="actions row-actions">` +
    `<a class="button small" href="${here}">Open</a>` +
    `<a class="button small" href="${here}/edit" aria-label="Edit ${name}">Edit</a>` +
    `<a class="button danger small" href="${here}/delete" aria-label="Delete ${name}">Delete</a>` +
    `</div></td></tr>`
  );
}

/** One entry of material not yet returned; an overdue one is marked in words, not only in red. */
export function returnRowHtml(row: ReturnRow, recordsBase: string, mark: Marker) {
  const overdue = row.overdue ? ' class="overdue"' : "";
  return (
    `<tr${row.overdue ? ' class="overdue-row"' : ""}>` +
    `<td><a href="${escapeHtml(`${recordsBase}/${row.recordId}`)}">${escapeHtml(row.date)}</a></td>` +
    `<td>${mark(row.gatePassNo)}</td><td>${mark(row.descriptionOfItems)}</td>` +
    `<td>${escapeHtml(row.quantity)}</td><td>${mark(row.issuedTo)}</td><td>${escapeHtml(row.expected)}</td>` +
    `<td${overdue}>${row.overdue ? "Overdue" : "Out"}</td></tr>`
  );
}
