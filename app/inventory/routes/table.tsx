import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import inventoryCss from "#app/inventory/inventory.css?url";
import { listTableRows, type TableRow } from "#app/inventory/queries.server.ts";
import {
  AVAILABLE,
  deleteHrefOf,
  departmentOfTablePath,
  departmentTablePath,
  excessShortFall,
  isDepartment,
  messages,
  needsOrder,
  ORDER_TO_PLACE,
  unknownDepartmentMessage,
} from "#app/inventory/rules.ts";
import { packTableRows, unpackTableRows } from "#app/inventory/table-rows.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { escapeHtml, type Marker } from "#app/ui/html.ts";
import { HtmlRows, useRowLinks, useRowsHtml } from "#app/ui/html-rows.tsx";

// A department's spare-parts table (spec §2 "Inventory tables"): /products, /firefight,
// /technician and /products/{department}. Built for 1,000-line departments (architecture.md
// budgets): the loader sends only the columns shown, packed (packed-rows.ts); excess/shortfall is
// derived while rendering; rows are written as HTML text (html-rows.tsx), and one delegated click
// handler serves every row's links.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.department ?? "Spare parts"} spare parts · PlantOps` },
];
export const links = () => [{ rel: "stylesheet", href: inventoryCss }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const department =
    params.department === undefined
      ? departmentOfTablePath(new URL(request.url).pathname)
      : params.department;
  if (!isDepartment(department))
    throw new Response(unknownDepartmentMessage(String(params.department)), { status: 404 });
  let rows: TableRow[] = [];
  try {
    rows = await listTableRows(db, department);
  } catch (error) {
    // Spec §8: a list that cannot be read shows as empty ('No products available').
    logError(request, error);
  }
  return { department, rows: packTableRows(rows) };
}

const COLUMNS = [
  "Serial Number",
  "Assets",
  "Components/Equipments",
  "Available stock",
  "Min Stock",
  "Lead time",
  "Excess/Short Fall",
  "Status of Order",
  "Update",
  "Delete",
];

export default function InventoryTablePage() {
  const { department, rows: packed } = useLoaderData<typeof loader>();
  const rows = useMemo(() => unpackTableRows(packed), [packed]);
  const location = useLocation();
  const navigation = useNavigation();
  // 'Loading...' while a navigation to another department's table is pending (spec §2).
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    departmentOfTablePath(navigation.location.pathname) !== null;

  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  // After a delete, back to the table the user was on (/firefight stays /firefight).
  const back =
    location.pathname === departmentTablePath(department)
      ? ""
      : `?back=${encodeURIComponent(location.pathname)}`;
  const html = useRowsHtml(
    rows,
    (row, mark) => lineRow(row, `/products/${department}/${row.srno}`, back, mark),
    [department, back],
  );

  // Without JavaScript the row links are ordinary links (Delete → the confirmation page). With it,
  // Update navigates in the app and Delete opens the dialog.
  // The dialog's delete names the id and version of the line the table shows (delete.tsx).
  const onRowClick = useRowLinks((href) => {
    const srno = Number(href.split("?")[0].split("/").at(-2));
    const row = rows.find((line) => line.srno === srno);
    return row ? deleteDialog.ask(deleteHrefOf(href, row)) : false;
  });

  return (
    <section className="page">
      <div className="page-head">
        <h1>{department} spare parts</h1>
        <Link className="button primary" to={`/insertproduct/${department}`}>
          Insert New Line
        </Link>
      </div>
      <div className="table-wrap">
        <table className="inventory-table" aria-label={`${department} spare parts`}>
          <thead>
            <tr>
              {COLUMNS.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          {loading || rows.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={COLUMNS.length} className="empty">
                  <span role="status">{loading ? messages.loading : messages.empty}</span>
                </td>
              </tr>
            </tbody>
          ) : (
            <HtmlRows key="rows" html={html} onClick={onRowClick} />
          )}
        </table>
      </div>
      {deleteDialog.dialog}
    </section>
  );
}

/** One line of the table as HTML: the cells, the Update link and the Delete link. */
function lineRow(row: TableRow, base: string, back: string, mark: Marker) {
  const shortfall = excessShortFall(row.available, row.min);
  const short = needsOrder(shortfall);
  // Red or green by the figures (spec §2); a status of the user's own gets a word saying which,
  // so the cell reads without colour too.
  const ownStatus = row.status !== ORDER_TO_PLACE && row.status !== AVAILABLE;
  const note = ownStatus ? `<span class="status-note"> (${short ? "order needed" : "in stock"})</span>` : "";
  // The link stays short (1,000 rows); the id and version are added when the delete is confirmed.
  const deleteHref = escapeHtml(`${base}/delete${back}`);
  return (
    `<tr><td>${mark(row.srno)}</td><td>${mark(row.assets)}</td><td>${mark(row.components)}</td>` +
    `<td>${mark(row.available)}</td><td>${mark(row.min)}</td><td>${mark(row.leadTime)}</td>` +
    `<td>${mark(shortfall)}</td><td class="${short ? "status-bad" : "status-ok"}">${mark(row.status)}${note}</td>` +
    `<td><a href="${escapeHtml(`${base}/edit`)}">Update</a></td>` +
    `<td><a href="${deleteHref}" class="button danger small">Delete</a></td></tr>`
  );
}
