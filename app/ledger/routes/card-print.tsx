import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { printedAtNow } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { requireStockItemPage } from "#app/ledger/access.server.ts";
import { stockCardCharts } from "#app/ledger/card-chart.server.ts";
import { cardLinks, StockCardChartsView } from "#app/ledger/card-charts.tsx";
import { CardBalanceRow, CardHead, CardTableRows } from "#app/ledger/card-rows.tsx";
import { stockCard } from "#app/ledger/movements.server.ts";
import { sayFor } from "#app/ledger/words.server.ts";
import { Place } from "#app/ledger/words.tsx";
import { formatDateGB } from "#app/lib/dates.ts";
import { stockCardPath } from "#app/stock/item.ts";
import { formatQuantity, readDateRange } from "#app/stock/rules.ts";
import { PrintSheet, printHandle } from "#app/ui/list/print.tsx";
import { pageTitleOf } from "#app/ui/page-head.ts";
import { around, SLOT, Typed } from "#app/ui/typed.tsx";

// /stock/:type/:id/print?from=&to=: the stock card on A4 portrait, sent without JavaScript: the
// item and where it is kept, the screen card's columns (date, kind, reference, received from /
// issued to, received, issued, balance, remark, entered by), and a line for the storekeeper's and
// the checker's signatures.

export const handle = printHandle;
export const meta = pageTitleOf<{ item: { name: string } }>(({ item }, _) =>
  _("Stock card: {name} (print)", { name: item.name }),
);
export const links = cardLinks;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, item } = await requireStockItemPage(request, params);
  const url = new URL(request.url);
  const card = await stockCard(db, item.ref, readDateRange(url.searchParams));
  return {
    item: { ref: item.ref, name: item.name, place: item.place },
    card,
    charts: await stockCardCharts(db, item, card, plantToday(), await sayFor(request, user)),
    printedAt: printedAtNow(),
    backHref: `${stockCardPath(item.ref)}${url.search}`,
  };
}

export default function StockCardPrint() {
  const { item, card, charts, printedAt, backHref } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const range =
    card.from || card.to
      ? _("{from} to {to}", {
          from: card.from ? formatDateGB(card.from) : _("the first movement"),
          to: card.to ? formatDateGB(card.to) : _("today"),
        })
      : _("All dates");
  return (
    <PrintSheet
      className="print-list stock-card-print"
      titleId="stock-card-title"
      orientation="portrait"
      what="stock card"
      backHref={backHref}
      backLabel="Back to the stock card"
    >
      <header className="print-list-head">
        <h1 id="stock-card-title">
          {around(_("Stock card: {name}", { name: SLOT }), <Typed>{item.name}</Typed>)}
        </h1>
        <p>{around(_("Location: {place}", { place: SLOT }), <Place place={item.place} />)}</p>
        <p>{_("{range} · printed {at}", { range, at: printedAt })}</p>
      </header>
      <StockCardChartsView charts={charts} forPrint />
      <table>
        <CardHead forPrint />
        <tbody>
          {card.from ? (
            <CardBalanceRow
              date={card.from}
              label={_("Stock at the start")}
              balance={card.opening}
              forPrint
            />
          ) : null}
          <CardTableRows rows={card.rows} item={item.ref} mayReverse={false} forPrint />
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={6}>
              {_("Closing balance")}
            </th>
            <td className="num">{formatQuantity(card.closing)}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      <div className="signature-line">
        <span>{_("Storekeeper (name and signature)")}</span>
        <span>{_("Checked by (name and signature)")}</span>
        <span>{_("Date")}</span>
      </div>
    </PrintSheet>
  );
}
