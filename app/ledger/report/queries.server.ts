import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { likePattern, PRINT_ROW_LIMIT, pageRowsOf } from "#app/db/list.server.ts";
import { departmentGroup } from "#app/ledger/report/labels.ts";
import {
  type ReportFigures,
  type ReportFilters,
  racksOfDepartment,
  reportedKinds,
} from "#app/ledger/report/view.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import { DEPARTMENTS, type Department } from "#app/spares/rules.ts";
import { fromThousandths, toThousandths } from "#app/stock/rules.ts";

// The stock report (issue 17): per item, opening / receipts / issues / counts / closing over a
// period, with totals per rack (and per department for the spares lines), in ONE query.
//
// The closing stock is the item's cached balance (the sum of ALL its movements, kept by
// app/stock/journal.server.ts in each movement's transaction) less what moved after the period;
// the opening is the closing less what moved in it. So only the movements from the period's first
// day on are read (the moved_on index), not the whole history: a month of the plant-scale ledger
// is ~10,000 of its 230,000 rows. A reversal counts under the kind it reverses, on its own date
// (the reversed movement's date), as periodFigures does. Opening movements inside the period (an
// item put in during it) fold into the opening, so closing = opening + receipts − issues + counts.

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

const FIGURE_COLUMNS = (balance: SQL) => sql`
  ${balance} - coalesce(mv.after, 0) as closing, coalesce(mv.receipts, 0) as receipts,
  coalesce(mv.issues, 0) as issues, coalesce(mv.counts, 0) as counts`;

/**
 * The filtered items, each with its figures. Each kind joins the movements on its own table's id
 * (a join on a union's column has no statistics, and the planner chose a nested loop, many times
 * slower: docs/performance.md, "The stock ledger's queries").
 */
function itemsQuery(q: string, filters: ReportFilters, kinds: { racks: boolean; spares: boolean }): SQL {
  const pattern = q ? likePattern(q) : null;
  const parts: SQL[] = [];
  if (kinds.racks) {
    const racks = filters.rack
      ? [filters.rack]
      : filters.department
        ? racksOfDepartment(filters.department)
        : null;
    parts.push(sql`
      select 'rack'::text as type, r.id, r.rack_number::int as grp, r.rack_number::int as rack_number,
        null::text as department, r.section as place, r.material_name as name, null::int as srno,
        r.created_at as put_in, ${FIGURE_COLUMNS(sql`r.closing_stock`)}
      from rack_items r left join moved mv on mv.item_id = r.id
      where true
        ${racks ? sql`and r.rack_number in ${racks}` : sql``}
        ${pattern ? sql`and (r.material_name || chr(31) || r.section || chr(31) || 'rack ' || r.rack_number::text) ilike ${pattern}` : sql``}`);
  }
  if (kinds.spares) {
    parts.push(sql`
      select 'spare'::text as type, i.id, ${departmentGroupSql} as grp, null::int as rack_number,
        i.department, i.assets as place, i.components_and_equipments as name, i.srno,
        i.created_at as put_in, ${FIGURE_COLUMNS(sql`i.available_stock`)}
      from inventory_items i left join moved mv on mv.item_id = i.id
      where true
        ${filters.department ? sql`and i.department = ${filters.department}` : sql``}
        ${pattern ? sql`and (i.components_and_equipments || chr(31) || i.assets || chr(31) || i.srno::text || chr(31) || i.department) ilike ${pattern}` : sql``}`);
  }
  if (parts.length === 0)
    parts.push(
      sql`select null::text as type, null::uuid as id, null::int as grp, null::int as rack_number,
        null::text as department, null::text as place, null::text as name, null::int as srno,
        null::timestamptz as put_in, null::numeric as closing, null::numeric as receipts,
        null::numeric as issues, null::numeric as counts where false`,
    );
  return sql.join(parts, sql` union all `);
}

/** The report's rows (`rows`: each item with its five figures), as the CTEs a select reads from. */
function reportRows(q: string, filters: ReportFilters, maySeeSpares: boolean): SQL {
  const { from, to } = filters;
  const kinds = reportedKinds(filters, maySeeSpares);
  const kind = sql`coalesce(r.kind, m.kind)`;
  // Only the movements of the kinds of item listed (the rack items' alone: a third of the rows).
  const ofKinds =
    kinds.racks && !kinds.spares
      ? sql`and m.rack_item_id is not null`
      : kinds.spares && !kinds.racks
        ? sql`and m.inventory_item_id is not null`
        : sql``;
  return sql`
    with moved as materialized (
      select coalesce(m.rack_item_id, m.inventory_item_id) as item_id,
        coalesce(sum(m.quantity) filter (where m.moved_on > ${to}), 0) as after,
        coalesce(sum(m.quantity) filter (where m.moved_on <= ${to} and ${kind} = 'receipt'), 0) as receipts,
        coalesce(-sum(m.quantity) filter (where m.moved_on <= ${to} and ${kind} = 'issue'), 0) as issues,
        coalesce(sum(m.quantity) filter (where m.moved_on <= ${to} and ${kind} = 'count'), 0) as counts
      from stock_movements m
      left join stock_movements r on r.id = m.reverses_id
      where m.moved_on >= ${from} ${ofKinds}
      group by 1
    ),
    figures as (${itemsQuery(q, filters, kinds)}),
    rows as (
      select figures.*, closing - receipts + issues - counts as opening from figures
    )`;
}

/** The report's order: the racks page's, then each department's lines by serial number. */
const REPORT_WINDOW_ORDER = sql`order by grp, srno nulls first, put_in, id`;
const REPORT_ORDER = REPORT_WINDOW_ORDER;

function reportQuery(
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  page: { limit: number; offset: number },
  withCharts = false,
): SQL {
  // The charts' figures (issue 36) from the same rows in the same statement, on the page's first
  // row only: every group's receipts and issues, and the items that issued most.
  const charts = withCharts
    ? sql`case when row_number() over (${REPORT_WINDOW_ORDER}) = ${page.offset + 1} then
        (select json_agg(g order by g.grp) from (
          select grp, sum(receipts) as receipts, sum(issues) as issues from rows group by grp) g)
      end as chart_groups,
      case when row_number() over (${REPORT_WINDOW_ORDER}) = ${page.offset + 1} then
        (select json_agg(t) from (
          select type, id, grp, name, place, issues from rows where issues > 0
          order by issues desc, name, id limit ${MOST_USED}) t)
      end as chart_top,`
    : sql``;
  return sql`${reportRows(q, filters, maySeeSpares)}
    select ${charts} type, id, grp, rack_number, department, place, name, srno,
      opening, receipts, issues, counts, closing,
      count(*) over g as g_items,
      sum(opening) over g as g_opening, sum(receipts) over g as g_receipts, sum(issues) over g as g_issues,
      sum(counts) over g as g_counts, sum(closing) over g as g_closing,
      count(*) over () as total,
      sum(opening) over () as t_opening, sum(receipts) over () as t_receipts, sum(issues) over () as t_issues,
      sum(counts) over () as t_counts, sum(closing) over () as t_closing
    from rows
    window g as (partition by grp)
    ${REPORT_ORDER}
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * Every filtered item with its figures, in the report's order, unexecuted (app/spreadsheets/ streams it
 * through a cursor): rack number, department, serial number, section or asset, material or
 * component, then opening, receipts, issues, counts and closing as numerics. No totals: the
 * spreadsheet sums what it is given.
 */
export function reportExportQuery(q: string, filters: ReportFilters, maySeeSpares: boolean): SQL {
  return sql`${reportRows(q, filters, maySeeSpares)}
    select rack_number, department, srno, place, name, opening, receipts, issues, counts, closing
    from rows
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
    opening: quantity(raw.opening),
    receipts: quantity(raw.receipts),
    issues: quantity(raw.issues),
    counts: quantity(raw.counts),
    closing: quantity(raw.closing),
  };
}

function figuresOf(raw: RawRow, prefix: string): ReportFigures {
  const figures = {} as ReportFigures;
  for (const figure of FIGURES) figures[figure] = quantity(raw[`${prefix}${figure}`]);
  return figures;
}

const jsonOf = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as RawRow[] | null;

/** The charts' figures from the page's first row (see reportQuery). */
function chartsFrom(first: RawRow | undefined): ReportChartFigures {
  const groups = (jsonOf(first?.chart_groups) ?? []).map((raw) => ({
    group: Number(raw.grp),
    receipts: quantity(raw.receipts),
    issues: quantity(raw.issues),
  }));
  const mostUsed = (jsonOf(first?.chart_top) ?? []).map((raw) => ({
    type: raw.type as "rack" | "spare",
    id: String(raw.id),
    group: Number(raw.grp),
    name: String(raw.name ?? ""),
    place: String(raw.place ?? ""),
    issues: quantity(raw.issues),
  }));
  return { groups, mostUsed };
}

function pageFrom(rows: RawRow[], page: number, withCharts = false): ReportPage {
  const groups = new Map<number, ReportGroupTotals>();
  for (const raw of rows) {
    const group = Number(raw.grp);
    if (!groups.has(group)) groups.set(group, { group, items: Number(raw.g_items), ...figuresOf(raw, "g_") });
  }
  const first = rows[0];
  return {
    rows: rows.map(toRow),
    groups: [...groups.values()],
    totals: first
      ? { items: Number(first.total), ...figuresOf(first, "t_") }
      : { items: 0, opening: 0, receipts: 0, issues: 0, counts: 0, closing: 0 },
    total: first ? Number(first.total) : 0,
    page,
    ...(withCharts ? { charts: chartsFrom(first) } : {}),
  };
}

async function run(db: Tx, query: SQL): Promise<RawRow[]> {
  return (await db.execute(query)) as unknown as RawRow[];
}

/** One page of the report; a page past the end gives the last page (as every list does). */
export async function reportPage(
  db: Tx,
  params: Pick<ListParams, "q" | "page" | "size">,
  filters: ReportFilters,
  maySeeSpares: boolean,
  withCharts = false,
): Promise<ReportPage> {
  const { rows, page } = await pageRowsOf(params, (limit, offset) =>
    run(db, reportQuery(params.q, filters, maySeeSpares, { limit, offset }, withCharts)),
  );
  return pageFrom(rows, page, withCharts);
}

/** The whole filtered report, for its print view (capped at PRINT_ROW_LIMIT + 1 to detect more). */
export async function reportForPrint(
  db: Tx,
  q: string,
  filters: ReportFilters,
  maySeeSpares: boolean,
  withCharts = false,
): Promise<ReportPage> {
  return pageFrom(
    await run(
      db,
      reportQuery(q, filters, maySeeSpares, { limit: PRINT_ROW_LIMIT + 1, offset: 0 }, withCharts),
    ),
    1,
    withCharts,
  );
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
