import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateGB, formatDateTimeGB, isIsoDate } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { searchParamsOf } from "#app/lib/http.server.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { HtmlRows, useRowLinks, useRowsHtml } from "#app/ui/html-rows.tsx";
import { DELETE_QUESTION, recordsPath } from "../paths.ts";
import { listRecordKeys, outstandingReturns, pageNumber } from "../queries.server.ts";
import {
  packRecordRows,
  packReturnRows,
  type ReturnRow,
  recordRowHtml,
  returnRowHtml,
  unpackRecordRows,
  unpackReturnRows,
} from "../records-rows.ts";
import { plantToday, requireFormat } from "../route-helpers.server.ts";
import sopCss from "../sop.css?url";

// /{format}/records: newest first, 50 a page, filtered by date range and text (a GET form).
// AS15 also lists the returnable material not yet back, marking what is past its expected date.
// Built for plant scale (architecture.md budgets): the loader sends only the format's name and
// key-field headings (not its definition) and the rows packed; the rows are written as HTML text
// (records-rows.ts) with one delegated click handler and one delete dialog for the page.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sopCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.format.code} records · PlantOps` : "PlantOps" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const definition = requireFormat(params.format);
  const search = searchParamsOf(request);
  const date = (name: string) => {
    const value = search.get(name)?.trim() ?? "";
    return isIsoDate(value) ? value : "";
  };
  const filters = {
    from: date("from"),
    to: date("to"),
    text: (search.get("text") ?? "").trim().slice(0, 100),
  };
  const page = pageNumber(search.get("page"));
  const zone = serverSettings().PLANT_TIME_ZONE;
  const today = plantToday();
  const [list, returns] = await Promise.all([
    listRecordKeys(db, definition, { ...filters, page }),
    definition.code === "AS15" ? outstandingReturns(db, today) : Promise.resolve(null),
  ]);
  return {
    format: {
      code: definition.code,
      title: definition.title,
      path: definition.path,
      keyLabels: definition.keyFields.map((field) => field.label),
    },
    filters,
    page,
    total: list.total,
    pages: Math.max(1, Math.ceil(list.total / list.pageSize)),
    records: packRecordRows(
      list.records.map((record) => ({
        id: record.id,
        date: formatDateGB(record.recordDate),
        keys: record.keys,
        savedBy: record.createdBy ?? "",
        savedAt: formatDateTimeGB(record.createdAt, zone),
      })),
    ),
    returns:
      returns &&
      packReturnRows(
        returns.map((entry) => ({
          recordId: entry.recordId,
          date: formatDateGB(entry.date),
          gatePassNo: entry.gatePassNo,
          descriptionOfItems: entry.descriptionOfItems,
          quantity: entry.quantity,
          issuedTo: entry.issuedTo,
          expected: entry.expectedDateOfReturn ? formatDateGB(entry.expectedDateOfReturn) : "Not given",
          overdue: entry.overdue,
        })),
      ),
  };
}

const NO_RETURNS: ReturnRow[] = [];

export default function SopRecordsPage() {
  const {
    format,
    filters,
    page,
    pages,
    total,
    records: packed,
    returns: packedReturns,
  } = useLoaderData<typeof loader>();
  const base = recordsPath(format);
  const records = useMemo(() => unpackRecordRows(packed), [packed]);
  const returns = useMemo(() => (packedReturns ? unpackReturnRows(packedReturns) : null), [packedReturns]);
  // The outstanding returns come first on the page, so they are written first: the first search
  // mark of the page (the one the navbar's search jumps to) is theirs.
  const returnsHtml = useRowsHtml(returns ?? NO_RETURNS, (row, mark) => returnRowHtml(row, base, mark), [
    base,
  ]);
  const recordsHtml = useRowsHtml(records, (row, mark) => recordRowHtml(row, base, mark), [base]);

  const deleteDialog = useDeleteDialog(DELETE_QUESTION);
  const onRecordClick = useRowLinks(deleteDialog.ask);
  const onReturnClick = useRowLinks(() => false);

  const pageHref = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
    params.set("page", String(target));
    return `${base}?${params}`;
  };
  const filtered = Boolean(filters.from || filters.to || filters.text);
  return (
    <section className="page">
      <div className="page-head">
        <h1>
          {format.code} records · {format.title}
        </h1>
        <div className="actions">
          <Link className="button primary" to={format.path}>
            New {format.code} form
          </Link>
          <Link className="button" to="/adminandsecurity">
            All formats
          </Link>
        </div>
      </div>

      {returns ? (
        <OutstandingReturns empty={returns.length === 0} html={returnsHtml} onClick={onReturnClick} />
      ) : null}

      <Form method="get" className="sop-filters" role="search" aria-label="Filter records">
        <div className="field">
          <label htmlFor="filter-from">From</label>
          <input id="filter-from" type="date" name="from" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">To</label>
          <input id="filter-to" type="date" name="to" defaultValue={filters.to} />
        </div>
        <div className="field">
          <label htmlFor="filter-text">Text</label>
          <input id="filter-text" type="search" name="text" defaultValue={filters.text} />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
        {filtered ? (
          <Link to={base} className="button">
            Clear
          </Link>
        ) : null}
      </Form>

      <p className="muted">
        {total} record{total === 1 ? "" : "s"}
        {filtered ? " match" : ""}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>Date</th>
              {format.keyLabels.map((label) => (
                <th key={label}>{label}</th>
              ))}
              <th>Saved by</th>
              <th>Saved at</th>
              <th className="no-print">Actions</th>
            </tr>
          </thead>
          {records.length === 0 ? (
            <tbody>
              <tr>
                <td className="empty" colSpan={format.keyLabels.length + 4}>
                  {filtered ? "No records match the filter." : "No records saved yet."}
                </td>
              </tr>
            </tbody>
          ) : (
            <HtmlRows key="rows" html={recordsHtml} onClick={onRecordClick} />
          )}
        </table>
      </div>
      {deleteDialog.dialog}
      {pages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? <Link to={pageHref(page - 1)}>Previous page</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function OutstandingReturns({
  empty,
  html,
  onClick,
}: {
  empty: boolean;
  html: string;
  onClick: ReturnType<typeof useRowLinks>;
}) {
  return (
    <section aria-labelledby="outstanding-title" className="sop-outstanding">
      <h2 id="outstanding-title">Returnable material not yet returned</h2>
      {empty ? (
        <p className="muted">All returnable material has come back.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Date out</th>
                <th>Gate pass No.</th>
                <th>Description of items</th>
                <th>Quantity</th>
                <th>Issued to</th>
                <th>Expected return</th>
                <th>Status</th>
              </tr>
            </thead>
            <HtmlRows html={html} onClick={onClick} />
          </table>
        </div>
      )}
    </section>
  );
}
