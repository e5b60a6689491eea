import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { can } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import chartsCss from "#app/charts/charts.css?url";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
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
import { EMPTY_REPORT, reportForPrint } from "#app/ledger/report/queries.server.ts";
import reportCss from "#app/ledger/report/report.css?url";
import { appliedReportFilters, readReportView } from "#app/ledger/report/view.ts";
import { sayFor } from "#app/ledger/words.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { HeadCells } from "#app/ui/list/page.tsx";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

// /stock/report/print?…: the whole filtered stock report on paper, with each group's totals and
// the grand total; the header names the period, the filters and when it was printed. Sent
// without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
export const meta = pageTitle("Stock report (print)");
export const links = stylesheet(reportCss, chartsCss);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks");
  const url = new URL(request.url);
  const today = plantToday();
  const { params, filters } = readReportView(url.searchParams, today);
  let report = EMPTY_REPORT;
  let charts: ReportChartViews | null = null;
  try {
    const maySeeSpares = can(user.role, "spares", "read");
    ({ report, charts } = withChartViews(
      await reportForPrint(db, params.q, filters, maySeeSpares, true),
      filters,
      await sayFor(request, user),
    ));
  } catch (error) {
    logError(request, error);
  }
  return {
    ...report,
    // The filters as the header names them; the page words them again in its language.
    ...listPrint(report.rows, appliedReportFilters(params.q, filters), "/stock/report", url.searchParams),
    q: params.q,
    shown: filters,
    charts,
  };
}

export default function StockReportPrint() {
  const list = useLoaderData<typeof loader>();
  const { rows, groups, totals, charts, q, shown } = list;
  const { _ } = useLingui();
  return (
    <PrintList title="Stock report" list={{ ...list, filters: appliedReportFilters(q, shown, _) }}>
      <ReportCharts charts={charts} idSuffix="-print" />
      <table className="report-table">
        <thead>
          <tr>
            <HeadCells labels={["Item", "Section / line"]} />
            <FigureHeaders />
          </tr>
        </thead>
        <tbody>
          {withGroupHeads(rows, groups).map(({ row, head: group }) => (
            <Fragment key={row.id}>
              {group ? (
                <TotalsRow
                  group
                  figures={group}
                  label={`${_(groupLabel(row.group))} ${_("({count, plural, one {# item} other {# items}}, totals)", { count: group.items })}`}
                />
              ) : null}
              <tr>
                <td translate="no">{row.name}</td>
                <td translate="no">{row.srno === null ? row.place : `${row.srno} · ${row.place}`}</td>
                <Figures figures={row} />
              </tr>
            </Fragment>
          ))}
        </tbody>
        {rows.length > 0 ? (
          <tfoot>
            <TotalsRow
              figures={totals}
              label={_("All {count, plural, one {# item} other {# items}}", { count: totals.items })}
            />
          </tfoot>
        ) : null}
      </table>
    </PrintList>
  );
}
