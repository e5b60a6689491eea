import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AUDIT_HEADINGS, AuditLine } from "#app/audit-trail/line.tsx";
import {
  type AuditRow,
  auditUserChoices,
  listAuditEntries,
  rowsInLanguage,
} from "#app/audit-trail/list.server.ts";
import { AUDIT_LIST_DEFAULTS, hasFilters, readAuditView } from "#app/audit-trail/list.ts";
import { RECORD_TYPE_NAMES, RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { withListSize } from "#app/auth/list-size.server.ts";
import { can } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { bringBack, canBringBack } from "#app/backups/bring-back.server.ts";
import { db } from "#app/db/client.server.ts";
import { isRecordId } from "#app/db/records.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requestLanguageCode, requestSay } from "#app/settings/say.server.ts";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { FormError, RowAction } from "#app/ui/form.tsx";
import { DateRangeFields, FilterSelect } from "#app/ui/list/filters.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import { ListToolbar, listViewOf, PrintLink, SortHeader } from "#app/ui/list/list-view.tsx";
import { EmptyRow, HeadCells, ListError, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /audit (issue 17): every change to the plant's records, newest first, for those who may read the
// audit area; filtered by user, record type and dates (the plant's days), paged on the server.
export const meta = pageTitle("Audit log");
export const handle = listHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "audit");
  // Bringing a deleted record back from a backup is the admins' (those who look after the backups).
  const bringsBack = can(user.role, "settings", "write");
  const search = await withListSize(db, user, "audit", new URL(request.url).searchParams);
  const { params, filters, problems } = readAuditView(search);
  const types = RECORD_TYPE_NAMES.map((name) => ({ value: name, label: RECORD_TYPES[name].label }));
  const view = (page: number, total: number) =>
    listViewOf("changes", params, { page, total }, AUDIT_LIST_DEFAULTS);
  try {
    const [page, people, language] = await Promise.all([
      listAuditEntries(db, params, filters, serverSettings().PLANT_TIME_ZONE),
      auditUserChoices(db),
      requestLanguageCode(request, user),
    ]);
    return {
      rows: rowsInLanguage(page.rows, language).map((row) => ({
        ...row,
        bringBack: bringsBack && row.action === "delete" && canBringBack(row.entity),
      })),
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
      rows: [] as (AuditRow & { bringBack: boolean })[],
      view: view(1, 0),
      filters,
      problems,
      people: [],
      types,
      error: `The audit log could not be read: ${FAULT_MESSAGE}.`,
    };
  }
}

/** POST /audit "Bring back": a deleted record and its stock movements, from the newest backup holding it. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings", "write");
  const form = await readForm(request);
  const entity = String(form.get("entity") ?? "");
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "bring-back" || !canBringBack(entity) || !isRecordId(id))
    return data({ bringBackError: "Choose a deleted record to bring back." }, 400);
  const outcome = await bringBack(entity, id, user.id);
  if (!outcome.ok) return data({ bringBackError: outcome.message }, 409);
  const back = new URL(request.url);
  const say = await requestSay(request, user, ["audit-trail"]);
  const values = {
    type: say(RECORD_TYPES[entity].label),
    backup: outcome.backup,
    movements: outcome.movements,
  };
  return redirectWithToast(`/audit${back.search}`, {
    type: "success",
    message: outcome.movements
      ? say("{type} brought back from the backup {backup} with {movements} stock movements.", values)
      : say("{type} brought back from the backup {backup}.", values),
  });
}

export default function AuditPage() {
  const { rows, view, filters, problems, people, types, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const filtered = hasFilters(filters);
  const { _ } = useLingui();
  return (
    <section className="page" aria-labelledby="audit-title">
      <ListHead id="audit-title" title={_("Audit log")}>
        <PrintLink to="/audit/print" name="the audit log" />
        <ExportLinks to="/audit/export" name="the audit log" />
      </ListHead>
      <ListError message={error} />
      <FormError errors={problems} />
      <FormError errors={answer?.bringBackError ? [answer.bringBackError] : undefined} />
      <ListToolbar view={view} label="Search changes">
        <FilterSelect
          id="audit-user"
          name="user"
          label="User"
          value={filters.user}
          all="Everyone"
          options={people.map((person) => ({ value: person.id, label: person.label }))}
        />
        <FilterSelect
          id="audit-type"
          name="type"
          label="Record type"
          value={filters.type}
          all="All records"
          options={types}
        />
        <DateRangeFields idPrefix="audit" from={filters.from} to={filters.to} />
      </ListToolbar>
      <ListTable
        view={view}
        noun={["change", "changes"]}
        filtered={filtered}
        label="Changes"
        className="audit-table"
      >
        <thead>
          <tr>
            <SortHeader view={view} sort="when">
              {_("When")}
            </SortHeader>
            <HeadCells labels={AUDIT_HEADINGS} />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={5}>
              {_(view.q || filtered ? "No changes match." : "No changes recorded yet.")}
            </EmptyRow>
          ) : (
            rows.map((row) => (
              <AuditLine
                key={row.id}
                row={row}
                extra={
                  row.bringBack ? (
                    <RowAction
                      intent="bring-back"
                      fields={{ entity: row.entity, id: row.entityId }}
                      pendingText="Bringing back..."
                    >
                      Bring back
                    </RowAction>
                  ) : null
                }
              />
            ))
          )}
        </tbody>
      </ListTable>
    </section>
  );
}
