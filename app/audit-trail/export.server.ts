import { type AuditAction, BLANK } from "#app/audit/diff.ts";
import { entriesExportQuery } from "#app/audit/entries.server.ts";
import { authorName, authorsOf, changesOf } from "#app/audit/history.server.ts";
import { accountsNamed, entryTitle } from "#app/audit-trail/list.server.ts";
import { readAuditView } from "#app/audit-trail/list.ts";
import { recordTypeLabel, recordTypeOf } from "#app/audit-trail/record-types.ts";
import { userNames } from "#app/auth/queries.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { cursorRows } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// The audit list's export (/audit, issue 18): every change the page's search and filters match,
// newest first as on the page, one row per changed field (a spreadsheet filters and sorts rows,
// not the page's nested field tables). A change with no field lines is one row with the field
// cells blank.

export const AUDIT_COLUMNS: ExportColumn[] = [
  { header: "When", type: "datetime" },
  { header: "Who", type: "text" },
  { header: "Change", type: "text" },
  { header: "Record type", type: "text" },
  { header: "Record", type: "text" },
  { header: "Field", type: "text" },
  { header: "Before", type: "text" },
  { header: "After", type: "text" },
];

const VERB: Record<AuditAction, string> = { create: "Created", update: "Changed", delete: "Deleted" };

/** A blank value is an empty cell, not the page's dash. */
const cell = (text: string) => (text === BLANK ? null : text);

export function auditExport(db: Tx, search: URLSearchParams, timeZone: string): ExportSpec {
  const { params, filters } = readAuditView(search);
  const query = entriesExportQuery(db, params, filters, timeZone);
  return {
    what: "audit-log",
    columns: AUDIT_COLUMNS,
    sheets: [
      {
        name: "Audit log",
        rows: async function* () {
          for await (const batch of cursorRows(query)) yield await auditRows(db, batch);
        },
      },
    ],
  };
}

/** A batch of entries (the query's columns, in order) as the export's rows. */
async function auditRows(db: Tx, batch: unknown[][]): Promise<unknown[][]> {
  const entries = batch.map(([, , entity, entityId, , , userId]) => ({
    entity: String(entity),
    entityId: String(entityId),
    userId: userId as string | null,
  }));
  // A user's entry often holds only what changed (a role): name the account as /audit does.
  const accounts = await accountsNamed(db, entries);
  const authors = await authorsOf(entries, (ids) => userNames(db, ids));
  const rows: unknown[][] = [];
  for (const [at, action, entity, entityId, before, after, userId] of batch) {
    const kind = String(entity);
    const id = String(entityId);
    const title = entryTitle({ entity: kind, entityId: id, before, after }, accounts) || id;
    const who = authorName(userId as string | null, authors);
    const start = [at, who, VERB[action as AuditAction], recordTypeLabel(kind), title];
    const changes = changesOf(recordTypeOf(kind), action as AuditAction, before, after);
    if (changes.length === 0) rows.push([...start, null, null, null]);
    for (const change of changes)
      rows.push([...start, change.label, cell(change.before), cell(change.after)]);
  }
  return rows;
}
