import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { withListSize } from "#app/auth/list-size.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { requireStockItemPage } from "#app/ledger/access.server.ts";
import { stockCardCharts } from "#app/ledger/card-chart.server.ts";
import { cardLinks, StockCardChartsView } from "#app/ledger/card-charts.tsx";
import { CardBalanceRow, CardHead, CardTableRows } from "#app/ledger/card-rows.tsx";
import { stockCard } from "#app/ledger/movements.server.ts";
import { sayFor } from "#app/ledger/words.server.ts";
import { Place } from "#app/ledger/words.tsx";
import { DEFAULT_PAGE_SIZE, rowRange } from "#app/lib/list-params.ts";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { areaOfItem, movementFormPath, stockCardPath } from "#app/stock/item.ts";
import { dateRangeProblems, formatQuantity, readCardPaging, readDateRange } from "#app/stock/rules.ts";
import { FormError } from "#app/ui/form.tsx";
import { PageLinks, PageSizeField, TableWrap } from "#app/ui/list/list-view.tsx";
import { pageTitleOf } from "#app/ui/page-head.ts";
import { around, SLOT, Typed } from "#app/ui/typed.tsx";

// /stock/:type/:id: the item's stock card (the store's bin card, issue 17): its movements in
// date order with their running balance, optionally from/to (in the address), each movement's
// reversal, and its A4 print view. Paged on the server like every list (?page=&size=), opening on
// the LAST page, the newest movements; each page's balance is carried from the ones before it.
// The print view has the whole range.

export const meta = pageTitleOf<{ item: { name: string } }>(({ item }, _) =>
  _("Stock card: {name}", { name: item.name }),
);
export const links = cardLinks;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, item } = await requireStockItemPage(request, params);
  const url = new URL(request.url);
  const range = readDateRange(url.searchParams);
  const card = await stockCard(
    db,
    item.ref,
    range,
    readCardPaging(await withListSize(db, user, "stock-card", url.searchParams)),
  );
  // The pictures cover the whole range (every page of the card), from the same movements.
  const charts = await stockCardCharts(db, item, card, plantToday(), await sayFor(request, user));
  const query = new URLSearchParams();
  if (range.from) query.set("from", range.from);
  if (range.to) query.set("to", range.to);
  return {
    item: {
      ref: item.ref,
      name: item.name,
      place: item.place,
      inStock: item.inStock,
      listHref: item.listHref,
    },
    card,
    charts,
    printHref: `${stockCardPath(item.ref)}/print${query.size ? `?${query}` : ""}`,
    problems: dateRangeProblems(url.searchParams),
    here: `${url.pathname}${url.search}`,
  };
}

/** The card's pager: its default page is the last (the newest movements), whose address has no ?page=. */
function CardPager({
  paging,
  search,
}: {
  paging: { page: number; size: number; total: number };
  search: string;
}) {
  const { pages } = rowRange(paging.page, paging.size, paging.total);
  const href = (page: number) => {
    const params = new URLSearchParams(search);
    if (page >= pages) params.delete("page");
    else params.set("page", String(page));
    if (params.get("size") === String(DEFAULT_PAGE_SIZE)) params.delete("size");
    const text = params.toString();
    return text ? `?${text}` : "?";
  };
  return <PageLinks name="Stock card" {...paging} href={href} preventScrollReset />;
}

export default function StockCardPage() {
  const { item, card, charts, printHref, here, problems } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const search = useLocation().search;
  const paging = card.paging ?? { page: 1, size: DEFAULT_PAGE_SIZE, total: card.rows.length };
  const mayMove = useCan()(areaOfItem(item.ref.type));
  const back = `?back=${encodeURIComponent(here)}`;
  return (
    <section className="page stock-card">
      <div className="page-head">
        <h1>{around(_("Stock card: {name}", { name: SLOT }), <Typed>{item.name}</Typed>)}</h1>
        <div className="actions">
          {mayMove ? (
            <>
              <Link className="button" to={`${movementFormPath(item.ref, "issue")}${back}`}>
                {_("Issue")}
              </Link>
              <Link className="button" to={`${movementFormPath(item.ref, "receive")}${back}`}>
                {_("Receive")}
              </Link>
              <Link className="button" to={`${movementFormPath(item.ref, "count")}${back}`}>
                {_("Count")}
              </Link>
            </>
          ) : null}
          <a className="button" href={printHref}>
            {_("Print")}
          </a>
          <ExportLinks
            to={`${stockCardPath(item.ref)}/export`}
            name={_("the stock card of {name}", { name: item.name })}
          />
        </div>
      </div>
      <p className="muted">
        <Place place={item.place} /> · {_("in stock now:")} <strong>{formatQuantity(item.inStock)}</strong> ·{" "}
        <Link to={item.listHref}>{_("Back to the list")}</Link>
      </p>
      <Form method="get" className="stock-card-range" aria-label={_("Dates shown")}>
        <div className="field">
          <label htmlFor="card-from">{_("From")}</label>
          <input id="card-from" type="date" name="from" defaultValue={card.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="card-to">{_("To")}</label>
          <input id="card-to" type="date" name="to" defaultValue={card.to ?? ""} />
        </div>
        <PageSizeField id="card-size" size={paging.size} />
        <button type="submit" className="button">
          {_("Show")}
        </button>
        {card.from || card.to ? <Link to={stockCardPath(item.ref)}>{_("All dates")}</Link> : null}
      </Form>
      <FormError errors={problems.length ? problems : undefined} />
      <StockCardChartsView charts={charts} />
      <TableWrap label={_("Stock card of {name}", { name: item.name })}>
        <table aria-label={_("Stock card of {name}", { name: item.name })}>
          <CardHead />
          <tbody>
            {paging.page > 1 ? (
              <CardBalanceRow
                label={_("Brought forward from page {page}", { page: paging.page - 1 })}
                balance={card.broughtForward}
              />
            ) : card.from ? (
              <CardBalanceRow date={card.from} label={_("Stock at the start")} balance={card.opening} />
            ) : null}
            {card.rows.length === 0 ? (
              <tr>
                <td colSpan={10} className="empty">
                  {card.from || card.to ? _("No movements in these dates.") : _("No movements yet.")}
                </td>
              </tr>
            ) : (
              <CardTableRows rows={card.rows} item={item.ref} mayReverse={mayMove} />
            )}
          </tbody>
        </table>
      </TableWrap>
      <CardPager paging={paging} search={search} />
    </section>
  );
}
