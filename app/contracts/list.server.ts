import { and, count, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { ContractRow, ContractSort, StatusFilter } from "#app/contracts/list.ts";
import { type ContractField, contractRecord } from "#app/contracts/record.ts";
import { contractState, statusBounds } from "#app/contracts/rules.ts";
import { statusIsSql, statusSql } from "#app/contracts/status.server.ts";
import { contracts as t } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import {
  type ListPage,
  matchSearch,
  orderBy,
  PRINT_ROW_LIMIT,
  pageOf,
  searchText,
  totalColumn,
} from "#app/db/list.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import { searchFields, sortHows } from "#app/lib/record.ts";

// /amc as a server-side list (docs/architecture.md "Lists"). No trigram index: a plant holds a
// few hundred contracts (plant-scale seed: 300), which PostgreSQL scans in well under a
// millisecond; the search can therefore match the dates as the table shows them (to_char is not
// immutable, so it could not sit in an index expression anyway).

const gbDate = (column: SQL) => sql`coalesce(to_char(${column}, 'DD/MM/YYYY'), '')`;

/** A field's cell text as the table shows it: a date as dd/mm/yyyy, an empty value as "". */
const cellSql = (name: ContractField) =>
  contractRecord.fields[name].kind === "date" ? gbDate(sql`${t[name]}`) : sql`coalesce(${t[name]}, '')`;

/** Every shown cell's text (the searched fields, record.ts); the validity's cell is "from to to". */
const SEARCH_TEXT = searchText(
  searchFields(contractRecord).map((name) =>
    name === "validityFrom"
      ? sql`${cellSql("validityFrom")} || ' to ' || ${cellSql("validityTo")}`
      : cellSql(name),
  ),
);

const SORT_COLUMNS = {
  entered: sql`${t.createdAt}`,
  ...Object.fromEntries(
    Object.entries(sortHows(contractRecord)).map(([name, how]) => [
      name,
      how === "text" ? sql`lower(${t[name as ContractField]})` : sql`${t[name as ContractField]}`,
    ]),
  ),
} as Record<ContractSort, SQL>;

const ROW = {
  id: t.id,
  ...(Object.fromEntries(contractRecord.names.map((name) => [name, t[name]])) as {
    [K in ContractField]: (typeof t)[K];
  }),
};

/** When the list is read: "now", the plant's zone and the due-soon window decide each status. */
export type StatusClock = { now: Date; timeZone: string; dueSoonDays: number };

/**
 * The status filter as SQL, on the very bounds the row's status is decided by (rules.ts
 * statusBounds, status.server.ts): the plant's "today" is worked out here in JavaScript, never the
 * database's zone.
 */
function statusCondition(status: StatusFilter | "", clock: StatusClock): SQL | undefined {
  if (!status) return undefined;
  return statusIsSql(status, statusBounds(clock.now, clock.timeZone, clock.dueSoonDays));
}

const whereOf = (q: string, status: StatusFilter | "", clock: StatusClock) =>
  and(matchSearch(SEARCH_TEXT, q), statusCondition(status, clock));

type Selected = { [K in keyof typeof ROW]: (typeof ROW)[K]["_"]["data"] | null };

function toRows(rows: readonly Selected[], clock: StatusClock): ContractRow[] {
  const bounds = statusBounds(clock.now, clock.timeZone, clock.dueSoonDays);
  return rows.map((row) => {
    const state = contractState(row, bounds);
    const values = Object.fromEntries(contractRecord.names.map((name) => [name, row[name] ?? ""]));
    return {
      id: row.id ?? "",
      ...(values as Record<ContractField, string>),
      status: state.status,
      reason: state.reason,
    };
  });
}

/** One page of /amc, searched, filtered by status and sorted. */
export async function listContractPage(
  db: Tx,
  params: ListParams<ContractSort>,
  status: StatusFilter | "",
  clock: StatusClock,
): Promise<ListPage<ContractRow>> {
  const page = await pageOf(params, (limit, offset) =>
    db
      .select({ ...ROW, total: totalColumn })
      .from(t)
      .where(whereOf(params.q, status, clock))
      .orderBy(...orderBy(SORT_COLUMNS, params, t.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, rows: toRows(page.rows, clock) };
}

/** The whole filtered list for the print view (PRINT_ROW_LIMIT + 1 rows at most, to tell "more"). */
export async function listContractsForPrint(
  db: Tx,
  params: Pick<ListParams<ContractSort>, "q" | "sort" | "dir">,
  status: StatusFilter | "",
  clock: StatusClock,
): Promise<ContractRow[]> {
  const rows = await db
    .select(ROW)
    .from(t)
    .where(whereOf(params.q, status, clock))
    .orderBy(...orderBy(SORT_COLUMNS, params, t.id))
    .limit(PRINT_ROW_LIMIT + 1);
  return toRows(rows, clock);
}

/** How many contracts are expired and due soon now (the summary above the table). */
export async function countContractStatuses(db: Tx, clock: StatusClock) {
  const status = statusSql(statusBounds(clock.now, clock.timeZone, clock.dueSoonDays));
  const [row] = await db
    .select({
      expired: count(sql`case when ${status} = 'expired' then 1 end`),
      dueSoon: count(sql`case when ${status} = 'dueSoon' then 1 end`),
    })
    .from(t);
  return { expired: row?.expired ?? 0, dueSoon: row?.dueSoon ?? 0 };
}

/** The filtered list with the columns an export selects, unexecuted (app/spreadsheets/ streams it). */
export function contractsExportQuery(
  db: Tx,
  select: SelectedFields,
  params: Pick<ListParams<ContractSort>, "q" | "sort" | "dir">,
  status: StatusFilter | "",
  clock: StatusClock,
) {
  return db
    .select(select)
    .from(t)
    .where(whereOf(params.q, status, clock))
    .orderBy(...orderBy(SORT_COLUMNS, params, t.id));
}
