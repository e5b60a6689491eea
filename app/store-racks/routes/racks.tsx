import { useLingui } from "@lingui/react";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { withListSize } from "#app/auth/list-size.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import type { ListPage } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { listColumns } from "#app/lib/record.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { type MovementForm, movementFormPath, type StockItemRef, stockCardPath } from "#app/stock/item.ts";
import ledgerCss from "#app/stock/ledger.css?url";
import { useMovementDialog } from "#app/stock/movement-dialog.tsx";
import { deleteHref } from "#app/store-racks/components.tsx";
import { listRackPage, type RackListRow, rackItemCounts } from "#app/store-racks/list.server.ts";
import { periodLabel, RACK_LIST_DEFAULTS, readRackPeriod, readRackView } from "#app/store-racks/list.ts";
import racksCss from "#app/store-racks/racks.css?url";
import { rackItemRecord } from "#app/store-racks/record.ts";
import { messages, RACKS, rackLabel } from "#app/store-racks/rules.ts";
import { DeleteLink, useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { FilterSelect } from "#app/ui/list/filters.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import { ListToolbar, listViewOf, PrintLink, useSearchRowsInSteps } from "#app/ui/list/list-view.tsx";
import { EmptyRow, HeadCells, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { RecordCells, RecordHeads } from "#app/ui/list/record-cells.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /about, the Store Racks page (the legacy app) as one server-side list of every rack's items
// (docs/architecture.md "Lists"; docs/decisions/006). The spec's 24 panels become a rack filter
// whose options are the panels' labels ('RACK {n} - {category}') and, in the table, a header row
// per rack with its count and its 'Insert New Item' link; an empty rack is reached by choosing it,
// and with "All racks" the page's own 'Insert New Item' asks for the rack in its form.
export const meta = pageTitle("Store Racks");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: racksCss },
  { rel: "stylesheet", href: ledgerCss },
];
export const handle = listHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks");
  const search = await withListSize(db, user, "racks", new URL(request.url).searchParams);
  const { params, rack } = readRackView(search);
  const today = plantToday();
  const period = readRackPeriod(search, today);
  let page: ListPage<RackListRow> = { rows: [], total: 0, page: 1 };
  let counts: number[] = RACKS.map(() => 0);
  try {
    [page, counts] = await Promise.all([listRackPage(db, params, rack, period), rackItemCounts(db)]);
  } catch (error) {
    logError(request, error);
  }
  const view = listViewOf("Store Racks", params, page, RACK_LIST_DEFAULTS);
  return { rows: page.rows, view, rack, counts, period, today };
}

export default function StoreRacksPage() {
  const { rows, view, rack, counts, period, today } = useLoaderData<typeof loader>();
  const shown = useSearchRowsInSteps(rows, view.q);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const movementDialog = useMovementDialog(today);
  const mayRead = useCan()("racks", "read");
  // With JavaScript, Delete asks in a dialog; without, its link opens the confirmation page.
  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  const mayChange = useCan()("racks");
  // Rack header rows only make sense while the rows are in rack order.
  const grouped = view.sort === "rack";
  const { _ } = useLingui();
  return (
    <section className="page store-racks">
      <ListHead title={_("Store Racks")}>
        <PrintLink to="/about/print" name="Store Racks" />
        {/* The same period (and rack) in the stock report, with its totals per rack. */}
        <Link className="button" to={stockReportHref(period, rack)}>
          {_("Stock report")}
        </Link>
        <ExportLinks
          to="/about/export"
          name="Store Racks"
          importTo={mayChange ? "/import/rack-items" : undefined}
        />
        {/* With "All racks" (a new store's first view, no rack rows yet) the form asks the rack;
            a chosen rack has its own in its header row. */}
        {mayChange && rack === null ? (
          <a className="button primary" href="/insertproducts">
            {_("Insert New Item")}
          </a>
        ) : null}
      </ListHead>
      <ListToolbar view={view}>
        <FilterSelect
          id="filter-rack"
          name="rack"
          label="Rack"
          value={String(rack ?? "")}
          all="All racks"
          options={RACKS.map(({ number }) => ({ value: number, label: rackLabel(number) }))}
        />
        <PeriodFields period={period} />
      </ListToolbar>
      <p className="muted rack-period">
        {_("Figures for")} <strong>{periodLabel(period, _)}</strong>
        {_(
          ": Available = stock at the start (with any opening and stock-count difference in the period), Closing = Available + Receipt − Issue.",
        )}
      </p>
      <ListTable view={view} noun={["item", "items"]} filtered={rack !== null} label="Store Racks items">
        <thead>
          <tr>
            <RecordHeads definition={rackItemRecord} view={view} />
            {mayRead ? <th scope="col">{_("Stock")}</th> : null}
            {mayChange ? <HeadCells labels={["Update", "Delete"]} /> : null}
          </tr>
        </thead>
        <tbody>
          {rack !== null && rows.length === 0 ? (
            <RackHeader rack={rack} count={counts[rack - 1]} mayChange={mayChange} />
          ) : null}
          {rows.length === 0 ? (
            <EmptyRow columns={COLUMNS}>
              {_(
                view.q
                  ? "No items match."
                  : rack
                    ? "No items in this rack yet."
                    : "No items in any rack yet.",
              )}
            </EmptyRow>
          ) : (
            shown.map((row, index) => (
              <Fragment key={row.id}>
                {grouped && shown[index - 1]?.rackNumber !== row.rackNumber ? (
                  <RackHeader
                    rack={row.rackNumber}
                    count={counts[row.rackNumber - 1]}
                    mayChange={mayChange}
                  />
                ) : null}
                <ItemRow
                  row={row}
                  q={view.q}
                  mayRead={mayRead}
                  askToDelete={mayChange ? deleteDialog.ask : undefined}
                  move={mayChange ? (form, item) => movementDialog.open(form, item, here) : undefined}
                  back={here}
                />
              </Fragment>
            ))
          )}
        </tbody>
      </ListTable>
      {deleteDialog.dialog}
      {movementDialog.dialog}
    </section>
  );
}

/** The table's columns: the item's fields (record.ts), Stock, Update and Delete. */
const COLUMNS = listColumns(rackItemRecord).length + 3;

/** A rack's header row: the spec's panel label, its item count and its 'Insert New Item'. */
function RackHeader({ rack, count, mayChange }: { rack: number; count: number; mayChange: boolean }) {
  const { _ } = useLingui();
  return (
    <tr className="rack-header">
      <th scope="rowgroup" colSpan={COLUMNS}>
        <span className="rack-title">{_(rackLabel(rack))}</span>{" "}
        <span className="rack-count">{_("({count, plural, one {# item} other {# items}})", { count })}</span>{" "}
        {mayChange ? (
          <a
            href={`/insertproducts/${rack}`}
            className="button small primary"
            aria-label={_("Insert New Item in rack {rack}", { rack })}
          >
            {_("Insert New Item")}
          </a>
        ) : null}
      </th>
    </tr>
  );
}

/**
 * The period: a month picker, or a from/to range (which wins when filled). With JavaScript,
 * choosing one clears the other so the address says one thing.
 */
function PeriodFields({ period }: { period: { from: string; to: string; month: string | null } }) {
  const { _ } = useLingui();
  const clear = (names: string[]) => (event: { currentTarget: HTMLInputElement }) => {
    const form = event.currentTarget.form;
    for (const name of names) {
      const input = form?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  };
  // A month clears the dates and a date the month: the form sends one period.
  const field = (name: "month" | "from" | "to", label: string, value: string, shown: string | null) => (
    <div className="field">
      <label htmlFor={`period-${name}`}>{_(label)}</label>
      <input
        id={`period-${name}`}
        type={name === "month" ? "month" : "date"}
        name={name}
        defaultValue={value}
        key={`${name}-${shown}`}
        onChange={clear(name === "month" ? ["from", "to"] : ["month"])}
      />
    </div>
  );
  return (
    <>
      {field("month", "Month", period.month ?? "", period.month)}
      {field("from", "From", period.month ? "" : period.from, period.month ?? period.from)}
      {field("to", "To", period.month ? "" : period.to, period.month ?? period.to)}
    </>
  );
}

/** One item; its material name heads the row, so its actions are announced with it. */
function ItemRow({
  row,
  q,
  mayRead,
  askToDelete,
  move,
  back,
}: {
  row: RackListRow;
  q: string;
  mayRead: boolean;
  /** Absent for a role that may not change racks: no Update or Delete cells. */
  askToDelete?: (href: string) => boolean;
  /** Opens the movement dialog; false when it cannot (the link's page then opens). */
  move?: (form: MovementForm, item: { ref: StockItemRef; name: string; inStock: number }) => boolean;
  back: string;
}) {
  const { _ } = useLingui();
  const remove = deleteHref(row.rackNumber, row.id);
  const ref: StockItemRef = { type: "rack", id: row.id };
  const movementLink = (form: MovementForm, label: string) => (
    <a
      href={`${movementFormPath(ref, form)}?back=${encodeURIComponent(back)}`}
      className="button small"
      aria-label={`${_(label)} ${row.materialName}`}
      onClick={(event) => {
        if (move?.(form, { ref, name: row.materialName, inStock: row.inStock })) event.preventDefault();
      }}
    >
      {_(label)}
    </a>
  );
  return (
    <tr>
      <RecordCells definition={rackItemRecord} row={row} q={q} />
      {mayRead ? (
        <td className="row-actions">
          {move ? (
            <>
              {movementLink("issue", "Issue")} {movementLink("receive", "Receive")}{" "}
            </>
          ) : null}
          <a href={stockCardPath(ref)} aria-label={_("Stock card of {name}", { name: row.materialName })}>
            {_("Stock card")}
          </a>
        </td>
      ) : null}
      {askToDelete ? (
        <>
          <td>
            <a href={`/rackupdate/${row.rackNumber}/${row.id}`}>{_("Update")}</a>
          </td>
          <td>
            <DeleteLink href={remove} ask={askToDelete} />
          </td>
        </>
      ) : null}
    </tr>
  );
}

/** The stock report of the rack items for this period (and rack): /stock/report?items=rack&… */
function stockReportHref(period: { from: string; to: string; month: string | null }, rack: number | null) {
  const query = new URLSearchParams({ items: "rack" });
  if (period.month) query.set("month", period.month);
  else {
    query.set("from", period.from);
    query.set("to", period.to);
  }
  if (rack) query.set("rack", String(rack));
  return `/stock/report?${query}`;
}
