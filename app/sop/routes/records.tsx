import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { withListSize } from "#app/auth/list-size.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { formatDateGB, formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import {
  NOT_GIVEN,
  RECORD_LIST_DEFAULTS,
  type RecordRow,
  type ReturnRow,
  readRecordView,
  recordNameOf,
} from "#app/sop/list.ts";
import { DELETE_QUESTION, recordsPath } from "#app/sop/paths.ts";
import { listRecordPage, outstandingReturns } from "#app/sop/queries.server.ts";
import { mayChange, requireFormat } from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { DeleteLink, useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { DateRangeFields } from "#app/ui/list/filters.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import {
  ListToolbar,
  listViewOf,
  PrintLink,
  SortHeader,
  useSearchRowsInSteps,
} from "#app/ui/list/list-view.tsx";
import { Marked } from "#app/ui/list/marked.tsx";
import { EmptyRow, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// /{format}/records: a server-side list (docs/architecture.md "Lists"), newest first, searched
// (?q=, what the rows show and what the records hold), within a date range (?from=&to=), sorted
// and paged by the server. AS15 also lists the returnable material not yet back, marking what is
// past its expected date. The loader sends the format's name and key-field headings, not its
// definition.

export const links = stylesheet(sopCss);
// A list with its own search box: the navbar leaves its own out (README difference 18).
export const handle = listHandle;
export const meta = pageTitleOf<{ format: { code: string } }>((data, _) =>
  _("{code} records", { code: data.format.code }),
);

export async function loader({ request, params: routeParams }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "sop");
  const definition = requireFormat(routeParams.format);
  const search = await withListSize(db, user, `sop/${definition.code}`, new URL(request.url).searchParams);
  const { params, range } = readRecordView(search);
  // The outstanding returns show the most overdue few above the records, all of them on request:
  // two hundred rows above the list doubled the page a slowed-down terminal lays out and hydrates.
  const allReturns = search.get("returns") === "all";
  const zone = serverSettings().PLANT_TIME_ZONE;
  let page = { rows: [] as RecordRow[], total: 0, page: 1 };
  let returns: { rows: ReturnRow[]; total: number; all: boolean } | null = null;
  try {
    const [list, outstanding] = await Promise.all([
      listRecordPage(db, definition, params, range),
      definition.outstandingReturns
        ? outstandingReturns(db, plantToday(), allReturns ? OUTSTANDING_ALL : OUTSTANDING_FIRST)
        : Promise.resolve(null),
    ]);
    page = {
      ...list,
      rows: list.rows.map((record) => ({
        id: record.id,
        date: formatDateGB(record.recordDate),
        keys: record.keys,
        savedBy: record.savedBy ?? "",
        savedAt: formatDateTimeGB(record.createdAt, zone),
        mayChange: mayChange(user, record),
      })),
    };
    returns = outstanding && {
      total: outstanding.total,
      all: allReturns,
      rows: outstanding.rows.map((entry) => ({
        recordId: entry.recordId,
        date: formatDateGB(entry.date),
        gatePassNo: entry.gatePassNo,
        descriptionOfItems: entry.descriptionOfItems,
        quantity: entry.quantity,
        issuedTo: entry.issuedTo,
        expected: entry.expectedDateOfReturn ? formatDateGB(entry.expectedDateOfReturn) : NOT_GIVEN,
        overdue: entry.overdue,
      })),
    };
  } catch (error) {
    // A list that cannot be read shows as empty (the legacy app); the cause is in the log.
    logError(request, error);
  }
  const view = listViewOf(`${definition.code} records`, params, page, RECORD_LIST_DEFAULTS);
  return {
    format: {
      code: definition.code,
      title: definition.title,
      path: definition.path,
      keyLabels: definition.keyFields.map((field) => field.label),
    },
    range,
    view,
    records: page.rows,
    returns,
  };
}

/** Outstanding returns shown by default, and at most on request (oldest expected return first). */
const OUTSTANDING_FIRST = 20;
const OUTSTANDING_ALL = 500;

export default function SopRecordsPage() {
  const { format, range, view: listed, records, returns } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  // The list's name in the page's language, as the list's search, status and pager say it.
  const view = { ...listed, name: _("{code} records", { code: format.code }) };
  const base = recordsPath(format);
  const deleteDialog = useDeleteDialog(_(DELETE_QUESTION));
  const mayFillIn = useCan()("sop");
  const filtered = Boolean(range.from || range.to);
  const shown = useSearchRowsInSteps(records, view.q);
  return (
    <section className="page">
      <ListHead title={`${view.name} · ${_(format.title)}`}>
        <PrintLink to={`${base}/print`} name={view.name} />
        <ExportLinks to={`${base}/export`} name={view.name} />
        {mayFillIn ? (
          <Link className="button primary" to={format.path}>
            {_("New {code} form", { code: format.code })}
          </Link>
        ) : null}
        <Link className="button" to="/adminandsecurity">
          {_("All formats")}
        </Link>
      </ListHead>

      {returns ? <OutstandingReturns returns={returns} base={base} q={view.q} /> : null}

      <ListToolbar view={view}>
        <DateRangeFields idPrefix="filter" from={range.from} to={range.to} />
      </ListToolbar>
      <ListTable view={view} noun={[_("record"), _("records")]} filtered={filtered} className="sop-records">
        <thead>
          <tr>
            <SortHeader view={view} sort="date">
              {_("Date")}
            </SortHeader>
            {format.keyLabels.map((label) => (
              <th key={label} scope="col">
                {_(label)}
              </th>
            ))}
            <SortHeader view={view} sort="savedBy">
              {_("Saved by")}
            </SortHeader>
            <SortHeader view={view} sort="savedAt">
              {_("Saved at")}
            </SortHeader>
            <th scope="col" className="no-print actions-cell">
              {_("Actions")}
            </th>
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <EmptyRow columns={format.keyLabels.length + 4}>
              {view.q || filtered ? _("No records match.") : _("No records saved yet.")}
            </EmptyRow>
          ) : (
            shown.map((row) => (
              <RecordLine key={row.id} row={row} base={base} q={view.q} askToDelete={deleteDialog.ask} />
            ))
          )}
        </tbody>
      </ListTable>
      {deleteDialog.dialog}
    </section>
  );
}

/** One saved record: its date (opens it), the key fields, who saved it and when, and its actions. */
function RecordLine({
  row,
  base,
  q,
  askToDelete,
}: {
  row: RecordRow;
  base: string;
  q: string;
  askToDelete: (href: string) => boolean;
}) {
  const { _ } = useLingui();
  const here = `${base}/${row.id}`;
  const name = recordNameOf(row, _);
  const deleteHref = `${here}/delete`;
  return (
    <tr>
      <td>
        <a href={here} aria-label={_("Open {record}", { record: name })}>
          <Marked text={row.date} q={q} />
        </a>
      </td>
      {/* What people typed, and who saved it: never translated. */}
      {row.keys.map((key, index) => (
        <td key={index} translate="no">
          <Marked text={key} q={q} />
        </td>
      ))}
      <td translate="no">
        <Marked text={row.savedBy} q={q} />
      </td>
      <td>{row.savedAt}</td>
      <td className="no-print actions-cell">
        <div className="actions row-actions">
          <a className="button small" href={here}>
            {_("Open")}
          </a>
          {row.mayChange ? (
            <>
              <a
                className="button small"
                href={`${here}/edit`}
                aria-label={_("Edit {record}", { record: name })}
              >
                {_("Edit")}
              </a>
              <DeleteLink
                href={deleteHref}
                ask={askToDelete}
                label={_("Delete {record}", { record: name })}
              />
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function OutstandingReturns({
  returns: { rows, total, all },
  base,
  q,
}: {
  returns: { rows: ReturnRow[]; total: number; all: boolean };
  base: string;
  q: string;
}) {
  const location = useLocation();
  const { _ } = useLingui();
  const withReturns = (value: "all" | null) => {
    const search = new URLSearchParams(location.search);
    if (value) search.set("returns", value);
    else search.delete("returns");
    const query = search.toString();
    return `${base}${query ? `?${query}` : ""}#outstanding-title`;
  };
  return (
    <section aria-labelledby="outstanding-title" className="sop-outstanding">
      <h2 id="outstanding-title">{_("Returnable material not yet returned")}</h2>
      {total > rows.length ? (
        <p>
          {_("The {shown} most overdue of {total} entries.", { shown: rows.length, total })}{" "}
          <Link to={withReturns("all")}>{_("Show all {total}", { total })}</Link>
        </p>
      ) : all && total > OUTSTANDING_FIRST ? (
        <p>
          {_("All {total} entries.", { total })}{" "}
          <Link to={withReturns(null)}>
            {_("Show the {count} most overdue", { count: OUTSTANDING_FIRST })}
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">{_("All returnable material has come back.")}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{_("Date out")}</th>
                <th>{_("Gate pass No.")}</th>
                <th>{_("Description of items")}</th>
                <th>{_("Quantity")}</th>
                <th>{_("Issued to")}</th>
                <th>{_("Expected return")}</th>
                <th>{_("Status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.recordId}-${index}`} className={row.overdue ? "overdue-row" : undefined}>
                  <td>
                    <Link to={`${base}/${row.recordId}`}>{row.date}</Link>
                  </td>
                  <td>
                    <Marked text={row.gatePassNo} q={q} />
                  </td>
                  <td>
                    <Marked text={row.descriptionOfItems} q={q} />
                  </td>
                  <td>{row.quantity}</td>
                  <td>
                    <Marked text={row.issuedTo} q={q} />
                  </td>
                  <td>{row.expected === NOT_GIVEN ? _(NOT_GIVEN) : row.expected}</td>
                  <td className={row.overdue ? "overdue" : undefined}>
                    {row.overdue ? _("Overdue") : _("Out")}
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
