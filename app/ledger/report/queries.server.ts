import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { likePattern, PRINT_ROW_LIMIT } from "#app/db/list.server.ts";
import { departmentGroup } from "#app/ledger/report/labels.ts";
import {
  type ReportFigures,
  type ReportFilters,
  racksOfDepartment,
  reportedKinds,
} from "#app/ledger/report/view.ts";
import { type ListParams, offsetOf } from "#app/lib/list-params.ts";
import { DEPARTMENTS, type Department } from "#app/spares/rules.ts";
import { countedKind } from "#app/stock/journal.server.ts";
import { fromThousandths, toThousandths } from "#app/stock/rules.ts";

// The stock report (issue 17): per item, opening / receipts / issues / counts / closing over a
// period, with totals per rack (and per department for the spares lines): one statement for the
// groups' totals (and the charts' figures), one for the page's rows, both from one rule
// (itemMovements).
//
// The closing stock is the item's cached balance (the sum of ALL its movements, kept by
// app/stock/journal.server.ts in each movement's transaction) less what moved after the period;
// the opening is the closing less what moved in it. So only the movements from the period's first
// day on are read, not the whole history: a month of the plant-scale ledger is ~10,000 of its
// 230,000 rows. A reversal counts under the kind it reverses, on its own date (the reversed
// movement's date), as periodFigures does. Opening movements inside the period (an item put in
// during it) fold into the opening, so closing = opening + receipts − issues + counts.

export type ReportRow = ReportFigures & {
  type: "rack" | "spare";
  id: string;
  /** The row's group: 1–24 a rack, 101–103 a department's spares lines. */
  group: number;
  rackNumber: number | null;
  department: Department | null;
  /** A rack item's section (shelf); a spares line's asset. */
  place: string;
  /** A rack item's material; a spares line's component or equipment. */
  name: string;
  srno: number | null;
};

export type ReportGroupTotals = ReportFigures & { group: number; items: number };

export type ReportPage = {
  rows: ReportRow[];
  /** Totals of every group that has a row on this page, over the whole filtered group. */
  groups: ReportGroupTotals[];
  /** Totals over the whole filtered list. */
  totals: ReportFigures & { items: number };
  total: number;
  page: number;
  /** What the charts draw, when asked for (the page and its print view, not the API). */
  charts?: ReportChartFigures;
};

/** A report with nothing in it: what the page and its print view show when the report cannot be read. */
export const EMPTY_REPORT: ReportPage = {
  rows: [],
  groups: [],
  totals: { items: 0, opening: 0, receipts: 0, issues: 0, counts: 0, closing: 0 },
  total: 0,
  page: 1,
};

const departmentGroupSql = sql.raw(
  `case i.department ${DEPARTMENTS.map((department) => `when '${department}' then ${departmentGroup(department)}`).join(" ")} end`,
);

const FIGURES = ["opening", "receipts", "issues", "counts", "closing"] as const;

/** numeric → a number of at most 3 decimals, exactly as stored. */
const quantity = (value: unknown) => fromThousandths(toThousandths(Number(value ?? 0)));

/**
 * Each item's movements that its figures need, summed (`item_id`, `after`, `receipts`, `issues`,
 * `counts`): what moved after the period (the closing is the cached balance less it) and the
 * period's receipts, issues and counts. The ONE rule for the rows, the group totals and the
 * charts. An opening inside the period is not read: it folds into the opening (opening = closing −
 * receipts + issues − counts) and changes none of these sums, and a month with an import holds
 * thousands of them. The period's other movements come from their own index (drizzle/0015).
 * `where` narrows the movements (to the kinds of item listed, or to a page's items).
 */
function itemMovements(from: string, to: string, where: SQL): SQL {
  const columns = sql`stock_movements.rack_item_id, stock_movements.inventory_item_id,
    stock_movements.moved_on, stock_movements.quantity, ${countedKind} as counted_kind`;
  return sql`
    select coalesce(rack_item_id, inventory_item_id) as item_id,
      coalesce(sum(quantity) filter (where moved_on > ${to}), 0) as after,
      coalesce(sum(quantity) filter (where moved_on <= ${to} and counted_kind = 'receipt'), 0) as receipts,
      coalesce(-sum(quantity) filter (where moved_on <= ${to} and counted_kind = 'issue'), 0) as issues,
      coalesce(sum(quantity) filter (where moved_on <= ${to} and counted_kind = 'count'), 0) as counts
    from (
      select ${columns} from stock_movements where stock_movements.moved_on > ${to} and ${where}
      union all
      select ${columns} from stock_movements
      where stock_movements.moved_on >= ${from} and stock_movements.moved_on <= ${to}
        and stock_movements.kind <> 'opening' and ${where}
    ) moves
    group by 1`;
}

/** An item's five figures from its balance and its `moved` sums (mv, null when nothing moved). */
const FIGURE_COLUMNS = (balance: SQL) => sql`
  ${balance} - coalesce(mv.after, 0) as closing, coalesce(mv.receipts, 0) as receipts,
  coalesce(mv.issues, 0) as issues, coalesce(mv.counts, 0) as counts,
  ${balance} - coalesce(mv.after, 0) - coalesce(mv.receipts, 0) + coalesce(mv.issues, 0) - coalesce(mv.counts, 0)
    as opening`;

/**
 * Which items the report lists, per kind (rack items as r, spares lines as i): a condition, or
 * null when the kind is not listed at all.
 */
function itemFilters(q: string, filters: ReportFilters, maySeeSpares: boolean) {
  const pattern = q ? likePattern(q) : null;
  const kinds = reportedKinds(filters, maySeeSpares);
  const racks = filters.rack
    ? [filters.rack]
    : filters.department
      ? racksOfDepartment(filters.department)
      : null;
  return {
    racks: kinds.racks
      ? sql`true
        ${racks ? sql`and r.rack_number in ${racks}` : sql``}
        ${pattern ? sql`and (r.material_name || chr(31) || r.section || chr(31) || 'rack ' || r.rack_number::text) ilike ${pattern}` : sql``}`
      : null,
    spares: kinds.spares
      ? sql`true
        ${filters.department ? sql`and i.department = ${filters.department}` : sql``}
        ${pattern ? sql`and (i.components_and_equipments || chr(31) || i.assets || chr(31) || i.srno::text || chr(31) || i.department) ilike ${pattern}` : sql``}`
      : null,
  };
}

type ItemFilters = ReturnType<typeof itemFilters>;

/** Only the movements of the kinds of item listed (the rack items' alone: a third of the rows). */
function ofKinds(where: ItemFilters): SQL {
  if (where.racks && !where.spares) return sql`stock_movements.rack_item_id is not null`;
  if (where.spares && !where.racks) return sql`stock_movements.inventory_item_id is not null`;
  return sql`true`;
}

/** Each kind's columns in the report (rack items as r, spares lines as i), `balance` its cached stock. */
const ITEM_COLUMNS = {
  racks: sql`'rack'::text as type, r.id, r.rack_number::int as grp, r.rack_number::int as rack_number,
    null::text as department, r.section as place, r.material_name as name, null::int as srno,
    r.created_at as put_in, r.closing_stock as balance`,
  spares: sql`'spare'::text as type, i.id, ${departmentGroupSql} as grp, null::int as rack_number,
    i.department, i.assets as place, i.components_and_equipments as name, i.srno,
    i.created_at as put_in, i.available_stock as balance`,
};

/** The report's order: the racks page's, then each department's lines by serial number. */
const REPORT_ORDER = sql`order by grp, srno nulls first, put_in, id`;

/**
 * Every group's totals over the whole filtered report (and, with the charts, the items most used),
 * from ONE aggregate per group, never a pass over every item's figures: a group's closing is its
 * items' summed balances less what its items moved after the period, its receipts, issues and
 * counts its items' sums (itemMovements). Only the items that moved are looked up, each by its key
 * (the planner otherwise hashes every spares line to find a few thousand; docs/performance.md,
 * "Charts with the 100,000-line department"). Rows: part 'group' (grp, items and the figures) and
 * part 'top' (an item most used, most first).
 */
function totalsQuery(
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  withCharts: boolean,
): SQL | null {
  const where = itemFilters(q, filters, maySeeSpares);
  const balances: SQL[] = [];
  const lookups: SQL[] = [];
  if (where.racks) {
    balances.push(sql`select r.rack_number::int as grp, count(*) as items, sum(r.closing_stock) as balance
      from rack_items r where ${where.racks} group by 1`);
    lookups.push(sql`select 'rack'::text as type, r.rack_number::int as grp, r.material_name as name,
      r.section as place from rack_items r where r.id = mv.item_id and ${where.racks}`);
  }
  if (where.spares) {
    balances.push(sql`select ${departmentGroupSql} as grp, count(*) as items, sum(i.available_stock) as balance
      from inventory_items i where ${where.spares} group by i.department`);
    lookups.push(sql`select 'spare'::text as type, ${departmentGroupSql} as grp,
      i.components_and_equipments as name, i.assets as place
      from inventory_items i where i.id = mv.item_id and ${where.spares}`);
  }
  if (balances.length === 0) return null;
  const top = withCharts
    ? sql`union all
      select 'top', row_number() over (order by issues desc, name, item_id), grp, null, null, null,
        issues, null, null, type, item_id, name, place
      from (select * from moved_items where issues > 0 order by issues desc, name, item_id limit ${MOST_USED}) t`
    : sql``;
  return sql`
    with moved as materialized (${itemMovements(filters.from, filters.to, ofKinds(where))}),
    moved_items as materialized (
      select mv.*, it.type, it.grp, it.name, it.place from moved mv
      cross join lateral (${sql.join(lookups, sql` union all `)}) it
    ),
    balances as (${sql.join(balances, sql` union all `)}),
    moved_groups as (
      select grp, sum(after) as after, sum(receipts) as receipts, sum(issues) as issues, sum(counts) as counts
      from moved_items group by grp
    )
    select 'group' as part, b.grp as ord, b.grp, b.items,
      b.balance - coalesce(mg.after, 0) as closing, coalesce(mg.receipts, 0) as receipts,
      coalesce(mg.issues, 0) as issues, coalesce(mg.counts, 0) as counts,
      b.balance - coalesce(mg.after, 0) - coalesce(mg.receipts, 0) + coalesce(mg.issues, 0) - coalesce(mg.counts, 0)
        as opening,
      null::text as type, null::uuid as id, null::text as name, null::text as place
    from balances b left join moved_groups mg on mg.grp = b.grp
    ${top}
    order by part, ord`;
}

/**
 * One page of rows (or the print view's), limited early: each kind's items are read in the
 * report's order from their own index (a rack's items as put in; a department's lines by serial
 * number, the departments in the groups' order) and only as many as the page reaches, then only
 * those items' movements are summed.
 */
function rowsQuery(
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  page: { limit: number; offset: number },
): SQL | null {
  const where = itemFilters(q, filters, maySeeSpares);
  const reach = page.limit + page.offset;
  const parts: SQL[] = [];
  if (where.racks)
    parts.push(sql`(select ${ITEM_COLUMNS.racks} from rack_items r where ${where.racks}
      order by r.rack_number, r.created_at, r.id limit ${reach})`);
  // By department, then serial number: the groups' order (departmentGroup follows DEPARTMENTS,
  // which is alphabetical) on the department-and-serial index.
  if (where.spares)
    parts.push(sql`(select ${ITEM_COLUMNS.spares} from inventory_items i where ${where.spares}
      order by i.department, i.srno limit ${reach})`);
  if (parts.length === 0) return null;
  return sql`
    with page as (
      select * from (${sql.join(parts, sql` union all `)}) items
      ${REPORT_ORDER} limit ${page.limit} offset ${page.offset}
    ),
    moved as (${itemMovements(
      filters.from,
      filters.to,
      sql`(stock_movements.rack_item_id in (select id from page)
        or stock_movements.inventory_item_id in (select id from page))`,
    )})
    select page.type, page.id, page.grp, page.rack_number, page.department, page.place, page.name,
      page.srno, page.put_in, ${FIGURE_COLUMNS(sql`page.balance`)}
    from page left join moved mv on mv.item_id = page.id
    ${REPORT_ORDER}`;
}

/**
 * Every filtered item with its figures, in the report's order, unexecuted (app/spreadsheets/ streams it
 * through a cursor): rack number, department, serial number, section or asset, material or
 * component, then opening, receipts, issues, counts and closing as numerics. No totals: the
 * spreadsheet sums what it is given.
 */
export function reportExportQuery(q: string, filters: ReportFilters, maySeeSpares: boolean): SQL {
  const where = itemFilters(q, filters, maySeeSpares);
  const parts: SQL[] = [];
  if (where.racks) parts.push(sql`select ${ITEM_COLUMNS.racks} from rack_items r where ${where.racks}`);
  if (where.spares)
    parts.push(sql`select ${ITEM_COLUMNS.spares} from inventory_items i where ${where.spares}`);
  const items = parts.length
    ? sql.join(parts, sql` union all `)
    : sql`select null::text as type, null::uuid as id, null::int as grp, null::int as rack_number,
        null::text as department, null::text as place, null::text as name, null::int as srno,
        null::timestamptz as put_in, null::numeric as balance where false`;
  return sql`
    with moved as materialized (${itemMovements(filters.from, filters.to, ofKinds(where))}),
    items as (${items})
    select rack_number, department, srno, place, name, opening, receipts, issues, counts, closing
    from (
      select items.*, ${FIGURE_COLUMNS(sql`items.balance`)} from items left join moved mv on mv.item_id = items.id
    ) rows
    ${REPORT_ORDER}`;
}

type RawRow = Record<string, unknown>;

function toRow(raw: RawRow): ReportRow {
  return {
    type: raw.type as ReportRow["type"],
    id: String(raw.id),
    group: Number(raw.grp),
    rackNumber: raw.rack_number === null ? null : Number(raw.rack_number),
    department: (raw.department as Department | null) ?? null,
    place: String(raw.place ?? ""),
    name: String(raw.name ?? ""),
    srno: raw.srno === null ? null : Number(raw.srno),
    ...figuresOf(raw),
  };
}

function figuresOf(raw: RawRow): ReportFigures {
  const figures = {} as ReportFigures;
  for (const figure of FIGURES) figures[figure] = quantity(raw[figure]);
  return figures;
}

type Totals = { groups: ReportGroupTotals[]; charts: ReportChartFigures };

const NO_TOTALS: Totals = { groups: [], charts: { groups: [], mostUsed: [] } };

async function readTotals(
  db: Tx,
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  withCharts: boolean,
): Promise<Totals> {
  const query = totalsQuery(q, filters, maySeeSpares, withCharts);
  if (!query) return NO_TOTALS;
  const raws = await run(db, query);
  const groups = raws
    .filter((raw) => raw.part === "group")
    .map((raw) => ({ group: Number(raw.grp), items: Number(raw.items), ...figuresOf(raw) }));
  // The charts draw the groups' own totals: the same figures as the table's group rows.
  const mostUsed = raws
    .filter((raw) => raw.part === "top")
    .map((raw) => ({
      type: raw.type as "rack" | "spare",
      id: String(raw.id),
      group: Number(raw.grp),
      name: String(raw.name ?? ""),
      place: String(raw.place ?? ""),
      issues: quantity(raw.issues),
    }));
  return {
    groups,
    charts: {
      groups: groups.map(({ group, receipts, issues }) => ({ group, receipts, issues })),
      mostUsed,
    },
  };
}

/** The whole report's totals: its groups' summed (in thousandths, exactly). */
function totalsOf(groups: readonly ReportGroupTotals[]): ReportPage["totals"] {
  const sum = (pick: (group: ReportGroupTotals) => number) =>
    fromThousandths(groups.reduce((total, group) => total + toThousandths(pick(group)), 0));
  return {
    items: groups.reduce((total, group) => total + group.items, 0),
    opening: sum((group) => group.opening),
    receipts: sum((group) => group.receipts),
    issues: sum((group) => group.issues),
    counts: sum((group) => group.counts),
    closing: sum((group) => group.closing),
  };
}

function pageFrom(rows: RawRow[], totals: Totals, page: number, withCharts: boolean): ReportPage {
  const onPage = new Set(rows.map((raw) => Number(raw.grp)));
  const all = totalsOf(totals.groups);
  return {
    rows: rows.map(toRow),
    groups: totals.groups.filter((group) => onPage.has(group.group)),
    totals: all,
    total: all.items,
    page,
    ...(withCharts ? { charts: totals.charts } : {}),
  };
}

async function run(db: Tx, query: SQL): Promise<RawRow[]> {
  return (await db.execute(query)) as unknown as RawRow[];
}

async function readRows(
  db: Tx,
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  page: { limit: number; offset: number },
): Promise<RawRow[]> {
  const query = rowsQuery(q, filters, maySeeSpares, page);
  return query ? run(db, query) : [];
}

/**
 * One page of the report; a page past the end gives the last page (as every list does). The
 * totals and the page's rows are two statements, read side by side.
 */
export async function reportPage(
  db: Tx,
  params: Pick<ListParams, "q" | "page" | "size">,
  filters: ReportFilters,
  maySeeSpares: boolean,
  withCharts = false,
): Promise<ReportPage> {
  const read = (page: number) =>
    readRows(db, params.q, filters, maySeeSpares, {
      limit: params.size,
      offset: offsetOf(page, params.size),
    });
  const [totals, firstTry] = await Promise.all([
    readTotals(db, params.q, filters, maySeeSpares, withCharts),
    read(params.page),
  ]);
  let page = params.page;
  let rows = firstTry;
  const items = totals.groups.reduce((sum, group) => sum + group.items, 0);
  if (rows.length === 0 && page > 1) {
    page = Math.max(1, Math.ceil(items / params.size));
    rows = items ? await read(page) : [];
  }
  return pageFrom(rows, totals, page, withCharts);
}

/** The whole filtered report, for its print view (capped at PRINT_ROW_LIMIT + 1 to detect more). */
export async function reportForPrint(
  db: Tx,
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  withCharts = false,
): Promise<ReportPage> {
  const [totals, rows] = await Promise.all([
    readTotals(db, q, filters, maySeeSpares, withCharts),
    readRows(db, q, filters, maySeeSpares, { limit: PRINT_ROW_LIMIT + 1, offset: 0 }),
  ]);
  return pageFrom(rows, totals, 1, withCharts);
}

/** What the report's charts draw: receipts and issues per rack and department, and the items most used. */
export type ReportChartFigures = {
  /** Every group of the filtered report (not only the page's), in the report's order. */
  groups: { group: number; receipts: number; issues: number }[];
  /** The items that issued most in the period, most first (ties by name). */
  mostUsed: {
    type: "rack" | "spare";
    id: string;
    group: number;
    name: string;
    place: string;
    issues: number;
  }[];
};

/** How many of the items most used the report's chart names. */
export const MOST_USED = 10;
