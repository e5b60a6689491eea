import { inArray } from "drizzle-orm";
import { type AuditAction, BLANK } from "#app/audit/diff.ts";
import { authorName, changesOf } from "#app/audit/history.server.ts";
import { auditExportQuery } from "#app/audit/list.server.ts";
import { readAuditView } from "#app/audit/list.ts";
import { recordTitle, recordTypeLabel } from "#app/audit/record-types.ts";
import { users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { isRecordId } from "#app/db/records.server.ts";
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
  const query = auditExportQuery(db, params, filters, timeZone);
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
  // A user's entry often holds only what changed (a role): name the account as /audit does.
  const userIds = [
    ...new Set(
      batch
        .filter(([, , entity, entityId]) => entity === "user" && isRecordId(String(entityId)))
        .map(([, , , entityId]) => String(entityId)),
    ),
  ];
  const emails = new Map(
    userIds.length
      ? (
          await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))
        ).map((user) => [user.id, user.email])
      : [],
  );
  const rows: unknown[][] = [];
  for (const [at, action, entity, entityId, before, after, userId, userName, userEmail] of batch) {
    const kind = String(entity);
    const id = String(entityId);
    const title = recordTitle(kind, before, after) || (kind === "user" ? (emails.get(id) ?? "") : "") || id;
    const who = authorName({
      userId: userId as string | null,
      userName: userName as string | null,
      userEmail: userEmail as string | null,
    });
    const start = [at, who, VERB[action as AuditAction], recordTypeLabel(kind), title];
    const changes = changesOf(kind, action as AuditAction, before, after);
    if (changes.length === 0) rows.push([...start, null, null, null]);
    for (const change of changes)
      rows.push([...start, change.label, cell(change.before), cell(change.after)]);
  }
  return rows;
}
