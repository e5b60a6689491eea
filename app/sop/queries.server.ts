import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, audit } from "#app/audit/log.server.ts";
import { personJoin } from "#app/auth/people.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { likePattern, orderBy, PRINT_ROW_LIMIT, pageOf, totalColumn } from "#app/db/list.server.ts";
import { atVersion, isRecordId, nextVersion } from "#app/db/records.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import type { FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import {
  joinKeyValues,
  keyFieldJsonPath,
  keyValueText,
  recordDateOf,
  summaryOf,
} from "#app/sop/engine/values.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import type { RecordRange, RecordSort } from "#app/sop/list.ts";
import { sopRecords } from "#app/sop/table.server.ts";

// Data access for the SOP formats. `data` has already passed the format's schema; the record's date
// and summary are derived here from the definition, never taken from input.

export const PAGE_SIZE = 50;

/** The page asked for in an address (?page=): 1 when missing or not a number, at most 1,000,000. */
export const pageNumber = (value: string | null) =>
  Math.min(1_000_000, Math.max(1, Number.parseInt(value ?? "1", 10) || 1));
const ENTITY = "sop_record";

/** True for a string that can be a record id (anything else is simply "not found"). */
export { isRecordId };

export type SopRecord = {
  id: string;
  format: string;
  recordDate: string;
  data: SopData;
  summary: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** E-mails: who may change it is decided by them, and the API answers them. */
  createdBy: string | null;
  updatedBy: string | null;
  /** The names the pages show (the e-mail for an account without a name). */
  createdByName: string | null;
  updatedByName: string | null;
};

const creator = personJoin("creator");
const updater = personJoin("updater");

const recordColumns = {
  id: sopRecords.id,
  format: sopRecords.format,
  recordDate: sopRecords.recordDate,
  data: sopRecords.data,
  summary: sopRecords.summary,
  version: sopRecords.version,
  createdAt: sopRecords.createdAt,
  updatedAt: sopRecords.updatedAt,
  createdBy: creator.email,
  updatedBy: updater.email,
  createdByName: creator.shownName,
  updatedByName: updater.shownName,
};

/** Logs a change in the same transaction; the log keeps a record as its format and data. */
function auditRecord(
  tx: Tx,
  userId: string,
  action: AuditEntry["action"],
  definition: FormatDefinition,
  id: string,
  change: { before?: unknown; after?: unknown },
) {
  const stored = (data: unknown) => (data === undefined ? undefined : { format: definition.code, data });
  return audit(tx, {
    userId,
    action,
    entity: ENTITY,
    entityId: id,
    before: stored(change.before),
    after: stored(change.after),
  });
}

export async function createRecord(db: Tx, definition: FormatDefinition, data: SopData, userId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sopRecords)
      .values({
        format: definition.code,
        recordDate: recordDateOf(definition, data),
        data,
        summary: summaryOf(definition, data),
        createdBy: userId,
        updatedBy: userId,
      })
      .returning({ id: sopRecords.id, version: sopRecords.version });
    await auditRecord(tx, userId, "create", definition, row.id, { after: data });
    return row;
  });
}

export async function getRecord(db: Tx, definition: FormatDefinition, id: string): Promise<SopRecord | null> {
  if (!isRecordId(id)) return null;
  const [row] = await db
    .select(recordColumns)
    .from(sopRecords)
    .leftJoin(creator.table, creator.on(sopRecords.createdBy))
    .leftJoin(updater.table, updater.on(sopRecords.updatedBy))
    .where(and(eq(sopRecords.id, id), eq(sopRecords.format, definition.code)));
  return row ? { ...row, data: row.data as SopData } : null;
}

export type UpdateOutcome = Outcome<{ version: number }, "not-found" | "stale">;

/** Saves new data. With `version` (the one the user read), a record changed since is refused. */
export async function updateRecord(
  db: Tx,
  definition: FormatDefinition,
  id: string,
  data: SopData,
  userId: string,
  version?: number,
): Promise<UpdateOutcome> {
  if (!isRecordId(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ data: sopRecords.data, version: sopRecords.version })
      .from(sopRecords)
      .where(and(eq(sopRecords.id, id), eq(sopRecords.format, definition.code)))
      .for("update");
    if (!before) return { ok: false as const, reason: "not-found" as const };
    if (version !== undefined && version !== before.version)
      return { ok: false as const, reason: "stale" as const };
    const [row] = await tx
      .update(sopRecords)
      .set({
        recordDate: recordDateOf(definition, data),
        data,
        summary: summaryOf(definition, data),
        updatedBy: userId,
        updatedAt: new Date(),
        version: nextVersion(sopRecords),
      })
      .where(atVersion(sopRecords, id, before.version))
      .returning({ version: sopRecords.version });
    if (!row) return { ok: false as const, reason: "stale" as const };
    await auditRecord(tx, userId, "update", definition, id, { before: before.data, after: data });
    return { ok: true as const, version: row.version };
  });
}

export async function deleteRecord(db: Tx, definition: FormatDefinition, id: string, userId: string) {
  if (!isRecordId(id)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sopRecords)
      .where(and(eq(sopRecords.id, id), eq(sopRecords.format, definition.code)))
      .returning({ data: sopRecords.data });
    if (!row) return false;
    await auditRecord(tx, userId, "delete", definition, id, { before: row.data });
    return true;
  });
}

export type RecordFilter = { from?: string; to?: string; text?: string; page?: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The where clause and page number of a records list (the page and the API share them). */
function listFilter(definition: FormatDefinition, filter: RecordFilter) {
  const conditions: (SQL | undefined)[] = [eq(sopRecords.format, definition.code)];
  if (filter.from) conditions.push(gte(sopRecords.recordDate, filter.from));
  if (filter.to) conditions.push(lte(sopRecords.recordDate, filter.to));
  const text = filter.text?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(
      or(
        ilike(sopRecords.summary, pattern),
        sql`${sopRecords.data}::text ilike ${pattern}`,
        ilike(creator.email, pattern),
        ilike(creator.name, pattern),
      ),
    );
  }
  return { where: and(...conditions), page: Math.max(1, Math.floor(filter.page ?? 1)) };
}

async function countRecords(db: Tx, where: SQL | undefined) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(sopRecords)
    .leftJoin(creator.table, creator.on(sopRecords.createdBy))
    .where(where);
  return total;
}

/** A page of a format's records, newest first, filtered by date range and text. */
export async function listRecords(db: Tx, definition: FormatDefinition, filter: RecordFilter = {}) {
  const { where, page } = listFilter(definition, filter);
  const [rows, total] = await Promise.all([
    db
      .select(recordColumns)
      .from(sopRecords)
      .leftJoin(creator.table, creator.on(sopRecords.createdBy))
      .leftJoin(updater.table, updater.on(sopRecords.updatedBy))
      .where(where)
      .orderBy(desc(sopRecords.recordDate), desc(sopRecords.createdAt))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    countRecords(db, where),
  ]);
  return {
    records: rows.map((row) => ({ ...row, data: row.data as SopData })),
    total,
    page,
    pageSize: PAGE_SIZE,
  };
}

/** The search of a records list (?q=): what its rows show, and what the record holds. */
function recordSearch(q: string) {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(
    ilike(sopRecords.summary, pattern),
    sql`${sopRecords.data}::text ilike ${pattern}`,
    sql`to_char(${sopRecords.recordDate}, 'DD/MM/YYYY') ilike ${pattern}`,
    ilike(creator.email, pattern),
    ilike(creator.name, pattern),
  );
}

const RECORD_SORT_COLUMNS: Record<RecordSort, SQL> = {
  date: sql`${sopRecords.recordDate}`,
  savedBy: sql`lower(${creator.shownName})`,
  savedAt: sql`${sopRecords.createdAt}`,
};

/**
 * A format's records list (docs/architecture.md "Lists"): with, instead of each record's data,
 * only its key fields' values (picked by the database). A record's data runs to kilobytes, and
 * reading and decoding a page of them was most of the list's database time. No trigram index:
 * the search reads one format's records, and the data's text is not an indexable expression
 * worth its write cost at a plant's few thousand records a format.
 */
function recordKeysQuery(
  definition: FormatDefinition,
  params: Pick<ListParams<RecordSort>, "q" | "sort" | "dir">,
  range: RecordRange,
) {
  const keyValues = definition.keyFields.map(
    (field) => sql`jsonb_path_query_array(${sopRecords.data}, ${keyFieldJsonPath(field.path)}::jsonpath)`,
  );
  const where = and(
    eq(sopRecords.format, definition.code),
    range.from ? gte(sopRecords.recordDate, range.from) : undefined,
    range.to ? lte(sopRecords.recordDate, range.to) : undefined,
    recordSearch(params.q),
  );
  const columns = {
    id: sopRecords.id,
    recordDate: sopRecords.recordDate,
    createdAt: sopRecords.createdAt,
    createdBy: creator.email,
    savedBy: creator.shownName,
    keyValues: sql<unknown[][]>`jsonb_build_array(${sql.join(keyValues, sql`, `)})`,
  };
  const order = [
    ...orderBy(RECORD_SORT_COLUMNS, params, sopRecords.createdAt),
    params.dir === "desc" ? desc(sopRecords.id) : asc(sopRecords.id),
  ];
  return { columns, where, order };
}

type KeyRow = {
  id: string;
  recordDate: string;
  createdAt: Date;
  createdBy: string | null;
  savedBy: string | null;
  keyValues: unknown[][];
};
const withKeys = ({ keyValues: values, ...row }: KeyRow) => ({
  ...row,
  keys: values.map((found) => joinKeyValues(found.map(keyValueText))),
});

/** One page of a format's records, searched, within the date range, sorted. */
export async function listRecordPage(
  db: Tx,
  definition: FormatDefinition,
  params: ListParams<RecordSort>,
  range: RecordRange,
) {
  const { columns, where, order } = recordKeysQuery(definition, params, range);
  const page = await pageOf(params, (limit, offset) =>
    db
      .select({ ...columns, total: totalColumn })
      .from(sopRecords)
      .leftJoin(creator.table, creator.on(sopRecords.createdBy))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  return { ...page, rows: page.rows.map(withKeys) };
}

/**
 * The whole searched list for an export, unexecuted (app/spreadsheets/ streams it): the record's date,
 * its data (the export has a column for every field), who saved it and when (the plant's
 * wall-clock time, "YYYY-MM-DDTHH:MI").
 */
export function recordsExportQuery(
  db: Tx,
  definition: FormatDefinition,
  params: Pick<ListParams<RecordSort>, "q" | "sort" | "dir">,
  range: RecordRange,
  timeZone: string,
) {
  const { columns, where, order } = recordKeysQuery(definition, params, range);
  return db
    .select({
      recordDate: columns.recordDate,
      data: sopRecords.data,
      // Who saved it as the pages show it: their name, their e-mail while they have none.
      savedBy: columns.savedBy,
      savedAt: sql<string>`to_char(${sopRecords.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`,
    })
    .from(sopRecords)
    .leftJoin(creator.table, creator.on(sopRecords.createdBy))
    .where(where)
    .orderBy(...order);
}

/** The whole searched list for the print view (PRINT_ROW_LIMIT + 1 at most, to tell "more"). */
export async function listRecordsForPrint(
  db: Tx,
  definition: FormatDefinition,
  params: Pick<ListParams<RecordSort>, "q" | "sort" | "dir">,
  range: RecordRange,
) {
  const { columns, where, order } = recordKeysQuery(definition, params, range);
  const rows = await db
    .select(columns)
    .from(sopRecords)
    .leftJoin(creator.table, creator.on(sopRecords.createdBy))
    .where(where)
    .orderBy(...order)
    .limit(PRINT_ROW_LIMIT + 1);
  return rows.map(withKeys);
}

export type OutstandingReturn = {
  recordId: string;
  row: number;
  date: string;
  gatePassNo: string;
  descriptionOfItems: string;
  quantity: string;
  issuedTo: string;
  expectedDateOfReturn: string;
  overdue: boolean;
};

/**
 * AS15 entries whose material has not come back (no date of return), oldest expected first: the
 * first `limit` of them, and how many there are in all.
 */
export async function outstandingReturns(
  db: Tx,
  today: string,
  limit = 200,
): Promise<{ rows: OutstandingReturn[]; total: number; overdue: number }> {
  const rows = await db.execute<{
    record_id: string;
    row: number;
    entry: Record<string, unknown>;
    total: number;
    overdue: number;
  }>(sql`
    select r.id as record_id, e.ordinality::int as row, e.value as entry, count(*) over ()::int as total,
      (count(*) filter (where nullif(e.value->>'expectedDateOfReturn', '') < ${today}) over ())::int as overdue
    from ${sopRecords} r, jsonb_array_elements(r.data->'entries') with ordinality e
    where r.format = 'AS15' and coalesce(e.value->>'dateOfReturn', '') = ''
    order by nullif(e.value->>'expectedDateOfReturn', '') asc nulls last, r.record_date asc
    limit ${limit}
  `);
  const list = rows.map((row) => {
    const entry = row.entry;
    const text = (key: string) => String(entry[key] ?? "");
    const expected = text("expectedDateOfReturn");
    return {
      recordId: row.record_id,
      row: row.row,
      date: text("date"),
      gatePassNo: text("gatePassNo"),
      descriptionOfItems: text("descriptionOfItems"),
      quantity: text("quantity"),
      issuedTo: text("issuedTo"),
      expectedDateOfReturn: expected,
      overdue: expected !== "" && expected < today,
    };
  });
  return { rows: list, total: rows[0]?.total ?? 0, overdue: rows[0]?.overdue ?? 0 };
}

/** A record in the API's shape: the format's fields (legacy names for AS11) plus the record's own. */
export function toApiRecord(record: SopRecord) {
  return {
    _id: record.id,
    format: record.format,
    ...record.data,
    recordDate: record.recordDate,
    summary: record.summary,
    version: record.version,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    createdBy: record.createdBy,
    updatedBy: record.updatedBy,
  };
}

/** The pages of the SOP records of these ids that still exist, by id (where /audit links an entry). */
export async function recordHrefs(db: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: sopRecords.id, format: sopRecords.format })
    .from(sopRecords)
    .where(inArray(sopRecords.id, ids.filter(isRecordId)));
  const hrefs = new Map<string, string>();
  for (const row of rows) {
    const definition = findFormat(row.format);
    if (definition) hrefs.set(row.id, `${definition.path}/records/${row.id}`);
  }
  return hrefs;
}

/**
 * Is there a record of the format dated within [fromDate, toDate] whose time (plant wall clock,
 * "YYYY-MM-DDTHH:MI") is `from` on? Its time is its own `dateTime` field (Today: the last shift's
 * handing over, AS16) or when it was entered (last night's patrol, AS17).
 */
export async function hasRecordFrom(
  db: Tx,
  format: string,
  [fromDate, toDate]: readonly [string, string],
  from: string,
  time: { field: "dateTime" } | { enteredIn: string },
) {
  const at =
    "field" in time
      ? sql`${sopRecords.data}->>'dateTime'`
      : sql`to_char(${sopRecords.createdAt} at time zone ${time.enteredIn}, 'YYYY-MM-DD"T"HH24:MI')`;
  const rows = await db
    .select({ id: sopRecords.id })
    .from(sopRecords)
    .where(
      and(
        eq(sopRecords.format, format),
        sql`${sopRecords.recordDate} between ${fromDate} and ${toDate}`,
        sql`${at} >= ${from}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
