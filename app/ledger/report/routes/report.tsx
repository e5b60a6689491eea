import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { withListSize } from "#app/auth/list-size.server.ts";
import { can } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import chartsCss from "#app/charts/charts.css?url";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { type ReportCharts as ReportChartViews, withChartViews } from "#app/ledger/report/chart.server.ts";
import {
  FigureHeaders,
  Figures,
  ReportCharts,
  TotalsRow,
  withGroupHeads,
} from "#app/ledger/report/components.tsx";
import { groupLabel } from "#app/ledger/report/labels.ts";
import { EMPTY_REPORT, reportPage } from "#app/ledger/report/queries.server.ts";
import reportCss from "#app/ledger/report/report.css?url";
import {
  monthOfDate,
  periodMonth,
  REPORT_ITEMS,
  REPORT_ITEMS_LABELS,
  REPORT_LIST_DEFAULTS,
  readReportView,
  shiftMonth,
} from "#app/ledger/report/view.ts";
import { sayFor } from "#app/ledger/words.server.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { listHref } from "#app/lib/list-params.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { DEPARTMENTS } from "#app/spares/rules.ts";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { stockCardPath } from "#app/stock/item.ts";
import { RACKS, rackLabel } from "#app/store-racks/rules.ts";
import { FormError } from "#app/ui/form.tsx";
import { DateRangeFields, FilterSelect, labelled } from "#app/ui/list/filters.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import { ListToolbar, listViewOf, PrintLink } from "#app/ui/list/list-view.tsx";
import { Marked } from "#app/ui/list/marked.tsx";
import { EmptyRow, HeadCells, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

// /stock/report (issue 17): per item, the opening stock, receipts, issues, stock-count differences
// and closing stock over a period (the plant's current month by default), with totals per rack
// and per department, in the racks page's order. A server-side list (docs/architecture.md
// "Lists"): the address holds the period, filters, search and page; the loader sends one page.

export const meta = pageTitle("Stock report");
export const links = stylesheet(reportCss, chartsCss);
export const handle = listHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks");
  const today = plantToday();
  const search = await withListSize(db, user, "stock-report", new URL(request.url).searchParams);
  const { params, filters, problems } = readReportView(search, today);
  // The spares lines are the spares area's: a role that may not open those sees the racks alone.
  const maySeeSpares = can(user.role, "spares", "read");
  let report = EMPTY_REPORT;
  let charts: ReportChartViews | null = null;
  try {
    // The charts' figures come with the page's rows, over the whole filtered report.
    ({ report, charts } = withChartViews(
      await reportPage(db, params, filters, maySeeSpares, true),
      filters,
      await sayFor(request, user),
    ));
  } catch (error) {
    logError(request, error);
  }
  const view = listViewOf("Stock report", params, report, REPORT_LIST_DEFAULTS);
  return {
    ...report,
    view,
    filters,
    problems: problems.map((problem) => problem.message),
    maySeeSpares,
    today,
    charts,
  };
}

export default function StockReportPage() {
  const { rows, groups, totals, view, filters, problems, maySeeSpares, today, charts } =
    useLoaderData<typeof loader>();
  const search = useLocation().search;
  const month = periodMonth(filters);
  // Month links keep the filters and search, and replace the period.
  const monthHref = (first: string) =>
    listHref(search, { month: monthOfDate(first), from: null, to: null }, view.defaults);
  const filtered = Boolean(filters.items || filters.rack || filters.department);
  const { _ } = useLingui();
  return (
    <section className="page stock-report">
      <ListHead title={_("Stock report")}>
        <PrintLink to="/stock/report/print" name="the stock report" />
        <ExportLinks to="/stock/report/export" name="the stock report" />
      </ListHead>
      <p className="report-period">
        <strong>
          {_("{from} to {to}", { from: formatDateGB(filters.from), to: formatDateGB(filters.to) })}
        </strong>{" "}
        <span className="muted">
          {_("(opening stock at the start of {date})", { date: formatDateGB(filters.from) })}
        </span>
      </p>
      <nav className="report-months" aria-label={_("Report period")}>
        <Link className="button small" to={monthHref(shiftMonth(filters.from, -1))}>
          {_("Previous month")}
        </Link>
        {month === monthOfDate(today) ? null : (
          <Link className="button small" to={monthHref(today)}>
            {_("This month")}
          </Link>
        )}
        <Link className="button small" to={monthHref(shiftMonth(filters.from, 1))}>
          {_("Next month")}
        </Link>
      </nav>
      <ListToolbar view={view}>
        <DateRangeFields idPrefix="report" from={filters.from} to={filters.to} />
        {maySeeSpares ? (
          <FilterSelect
            id="report-items"
            name="items"
            label="Items"
            value={filters.items}
            all="Rack items and spares lines"
            options={labelled(REPORT_ITEMS, REPORT_ITEMS_LABELS)}
          />
        ) : null}
        <FilterSelect
          id="report-rack"
          name="rack"
          label="Rack"
          value={String(filters.rack ?? "")}
          all="All racks"
          options={RACKS.map(({ number }) => ({ value: number, label: rackLabel(number) }))}
        />
        <FilterSelect
          id="report-department"
          name="department"
          label="Department"
          value={filters.department}
          all="All departments"
          options={DEPARTMENTS.map((department) => ({ value: department, label: department }))}
        />
      </ListToolbar>
      <FormError errors={problems} />
      <ReportCharts charts={charts} />
      <ListTable view={view} noun={["item", "items"]} filtered={filtered} className="report-table">
        <thead>
          <tr>
            <HeadCells labels={["Item", "Section / line"]} />
            <FigureHeaders />
            <th scope="col">{_("Stock card")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={8}>{_(view.q || filtered ? "No items match." : "No items yet.")}</EmptyRow>
          ) : (
            withGroupHeads(rows, groups).map(({ row, head: group }) => (
              <Fragment key={row.id}>
                {group ? (
                  <TotalsRow
                    group
                    figures={group}
                    label={
                      <>
                        {_(groupLabel(row.group))}{" "}
                        <span className="muted">
                          {_("({count, plural, one {# item} other {# items}}, totals)", {
                            count: group.items,
                          })}
                        </span>
                      </>
                    }
                  >
                    <td />
                  </TotalsRow>
                ) : null}
                <tr>
                  <th scope="row" translate="no">
                    <Marked text={row.name} q={view.q} />
                  </th>
                  <td translate="no">
                    <Marked text={row.srno === null ? row.place : `${row.srno} · ${row.place}`} q={view.q} />
                  </td>
                  <Figures figures={row} />
                  <td>
                    <Link
                      to={stockCardPath({ type: row.type, id: row.id })}
                      aria-label={_("Stock card of {name}", { name: row.name })}
                    >
                      {_("Card")}
                    </Link>
                  </td>
                </tr>
              </Fragment>
            ))
          )}
        </tbody>
        {rows.length > 0 ? (
          <tfoot>
            <TotalsRow
              figures={totals}
              label={_("All {count, plural, one {# item} other {# items}} listed", { count: totals.items })}
            >
              <td />
            </TotalsRow>
          </tfoot>
        ) : null}
      </ListTable>
    </section>
  );
}
