import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Chart } from "#app/charts/chart.tsx";
import type { ReportCharts as ReportChartViews } from "#app/ledger/report/chart.server.ts";
import type { ReportGroupTotals, ReportRow } from "#app/ledger/report/queries.server.ts";
import type { ReportFigures } from "#app/ledger/report/view.ts";
import { formatQuantity } from "#app/stock/rules.ts";
import { HeadCells } from "#app/ui/list/page.tsx";

// Pieces the report page and its print view share.

/** Opening, receipts, issues, count differences (signed) and closing, as cells. */
export function Figures({ figures }: { figures: ReportFigures }) {
  return (
    <>
      <td className="num">{formatQuantity(figures.opening)}</td>
      <td className="num">{formatQuantity(figures.receipts)}</td>
      <td className="num">{formatQuantity(figures.issues)}</td>
      <td className="num">
        {figures.counts > 0 ? `+${formatQuantity(figures.counts)}` : formatQuantity(figures.counts)}
      </td>
      <td className="num">{formatQuantity(figures.closing)}</td>
    </>
  );
}

/** Each row, with its group's totals before the first row of a group (the page's and the print's). */
export function withGroupHeads<
  Row extends Pick<ReportRow, "group">,
  Group extends Pick<ReportGroupTotals, "group">,
>(rows: readonly Row[], groups: readonly Group[]) {
  const groupOf = new Map(groups.map((group) => [group.group, group]));
  return rows.map((row, index) => ({
    row,
    head: rows[index - 1]?.group === row.group ? undefined : groupOf.get(row.group),
  }));
}

/** Figures labelled across the item columns: a group's totals (a row group's head) or the grand total. */
export function TotalsRow({
  label,
  figures,
  group,
  children,
}: {
  label: ReactNode;
  figures: ReportFigures;
  /** A group's totals, heading its rows; else the grand total's row. */
  group?: boolean;
  /** Cells after the figures (the page's empty stock card column). */
  children?: ReactNode;
}) {
  return (
    <tr className={group ? "report-group" : undefined}>
      <th scope={group ? "rowgroup" : "row"} colSpan={2}>
        {label}
      </th>
      <Figures figures={figures} />
      {children}
    </tr>
  );
}

/** The figure columns' headers. */
export function FigureHeaders() {
  return <HeadCells labels={["Opening", "Receipts", "Issues", "Counts ±", "Closing"]} className="num" />;
}

/** The report's two pictures (issue 36): receipts against issues per group, and the items most used. */
export function ReportCharts({
  charts,
  idSuffix = "",
}: {
  charts: ReportChartViews | null;
  idSuffix?: string;
}) {
  const { _ } = useLingui();
  if (!charts) return null;
  return (
    <section className="report-charts" aria-label={_("Charts")}>
      <Chart
        id={`report-groups-chart${idSuffix}`}
        title={charts.groups.title}
        description={charts.groups.description}
        geometry={charts.groups.geometry}
      />
      <Chart
        id={`report-most-used-chart${idSuffix}`}
        title={charts.mostUsed.title}
        description={charts.mostUsed.description}
        geometry={charts.mostUsed.geometry}
      />
    </section>
  );
}
