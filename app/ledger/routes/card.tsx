import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import { ExportLinks } from "#app/exports/links.tsx";
import { CardTableRows } from "#app/ledger/card-rows.tsx";
import { requireStockItemPage } from "#app/ledger/guards.server.ts";
import { areaOfItem, movementFormPath, stockCardPath } from "#app/ledger/item.ts";
import ledgerCss from "#app/ledger/ledger.css?url";
import { stockCard } from "#app/ledger/movements.server.ts";
import { formatQuantity, readDateRange } from "#app/ledger/rules.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { TableWrap } from "#app/ui/list/list-view.tsx";

// /stock/:type/:id: the item's stock card (the store's bin card, issue 17): every movement in
// date order with its running balance, optionally from/to (in the address), each movement's
// reversal, and its A4 print view.

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Stock card: ${loaded.item.name} · PlantOps` : "Stock card · PlantOps" },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ledgerCss }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { item } = await requireStockItemPage(request, params);
  const url = new URL(request.url);
  const range = readDateRange(url.searchParams);
  const card = await stockCard(db, item.ref, range);
  const query = new URLSearchParams();
  if (range.from) query.set("from", range.from);
  if (range.to) query.set("to", range.to);
  return {
    item: {
      ref: item.ref,
      name: item.name,
      location: item.location,
      inStock: item.inStock,
      listHref: item.listHref,
    },
    card,
    printHref: `${stockCardPath(item.ref)}/print${query.size ? `?${query}` : ""}`,
    here: `${url.pathname}${url.search}`,
  };
}

export default function StockCardPage() {
  const { item, card, printHref, here } = useLoaderData<typeof loader>();
  const mayMove = useCan()(areaOfItem(item.ref.type));
  const back = `?back=${encodeURIComponent(here)}`;
  return (
    <section className="page stock-card">
      <div className="page-head">
        <h1>Stock card: {item.name}</h1>
        <div className="actions">
          {mayMove ? (
            <>
              <Link className="button small" to={`${movementFormPath(item.ref, "issue")}${back}`}>
                Issue
              </Link>
              <Link className="button small" to={`${movementFormPath(item.ref, "receive")}${back}`}>
                Receive
              </Link>
              <Link className="button small" to={`${movementFormPath(item.ref, "count")}${back}`}>
                Count
              </Link>
            </>
          ) : null}
          <a className="button small" href={printHref}>
            Print
          </a>
          <ExportLinks to={`${stockCardPath(item.ref)}/export`} name={`the stock card of ${item.name}`} />
        </div>
      </div>
      <p className="muted">
        {item.location} · in stock now: <strong>{formatQuantity(item.inStock)}</strong> ·{" "}
        <Link to={item.listHref}>Back to the list</Link>
      </p>
      <Form method="get" className="stock-card-range" aria-label="Dates shown">
        <div className="field">
          <label htmlFor="card-from">From</label>
          <input id="card-from" type="date" name="from" defaultValue={card.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="card-to">To</label>
          <input id="card-to" type="date" name="to" defaultValue={card.to ?? ""} />
        </div>
        <button type="submit" className="button small">
          Show
        </button>
        {card.from || card.to ? <Link to={stockCardPath(item.ref)}>All dates</Link> : null}
      </Form>
      <TableWrap label={`Stock card of ${item.name}`}>
        <table aria-label={`Stock card of ${item.name}`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Kind</th>
              <th scope="col">Reference</th>
              <th scope="col">Received from / issued to</th>
              <th scope="col" className="num">
                Received
              </th>
              <th scope="col" className="num">
                Issued
              </th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col">Remark</th>
              <th scope="col">Entered by</th>
              <th scope="col">
                <span className="visually-hidden">Reversal</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {card.from ? (
              <tr className="card-opening">
                <td>{formatDateGB(card.from)}</td>
                <td colSpan={5}>Stock at the start</td>
                <td className="num">{formatQuantity(card.opening)}</td>
                <td colSpan={3} />
              </tr>
            ) : null}
            {card.rows.length === 0 ? (
              <tr>
                <td colSpan={10} className="empty">
                  No movements {card.from || card.to ? "in these dates" : "yet"}.
                </td>
              </tr>
            ) : (
              <CardTableRows rows={card.rows} item={item.ref} mayReverse={mayMove} />
            )}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}
