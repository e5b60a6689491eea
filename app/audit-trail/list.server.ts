import { sayLabel, sayValue } from "#app/audit/diff.ts";
import { entriesForPrint, entryPage } from "#app/audit/entries.server.ts";
import { authorsOf, describeEntries, type EntryRow } from "#app/audit/history.server.ts";
import type { AuditRowView } from "#app/audit-trail/line.tsx";
import { recordLinks } from "#app/audit-trail/links.server.ts";
import type { AuditFilters, AuditSort } from "#app/audit-trail/list.ts";
import {
  historyHref,
  recordTitle,
  recordTypeLabel,
  recordTypeOf,
  recordWords,
} from "#app/audit-trail/record-types.ts";
import { userChoices, userNames } from "#app/auth/queries.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { type Words as Say, wordsIn } from "#app/i18n/words.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";

// /audit's rows: the log's entries (app/audit/entries.server.ts: filtered, newest first, paged on
// the server) described for people, each with its record's name and a link while it exists.

/** One row of /audit: the entry described for people, with its record and a link while it exists. */
export type AuditRow = AuditRowView;

async function toRows(db: Tx, rows: readonly EntryRow[]): Promise<AuditRow[]> {
  const links = await recordLinks(db, rows);
  const authors = await authorsOf(rows, (ids) => userNames(db, ids));
  const people = await accountsNamed(db, rows);
  const described = describeEntries(rows, recordTypeOf, authors);
  return rows.map((row, index) => {
    const href = links.get(`${row.entity}:${row.entityId}`) ?? null;
    return {
      ...described[index],
      entity: row.entity,
      entityId: row.entityId,
      typeLabel: recordTypeLabel(row.entity),
      words: recordWords(row.entity, row.before, row.after),
      title: entryTitle(row, people),
      href,
      historyHref: historyHref(row.entity, href),
    };
  });
}

type Accounts = Awaited<ReturnType<typeof userNames>>;

/** A user change often holds only what changed (a role): name the account from the accounts. */
export function accountsNamed(
  db: Tx,
  rows: readonly { entity: string; entityId: string }[],
): Promise<Accounts> {
  return userNames(db, [...new Set(rows.filter((row) => row.entity === "user").map((row) => row.entityId))]);
}

/** The name of an entry's record: from what it holds, else (a user) the account's e-mail; or "". */
export function entryTitle(
  entry: { entity: string; entityId: string; before: unknown; after: unknown },
  accounts: Accounts,
): string {
  return (
    recordTitle(entry.entity, entry.before, entry.after) ||
    (entry.entity === "user" ? (accounts.get(entry.entityId)?.email ?? "") : "")
  );
}

/**
 * The rows with their fields' labels in a language: each record's labels are its feature's words
 * (its form's), which /audit's own catalogue does not hold; the page is sent them ready.
 */
export function rowsInLanguage<Row extends AuditRow>(rows: readonly Row[], code: string): Row[] {
  const translators = new Map<string, Say>();
  const sayFor = (words: readonly string[]) => {
    const key = words.join(",");
    let say = translators.get(key);
    if (!say) {
      // The audit log's own copy of other features' labels first; a feature's own words win.
      say = wordsIn(code, ["audit", "audit-trail", ...words]);
      translators.set(key, say);
    }
    return say;
  };
  return rows.map((row) => {
    const say = sayFor(row.words);
    return {
      ...row,
      changes: row.changes.map((change) => ({
        ...change,
        label: sayLabel(change.label, say),
        before: sayValue(change.before, say, change.worded),
        after: sayValue(change.after, say, change.worded),
      })),
    };
  });
}

/** A page of /audit. */
export async function listAuditEntries(
  db: Tx,
  params: ListParams<AuditSort>,
  filters: AuditFilters,
  timeZone: string,
) {
  const page = await entryPage(db, params, filters, timeZone);
  return { ...page, rows: await toRows(db, page.rows) };
}

/** The whole filtered list for the print view, capped one past PRINT_ROW_LIMIT (to say it was cut). */
export async function listAuditEntriesForPrint(
  db: Tx,
  params: ListParams<AuditSort>,
  filters: AuditFilters,
  timeZone: string,
): Promise<AuditRow[]> {
  return toRows(db, await entriesForPrint(db, params, filters, timeZone));
}

/** Everyone who may appear in the user filter, by name (e-mail when they have none). */
export const auditUserChoices = userChoices;
