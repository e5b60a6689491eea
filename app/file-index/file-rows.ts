import { escapeHtml, type Marker } from "#app/ui/html.ts";
import { type Packed, packRows, unpackRows } from "#app/ui/packed-rows.ts";
import { fileHref } from "./hrefs.ts";
import type { Rack, RackFile, RackName } from "./rules.ts";

// The Admin Racks table rows (800 files at plant scale, architecture.md budgets): sent packed by
// the loader (app/ui/packed-rows.ts) and written as HTML text (app/ui/html-rows.tsx), the same on
// the server and in the browser. A row is two plain links; the forms behind them (the update
// dialog, the delete confirmation) exist once per page, not once per row.

const FIELDS = ["_id", "id", "name", "version"] as const satisfies readonly (keyof RackFile)[];

/** The racks as the loader sends them: each rack's files as one packed string. */
export type PackedRack = { name: RackName; files: string };

export const packRacks = (racks: readonly Rack[]): PackedRack[] =>
  racks.map((rack) => ({ name: rack.name, files: packRows(rack.files, FIELDS) }));

export const unpackRacks = (racks: readonly PackedRack[]): Rack[] =>
  racks.map((rack) => ({ name: rack.name, files: unpackRows(rack.files as Packed<RackFile>, FIELDS) }));

/**
 * One file's row: Sr. No, the name (marked by `markName`), Update (the Update File page, or the
 * dialog with JavaScript) and Delete (the confirmation page, or the dialog). Every text is escaped.
 */
export function fileRowHtml(rackName: RackName, file: RackFile, markNumber: Marker, markName: Marker) {
  const href = escapeHtml(fileHref(rackName, file._id));
  const name = escapeHtml(file.name);
  return (
    `<tr><td class="num">${markNumber(file.id)}</td><td>${markName(file.name)}</td>` +
    `<td><a href="${href}" class="button small" aria-label="Update ${name}">Update</a></td>` +
    `<td><a href="${href}/delete" class="button danger small" aria-label="Delete ${name}">Delete</a></td></tr>`
  );
}
