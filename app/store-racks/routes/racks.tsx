import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import type { ListPage } from "#app/db/list.server.ts";
import { ExportLinks } from "#app/exports/links.tsx";
import { logError } from "#app/lib/request-id.server.ts";
import { deleteHref } from "#app/store-racks/components.tsx";
import { listRackPage, type RackListRow, rackItemCounts } from "#app/store-racks/list.server.ts";
import { RACK_LIST_DEFAULTS, readRackView } from "#app/store-racks/list.ts";
import racksCss from "#app/store-racks/racks.css?url";
import { formatQuantity, messages, RACKS, rackLabel } from "#app/store-racks/rules.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import {
  ListStatus,
  ListToolbar,
  type ListView,
  Pager,
  PrintLink,
  SortHeader,
  TableWrap,
} from "#app/ui/list/list-view.tsx";
import { Marked } from "#app/ui/list/marked.tsx";

// /about, the Store Racks page (spec §2) as one server-side list of every rack's items
// (docs/architecture.md "Lists"; docs/decisions/006). The spec's 24 panels become a rack filter
// whose options are the panels' labels ('RACK {n} - {category}') and, in the table, a header row
// per rack with its count and its 'Insert New Item' link; an empty rack is reached by choosing it.
export const meta: MetaFunction = () => [{ title: "Store Racks · PlantOps" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: racksCss }];
export const handle = listHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "racks");
  const { params, rack } = readRackView(new URL(request.url).searchParams);
  let page: ListPage<RackListRow> = { rows: [], total: 0, page: 1 };
  let counts: number[] = RACKS.map(() => 0);
  try {
    [page, counts] = await Promise.all([listRackPage(db, params, rack), rackItemCounts(db)]);
  } catch (error) {
    logError(request, error);
  }
  const view: ListView = {
    name: "Store Racks",
    q: params.q,
    sort: params.sort,
    dir: params.dir,
    page: page.page,
    size: params.size,
    total: page.total,
    defaults: RACK_LIST_DEFAULTS,
  };
  return { rows: page.rows, view, rack, counts };
}

export default function StoreRacksPage() {
  const { rows, view, rack, counts } = useLoaderData<typeof loader>();
  // With JavaScript, Delete asks in a dialog; without, its link opens the confirmation page.
  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  const mayChange = useCan()("racks");
  // Rack header rows only make sense while the rows are in rack order.
  const grouped = view.sort === "rack";
  return (
    <section className="page store-racks">
      <div className="page-head">
        <h1>Store Racks</h1>
        <div className="actions">
          <PrintLink to="/about/print" name="Store Racks" />
          <ExportLinks to="/about/export" name="Store Racks" />
        </div>
      </div>
      <ListToolbar view={view}>
        <div className="field">
          <label htmlFor="filter-rack">Rack</label>
          <select id="filter-rack" name="rack" defaultValue={rack ?? ""} key={`rack-${rack ?? ""}`}>
            <option value="">All racks</option>
            {RACKS.map(({ number }) => (
              <option key={number} value={number}>
                {rackLabel(number)}
              </option>
            ))}
          </select>
        </div>
      </ListToolbar>
      <ListStatus view={view} noun={["item", "items"]} filtered={rack !== null} />
      <TableWrap label="Store Racks items">
        <table aria-label="Store Racks items">
          <thead>
            <tr>
              <SortHeader view={view} sort="rack">
                Rack
              </SortHeader>
              <SortHeader view={view} sort="section">
                Section
              </SortHeader>
              <SortHeader view={view} sort="material">
                Material Name
              </SortHeader>
              <SortHeader view={view} sort="available" className="num">
                Available Stock
              </SortHeader>
              <SortHeader view={view} sort="issue" className="num">
                Issue
              </SortHeader>
              <SortHeader view={view} sort="receipt" className="num">
                Receipt
              </SortHeader>
              <SortHeader view={view} sort="closing" className="num">
                Closing Stock
              </SortHeader>
              {mayChange ? (
                <>
                  <th scope="col">Update</th>
                  <th scope="col">Delete</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rack !== null && rows.length === 0 ? (
              <RackHeader rack={rack} count={counts[rack - 1]} mayChange={mayChange} />
            ) : null}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="empty">
                  {view.q
                    ? "No items match."
                    : rack
                      ? "No items in this rack yet."
                      : "No items in any rack yet."}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <Fragment key={row.id}>
                  {grouped && rows[index - 1]?.rackNumber !== row.rackNumber ? (
                    <RackHeader
                      rack={row.rackNumber}
                      count={counts[row.rackNumber - 1]}
                      mayChange={mayChange}
                    />
                  ) : null}
                  <ItemRow row={row} q={view.q} askToDelete={mayChange ? deleteDialog.ask : undefined} />
                </Fragment>
              ))
            )}
          </tbody>
        </table>
      </TableWrap>
      <Pager view={view} />
      {deleteDialog.dialog}
    </section>
  );
}

/** A rack's header row: the spec's panel label, its item count and its 'Insert New Item'. */
function RackHeader({ rack, count, mayChange }: { rack: number; count: number; mayChange: boolean }) {
  return (
    <tr className="rack-header">
      <th scope="rowgroup" colSpan={9}>
        <span className="rack-title">{rackLabel(rack)}</span>{" "}
        <span className="rack-count">
          ({count} {count === 1 ? "item" : "items"})
        </span>{" "}
        {mayChange ? (
          <Link
            to={`/insertproducts/${rack}`}
            className="button small primary"
            aria-label={`Insert New Item in rack ${rack}`}
          >
            Insert New Item
          </Link>
        ) : null}
      </th>
    </tr>
  );
}

/** One item; its material name heads the row, so Update and Delete are announced with it. */
function ItemRow({
  row,
  q,
  askToDelete,
}: {
  row: RackListRow;
  q: string;
  /** Absent for a role that may not change racks: no Update or Delete cells. */
  askToDelete?: (href: string) => boolean;
}) {
  const remove = deleteHref(row.rackNumber, row.id);
  return (
    <tr>
      <td>{row.rackNumber}</td>
      <td>
        <Marked text={row.section} q={q} />
      </td>
      <th scope="row">
        <Marked text={row.materialName} q={q} />
      </th>
      <td className="num">
        <Marked text={formatQuantity(row.availableStock)} q={q} />
      </td>
      <td className="num">
        <Marked text={formatQuantity(row.issue)} q={q} />
      </td>
      <td className="num">
        <Marked text={formatQuantity(row.receipt)} q={q} />
      </td>
      <td className="num">
        <Marked text={formatQuantity(row.closingStock)} q={q} />
      </td>
      {askToDelete ? (
        <>
          <td>
            <Link to={`/rackupdate/${row.rackNumber}/${row.id}`}>Update</Link>
          </td>
          <td>
            <Link
              to={remove}
              className="button danger small"
              onClick={(event) => {
                if (askToDelete(remove)) event.preventDefault();
              }}
            >
              Delete
            </Link>
          </td>
        </>
      ) : null}
    </tr>
  );
}
