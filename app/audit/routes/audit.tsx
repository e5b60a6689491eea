import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditLine } from "#app/audit/history.tsx";
import { type AuditRow, auditUserChoices, listAuditEntries } from "#app/audit/list.server.ts";
import { AUDIT_LIST_DEFAULTS, hasFilters, readAuditView } from "#app/audit/list.ts";
import { RECORD_TYPE_NAMES, RECORD_TYPES } from "#app/audit/record-types.ts";
import { withListSize } from "#app/auth/list-size.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { ExportLinks } from "#app/exports/links.tsx";
import { serverSettings } from "#app/lib/env.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { FormError } from "#app/ui/form.tsx";
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

// /audit (issue 17): every change to the plant's records, newest first, for those who may read the
// audit area; filtered by user, record type and dates (the plant's days), paged on the server.
export const meta: MetaFunction = () => [{ title: "Audit log · PlantOps" }];
export const handle = listHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "audit");
  const search = await withListSize(db, user, "audit", new URL(request.url).searchParams);
  const { params, filters, problems } = readAuditView(search);
  const types = RECORD_TYPE_NAMES.map((name) => ({ value: name, label: RECORD_TYPES[name].label }));
  const view = (page: number, total: number): ListView => ({
    name: "changes",
    ...params,
    page,
    total,
    defaults: AUDIT_LIST_DEFAULTS,
  });
  try {
    const [page, people] = await Promise.all([
      listAuditEntries(db, params, filters, serverSettings().PLANT_TIME_ZONE),
      auditUserChoices(db),
    ]);
    return {
      rows: page.rows,
      view: view(page.page, page.total),
      filters,
      problems,
      people,
      types,
      error: null,
    };
  } catch (error) {
    logError(request, error);
    return {
      rows: [] as AuditRow[],
      view: view(1, 0),
      filters,
      problems,
      people: [],
      types,
      error: `The audit log could not be read: ${FAULT_MESSAGE}.`,
    };
  }
}

export default function AuditPage() {
  const { rows, view, filters, problems, people, types, error } = useLoaderData<typeof loader>();
  const filtered = hasFilters(filters);
  return (
    <section className="page" aria-labelledby="audit-title">
      <div className="page-head">
        <h1 id="audit-title">Audit log</h1>
        <div className="actions">
          <PrintLink to="/audit/print" name="the audit log" />
          <ExportLinks to="/audit/export" name="the audit log" />
        </div>
      </div>
      {error ? (
        <p className="fetch-error" role="alert">
          {error}
        </p>
      ) : null}
      <FormError errors={problems} />
      <ListToolbar view={view} label="Search changes">
        <div className="field">
          <label htmlFor="audit-user">User</label>
          <select id="audit-user" name="user" defaultValue={filters.user} key={`user-${filters.user}`}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-type">Record type</label>
          <select id="audit-type" name="type" defaultValue={filters.type} key={`type-${filters.type}`}>
            <option value="">All records</option>
            {types.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input
            id="audit-from"
            type="date"
            name="from"
            defaultValue={filters.from}
            key={`from-${filters.from}`}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" type="date" name="to" defaultValue={filters.to} key={`to-${filters.to}`} />
        </div>
      </ListToolbar>
      <ListStatus view={view} noun={["change", "changes"]} filtered={filtered} />
      <TableWrap label="Changes">
        <table aria-label="Changes" className="audit-table">
          <thead>
            <tr>
              <SortHeader view={view} sort="when">
                When
              </SortHeader>
              <th scope="col">Who</th>
              <th scope="col">Change</th>
              <th scope="col">Record</th>
              <th scope="col">Fields</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="empty">
                  {view.q || filtered ? "No changes match." : "No changes recorded yet."}
                </td>
              </tr>
            ) : (
              rows.map((row) => <AuditLine key={row.id} row={row} />)
            )}
          </tbody>
        </table>
      </TableWrap>
      <Pager view={view} />
    </section>
  );
}
