import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { can } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import chartsCss from "#app/charts/charts.css?url";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { type ReportCharts as ReportChartViews, reportChartViews } from "#app/ledger/report/chart.server.ts";
import { FigureHeaders, Figures, ReportCharts } from "#app/ledger/report/components.tsx";
import { groupLabel } from "#app/ledger/report/labels.ts";
import { type ReportPage, reportForPrint } from "#app/ledger/report/queries.server.ts";
import reportCss from "#app/ledger/report/report.css?url";
import { appliedReportFilters, readReportView } from "#app/ledger/report/view.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { HeadCells } from "#app/ui/list/page.tsx";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";

// /stock/report/print?…: the whole filtered stock report on paper, with each group's totals and
// the grand total; the header names the period, the filters and when it was printed. Sent
// without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
export const meta: MetaFunction = () => [{ title: "Stock report (print) · PlantOps" }];
export const links = () => [
  { rel: "stylesheet", href: reportCss },
  { rel: "stylesheet", href: chartsCss },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks");
  const url = new URL(request.url);
  const today = plantToday();
  const { params, filters } = readReportView(url.searchParams, today);
  let report: ReportPage = {
    rows: [],
    groups: [],
    totals: { items: 0, opening: 0, receipts: 0, issues: 0, counts: 0, closing: 0 },
    total: 0,
    page: 1,
  };
  let charts: ReportChartViews | null = null;
  try {
    const { charts: figures, ...page } = await reportForPrint(
      db,
      params.q,
      filters,
      can(user.role, "spares", "read"),
      true,
    );
    report = page;
    charts = figures ? reportChartViews(figures, filters) : null;
  } catch (error) {
    logError(request, error);
  }
  return {
    ...report,
    ...listPrint(report.rows, appliedReportFilters(params.q, filters), "/stock/report", url.searchParams),
    charts,
  };
}

export default function StockReportPrint() {
  const list = useLoaderData<typeof loader>();
  const { rows, groups, totals, charts } = list;
  const groupOf = new Map(groups.map((group) => [group.group, group]));
  return (
    <PrintList title="Stock report" list={list}>
      <ReportCharts charts={charts} idSuffix="-print" />
      <table className="report-table">
        <thead>
          <tr>
            <HeadCells labels={["Item", "Section / line"]} />
            <FigureHeaders />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const group = groupOf.get(row.group);
            return (
              <Fragment key={row.id}>
                {group && rows[index - 1]?.group !== row.group ? (
                  <tr className="report-group">
                    <th scope="rowgroup" colSpan={2}>
                      {groupLabel(row.group)} ({group.items} {group.items === 1 ? "item" : "items"}, totals)
                    </th>
                    <Figures figures={group} />
                  </tr>
                ) : null}
                <tr>
                  <td>{row.name}</td>
                  <td>{row.srno === null ? row.place : `${row.srno} · ${row.place}`}</td>
                  <Figures figures={row} />
                </tr>
              </Fragment>
            );
          })}
        </tbody>
        {rows.length > 0 ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                All {totals.items} {totals.items === 1 ? "item" : "items"}
              </th>
              <Figures figures={totals} />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </PrintList>
  );
}
