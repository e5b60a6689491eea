import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { memo } from "react";
import { withListSize } from "#app/auth/list-size.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import type { ListPage } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { listColumns } from "#app/lib/record.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { issuedInCoverWindow } from "#app/spares/cover.server.ts";
import { coverCells, stockCover } from "#app/spares/cover.ts";
import { listPage } from "#app/spares/list.server.ts";
import {
  readSparesView,
  SPARES_LIST_DEFAULTS,
  type SparesFilters,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  STOCK_FILTER_LABELS,
  STOCK_FILTERS,
} from "#app/spares/list.ts";
import type { ListRow } from "#app/spares/queries.server.ts";
import { sparesRecord } from "#app/spares/record.ts";
import {
  type Department,
  deleteHrefOf,
  departmentListPath,
  departmentOfListPath,
  excessShortFall,
  isDepartment,
  messages,
  ORDER_TO_PLACE,
  unknownDepartmentMessage,
} from "#app/spares/rules.ts";
import sparesCss from "#app/spares/spares.css?url";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import type { MovementItem } from "#app/stock/item.ts";
import { type MovementForm, movementFormPath, type StockItemRef, stockCardPath } from "#app/stock/item.ts";
import { useMovementDialog } from "#app/stock/movement-dialog.tsx";
import { DeleteLink, useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { FilterSelect, labelled } from "#app/ui/list/filters.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import {
  ListToolbar,
  listViewOf,
  PrintLink,
  SortHeader,
  useSearchRowsInSteps,
} from "#app/ui/list/list-view.tsx";
import { marked } from "#app/ui/list/marked.tsx";
import { EmptyRow, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { RecordCells, RecordHeads } from "#app/ui/list/record-cells.tsx";
import { pageTitleOf } from "#app/ui/page-head.ts";

// A department's spare-parts table (the legacy app "Inventory tables"): /products, /firefight,
// /technician and /products/{department}. A server-side list (docs/architecture.md "Lists"):
// the address holds the search, sort, page and filters; the loader sends one page. The available
// stock is the ledger's balance (issue 17); each row has its days of cover and order-by date
// (app/spares/cover.ts, from the page's issues of the last 90 days, one query) and its
// Issue / Receive / Count / Stock card links.

export const meta = pageTitleOf<{ department: string }>(({ department }, _) =>
  _("{department} spare parts", { department: _(department) }),
);
export const links = () => [{ rel: "stylesheet", href: sparesCss }];
export const handle = listHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "spares");
  const url = new URL(request.url);
  const department = params.department === undefined ? departmentOfListPath(url.pathname) : params.department;
  if (!isDepartment(department))
    throw new HttpError(404, unknownDepartmentMessage(String(params.department)));
  const search = await withListSize(db, user, `products/${department}`, url.searchParams);
  const { params: list, filters } = readSparesView(search);
  const today = plantToday();
  let page: ListPage<ListRow> = { rows: [], total: 0, page: 1 };
  let issued = new Map<string, number>();
  try {
    page = await listPage(db, department, list, filters);
    issued = await issuedInCoverWindow(db, { ids: page.rows.map((row) => row.id) }, today);
  } catch (error) {
    // The legacy app: a list that cannot be read shows as empty ('No products available').
    logError(request, error);
  }
  const view = listViewOf(`${department} spare parts`, list, page, SPARES_LIST_DEFAULTS);
  const rows = page.rows.map((row) => ({ ...row, issued: issued.get(row.id) ?? 0 }));
  return { department, rows, view, filters, today };
}

export default function SparesListPage() {
  const { department, rows, view, filters, today } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // 'Loading...' while a navigation to another department's table is pending (the legacy app).
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    departmentOfListPath(navigation.location.pathname) !== null;
  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  // With JavaScript, Issue / Receive / Count open one dialog for the page; without, their links
  // open the form's page, which comes back to this view of the table.
  const movementDialog = useMovementDialog(today);
  const here = `${location.pathname}${location.search}`;
  const can = useCan();
  const mayChange = can("spares");
  // After a delete, back to the table the user was on (/firefight stays /firefight).
  const back =
    location.pathname === departmentListPath(department)
      ? ""
      : `?back=${encodeURIComponent(location.pathname)}`;
  const filtered = Boolean(filters.stock || filters.status);
  const { _ } = useLingui();
  const shown = useSearchRowsInSteps(rows, view.q);

  return (
    <section className="page">
      <ListHead title={_(view.name)}>
        <PrintLink to={`/products/${department}/print`} name={view.name} />
        <ExportLinks
          to={`/products/${department}/export`}
          name={view.name}
          importTo={mayChange ? `/import/products/${department}` : undefined}
        />
        {mayChange ? (
          <Link className="button primary" to={`/insertproduct/${department}`}>
            {_("Insert New Line")}
          </Link>
        ) : null}
      </ListHead>
      <ListToolbar view={view}>
        <SparesFilterFields filters={filters} />
      </ListToolbar>
      <ListTable view={view} noun={["line", "lines"]} filtered={filtered} className="inventory-table">
        <thead>
          <tr>
            <RecordHeads definition={sparesRecord} view={view} />
            <SortHeader view={view} sort="shortfall">
              {_("Excess/Short Fall")
                .split("/")
                .flatMap((part, index) => (index ? ["/", <wbr key={part} />, part] : [part]))}
            </SortHeader>
            <SortHeader view={view} sort="status">
              {_("Status of Order")}
            </SortHeader>
            <th scope="col">{_("Days of cover")}</th>
            <th scope="col">{_("Order by")}</th>
            {/* One cell for the row's actions (stock links, Update, Delete), pinned to the box's
                  right edge by CSS: visible at any width without scrolling sideways (issue 30),
                  and two cells a row fewer to lay out (docs/performance.md). */}
            <th scope="col" className="actions-cell">
              {_("Actions")}
            </th>
          </tr>
        </thead>
        <tbody>
          {loading || rows.length === 0 ? (
            <EmptyRow columns={listColumns(sparesRecord).length + 5}>
              <span role="status">
                {_(loading ? messages.loading : view.q || filtered ? "No lines match." : messages.empty)}
              </span>
            </EmptyRow>
          ) : (
            // Keyed by place, not by line: a new search's or page's rows reuse the rows on screen
            // (their cells' text and links changed in place) instead of removing them all and
            // building as many new ones; a row holds no state of its own (docs/performance.md,
            // "Search and the shell").
            shown.map((row, place) => (
              <LineRow
                key={place}
                row={row}
                q={view.q}
                department={department}
                back={back}
                today={today}
                here={here}
                openMovement={mayChange ? movementDialog.open : undefined}
                askToDelete={mayChange ? deleteDialog.ask : undefined}
              />
            ))
          )}
        </tbody>
      </ListTable>
      {deleteDialog.dialog}
      {movementDialog.dialog}
    </section>
  );
}

/** The department table's filters: below minimum, and the status of order. */
export function SparesFilterFields({ filters }: { filters: SparesFilters }) {
  return (
    <>
      <FilterSelect
        id="filter-stock"
        name="stock"
        label="Stock"
        value={filters.stock}
        all="All lines"
        options={labelled(STOCK_FILTERS, STOCK_FILTER_LABELS)}
      />
      <FilterSelect
        id="filter-status"
        name="status"
        label="Status of Order"
        value={filters.status}
        all="Any status"
        options={labelled(STATUS_FILTERS, STATUS_FILTER_LABELS)}
      />
    </>
  );
}

const MOVE_LABELS: Record<MovementForm, string> = { issue: "Issue", receive: "Receive", count: "Count" };

/**
 * One line: its figures, its status of order and its colour (red or green) from the one rule, its
 * days of cover and order-by date, its actions in one cell: Issue, Receive, Count (for a role that
 * may change lines), Stock card (for all), Update and Delete (for a role that may change lines).
 * Memoised (its props are loader data, strings and the dialogs' stable
 * functions): the page re-renders when a navigation starts and ends (its 'Loading...' state), and
 * 100 rows re-rendered for nothing were a search's wait on a slow terminal (docs/performance.md).
 */
const LineRow = memo(function LineRow({
  row,
  q,
  department,
  back,
  today,
  here,
  openMovement,
  askToDelete,
}: {
  row: ListRow & { issued: number };
  q: string;
  department: Department;
  back: string;
  today: string;
  /** This view of the table, where a movement saved from the row comes back to. */
  here: string;
  /** Absent for a role that may not move stock: no Issue, Receive or Count links. */
  openMovement?: (form: MovementForm, item: MovementItem, back: string) => boolean;
  /** Absent for a role that may not change lines: no Update or Delete links. */
  askToDelete?: (href: string) => boolean;
}) {
  const item: StockItemRef = { type: "spare", id: row.id };
  const { _ } = useLingui();
  const cover = coverCells(
    stockCover({ stock: row.availableStock, issued: row.issued, leadTimeDays: row.leadTimeDays, today }),
  );
  const base = `/products/${department}/${row.srno}`;
  const shortfall = excessShortFall(row.availableStock, row.minStock);
  // The status comes with the row (the rule's SQL twin, as the filter reads it); its colour with it.
  const short = row.status === ORDER_TO_PLACE;
  // The delete names the id and version of the line shown, so a changed line is never deleted.
  const deleteHref = deleteHrefOf(`${base}/delete${back}`, row);
  return (
    <tr>
      <RecordCells definition={sparesRecord} row={row} q={q} />
      <td>{marked(shortfall, q)}</td>
      <td className={short ? "status-bad" : "status-ok"}>{marked(_(row.status), q)}</td>
      {/* A cell's words ("Order now", "over 100 years") are the catalogue's; a figure or a date is itself. */}
      <td>{_(cover.days)}</td>
      <td className={cover.orderBy === "Order now" ? "status-bad" : undefined}>{_(cover.orderBy)}</td>
      <td className="actions-cell">
        {openMovement
          ? (["issue", "receive", "count"] as const).map((form) => {
              const href = `${movementFormPath(item, form)}?back=${encodeURIComponent(here)}`;
              return (
                <a
                  key={form}
                  href={href}
                  onClick={(event) => {
                    const moving = {
                      ref: item,
                      name: row.componentsAndEquipments,
                      inStock: row.availableStock,
                    };
                    if (openMovement(form, moving, here)) event.preventDefault();
                  }}
                >
                  {_(MOVE_LABELS[form])}
                </a>
              );
            })
          : null}
        <a href={stockCardPath(item)}>{_("Stock card")}</a>
        {askToDelete ? (
          <>
            <a href={`${base}/edit`}>{_("Update")}</a>
            <DeleteLink
              href={deleteHref}
              ask={askToDelete}
              label={_("Delete line {srno}", { srno: row.srno })}
              className="danger-link"
            />
          </>
        ) : null}
      </td>
    </tr>
  );
});
