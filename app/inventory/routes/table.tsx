import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { type MouseEvent, useRef, useState } from "react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import inventoryCss from "#app/inventory/inventory.css?url";
import { listTableRows, type TableRow } from "#app/inventory/queries.server.ts";
import {
  AVAILABLE,
  departmentOfTablePath,
  departmentTablePath,
  excessShortFall,
  isDepartment,
  messages,
  needsOrder,
  ORDER_TO_PLACE,
  unknownDepartmentMessage,
} from "#app/inventory/rules.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { Highlight } from "#app/ui/search.tsx";

// A department's spare-parts table (spec §2 "Inventory tables"): /products, /firefight,
// /technician and /products/{department}. Built for 1,000-line departments (architecture.md
// budgets): the loader sends only the columns shown, excess/shortfall is derived while rendering,
// rows are plain markup, and one delegated click handler serves every row's links.

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
  return { department, rows };
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
  const { department, rows } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // 'Loading...' while a navigation to another department's table is pending (spec §2).
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    departmentOfTablePath(navigation.location.pathname) !== null;

  // One confirmation dialog for the whole table (not one per row).
  const dialog = useRef<HTMLDialogElement>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  // After a delete, back to the table the user was on (/firefight stays /firefight).
  const back =
    location.pathname === departmentTablePath(department)
      ? ""
      : `&back=${encodeURIComponent(location.pathname)}`;

  // Without JavaScript the row links are ordinary links (Delete → the confirmation page). With it,
  // Update navigates in the app and Delete opens the dialog.
  const onRowClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-line]");
    const href = link?.getAttribute("href");
    if (!link || !href) return;
    if (link.dataset.line === "delete") {
      if (!dialog.current?.showModal) return; // no <dialog>: the confirmation page
      event.preventDefault();
      setDeleting(href);
      dialog.current.showModal();
    } else {
      event.preventDefault();
      navigate(href);
    }
  };

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
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the links' own (Enter on a link clicks it); tbody only delegates */}
          <tbody onClick={onRowClick}>
            {loading || rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="empty">
                  <span role="status">{loading ? messages.loading : messages.empty}</span>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <LineRow key={row.srno} row={row} base={`/products/${department}/${row.srno}`} back={back} />
              ))
            )}
          </tbody>
        </table>
      </div>
      <dialog ref={dialog} className="dialog" aria-label="Confirm delete">
        {deleting ? (
          <ConfirmDeleteForm
            href={deleting}
            question={messages.deleteQuestion}
            onCancel={() => dialog.current?.close()}
          />
        ) : null}
      </dialog>
    </section>
  );
}

function LineRow({ row, base, back }: { row: TableRow; base: string; back: string }) {
  const shortfall = excessShortFall(row.available, row.min);
  const short = needsOrder(shortfall);
  // Red or green by the figures (spec §2); a status of the user's own gets a word saying which,
  // so the cell reads without colour too.
  const ownStatus = row.status !== ORDER_TO_PLACE && row.status !== AVAILABLE;
  return (
    <tr>
      <td>
        <Highlight text={row.srno} />
      </td>
      <td>
        <Highlight text={row.assets} />
      </td>
      <td>
        <Highlight text={row.components} />
      </td>
      <td>
        <Highlight text={row.available} />
      </td>
      <td>
        <Highlight text={row.min} />
      </td>
      <td>
        <Highlight text={row.leadTime} />
      </td>
      <td>
        <Highlight text={shortfall} />
      </td>
      <td className={short ? "status-bad" : "status-ok"}>
        <Highlight text={row.status} />
        {ownStatus ? <span className="status-note"> ({short ? "order needed" : "in stock"})</span> : null}
      </td>
      <td>
        <a href={`${base}/edit`} data-line="update">
          Update
        </a>
      </td>
      <td>
        <a
          href={`${base}/delete?line=${row.id}&version=${row.version}${back}`}
          data-line="delete"
          className="button danger small"
        >
          Delete
        </a>
      </td>
    </tr>
  );
}
