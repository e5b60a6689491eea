import { useLingui } from "@lingui/react";
import type { LinksFunction } from "@remix-run/node";
import { Chart } from "#app/charts/chart.tsx";
import chartsCss from "#app/charts/charts.css?url";
import type { StockCardCharts } from "#app/ledger/card-chart.server.ts";
import ledgerCss from "#app/stock/ledger.css?url";
import { formatQuantity } from "#app/stock/rules.ts";

/** The stock card's stylesheets (its table's and its charts'), for the card and its print view. */
export const cardLinks: LinksFunction = () => [
  { rel: "stylesheet", href: ledgerCss },
  { rel: "stylesheet", href: chartsCss },
];

// The stock card's two pictures (issue 36), drawn from what the loader worked out
// (app/ledger/card-chart.server.ts): the balance over the range, and the use per month with its
// figures in a table beside it. The screen card and its print view show the same.

export function StockCardChartsView({
  charts,
  forPrint = false,
}: {
  charts: StockCardCharts;
  forPrint?: boolean;
}) {
  const { _ } = useLingui();
  const { balance, use } = charts;
  const suffix = forPrint ? "-print" : "";
  return (
    <section className="stock-card-charts" aria-label={_("Charts")}>
      {balance ? (
        <Chart
          id={`balance-chart${suffix}`}
          title={balance.title}
          description={balance.description}
          geometry={balance.geometry}
        />
      ) : null}
      <Chart
        id={`use-chart${suffix}`}
        title={use.title}
        description={use.description}
        geometry={use.geometry}
      >
        <p>{use.summary}</p>
        <details className="chart-figures" open={forPrint}>
          <summary>{_("Use per month, as figures")}</summary>
          <table aria-label={use.title}>
            <thead>
              <tr>
                <th scope="col">{_("Month")}</th>
                <th scope="col" className="num">
                  {_("Issued")}
                </th>
              </tr>
            </thead>
            <tbody>
              {use.months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{`${_(month.label)} ${month.month.slice(0, 4)}`}</th>
                  <td className="num">{formatQuantity(month.issued)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Chart>
    </section>
  );
}
