import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateGB, formatDateTimeGB, isIsoDate } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { ConfirmDelete } from "#app/ui/confirm-delete.tsx";
import { Highlight } from "#app/ui/search.tsx";
import { keyFieldText } from "../engine/values.ts";
import { findFormat } from "../formats/index.ts";
import { DELETE_QUESTION, recordPath, recordsPath } from "../paths.ts";
import { listRecords, outstandingReturns } from "../queries.server.ts";
import { plantToday, requireFormat } from "../route-helpers.server.ts";
import sopCss from "../sop.css?url";

// /{format}/records: newest first, 50 a page, filtered by date range and text (a GET form).
// AS15 also lists the returnable material not yet back, marking what is past its expected date.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sopCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.code} records · PlantOps` : "PlantOps" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const definition = requireFormat(params.format);
  const url = new URL(request.url);
  const date = (name: string) => {
    const value = url.searchParams.get(name)?.trim() ?? "";
    return isIsoDate(value) ? value : "";
  };
  const filters = {
    from: date("from"),
    to: date("to"),
    text: (url.searchParams.get("text") ?? "").trim().slice(0, 100),
  };
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const zone = serverSettings().PLANT_TIME_ZONE;
  const today = plantToday();
  const [list, returns] = await Promise.all([
    listRecords(db, definition, { ...filters, page }),
    definition.code === "AS15" ? outstandingReturns(db, today) : Promise.resolve(null),
  ]);
  return {
    code: definition.code,
    filters,
    page,
    total: list.total,
    pages: Math.max(1, Math.ceil(list.total / list.pageSize)),
    records: list.records.map((record) => ({
      id: record.id,
      date: formatDateGB(record.recordDate),
      keys: definition.keyFields.map((field) => keyFieldText(record.data, field.path)),
      savedBy: record.createdBy ?? "",
      savedAt: formatDateTimeGB(record.createdAt, zone),
    })),
    returns: returns?.map((entry) => ({
      ...entry,
      date: formatDateGB(entry.date),
      expected: entry.expectedDateOfReturn ? formatDateGB(entry.expectedDateOfReturn) : "Not given",
    })),
  };
}

export default function SopRecordsPage() {
  const { code, filters, page, pages, total, records, returns } = useLoaderData<typeof loader>();
  const definition = findFormat(code);
  if (!definition) return null;
  const base = recordsPath(definition);
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
          {definition.code} records · {definition.title}
        </h1>
        <div className="actions">
          <Link className="button primary" to={definition.path}>
            New {definition.code} form
          </Link>
          <Link className="button" to="/adminandsecurity">
            All formats
          </Link>
        </div>
      </div>

      {returns ? <OutstandingReturns returns={returns} definitionPath={base} /> : null}

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
              {definition.keyFields.map((field) => (
                <th key={field.path}>{field.label}</th>
              ))}
              <th>Saved by</th>
              <th>Saved at</th>
              <th className="no-print">Actions</th>
            </tr>
          </thead>
          <tbody>
            {records.length === 0 ? (
              <tr>
                <td className="empty" colSpan={definition.keyFields.length + 4}>
                  {filtered ? "No records match the filter." : "No records saved yet."}
                </td>
              </tr>
            ) : (
              records.map((record) => {
                const here = recordPath(definition, record.id);
                const name = `record of ${record.date}${record.keys[0] ? ` ${record.keys[0]}` : ""}`;
                return (
                  <tr key={record.id}>
                    <td>
                      <Link to={here} aria-label={`Open ${name}`}>
                        {record.date}
                      </Link>
                    </td>
                    {record.keys.map((key, index) => (
                      <td key={definition.keyFields[index].path}>
                        <Highlight text={key} />
                      </td>
                    ))}
                    <td>
                      <Highlight text={record.savedBy} />
                    </td>
                    <td>{record.savedAt}</td>
                    <td className="no-print">
                      <div className="actions row-actions">
                        <Link className="button small" to={here}>
                          Open
                        </Link>
                        <Link className="button small" to={`${here}/edit`} aria-label={`Edit ${name}`}>
                          Edit
                        </Link>
                        <ConfirmDelete href={`${here}/delete`} question={DELETE_QUESTION} itemName={name} />
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
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

type Return = {
  recordId: string;
  row: number;
  date: string;
  gatePassNo: string;
  descriptionOfItems: string;
  quantity: string;
  issuedTo: string;
  expected: string;
  overdue: boolean;
};

function OutstandingReturns({ returns, definitionPath }: { returns: Return[]; definitionPath: string }) {
  return (
    <section aria-labelledby="outstanding-title" className="sop-outstanding">
      <h2 id="outstanding-title">Returnable material not yet returned</h2>
      {returns.length === 0 ? (
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
            <tbody>
              {returns.map((entry) => (
                <tr
                  key={`${entry.recordId}-${entry.row}`}
                  className={entry.overdue ? "overdue-row" : undefined}
                >
                  <td>
                    <Link to={`${definitionPath}/${entry.recordId}`}>{entry.date}</Link>
                  </td>
                  <td>
                    <Highlight text={entry.gatePassNo} />
                  </td>
                  <td>
                    <Highlight text={entry.descriptionOfItems} />
                  </td>
                  <td>{entry.quantity}</td>
                  <td>
                    <Highlight text={entry.issuedTo} />
                  </td>
                  <td>{entry.expected}</td>
                  <td className={entry.overdue ? "overdue" : undefined}>
                    {entry.overdue ? "Overdue" : "Out"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
