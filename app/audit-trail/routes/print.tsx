import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AUDIT_HEADINGS, AuditLine } from "#app/audit-trail/line.tsx";
import {
  type AuditRow,
  auditUserChoices,
  listAuditEntriesForPrint,
  rowsInLanguage,
} from "#app/audit-trail/list.server.ts";
import { appliedAuditFilters, readAuditView } from "#app/audit-trail/list.ts";
import { RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { requestLanguageCode, requestSay } from "#app/settings/say.server.ts";
import { ColumnHeads } from "#app/ui/list/page.tsx";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /audit/print?…: the searched and filtered audit log (all pages) on paper, sent without
// JavaScript (docs/architecture.md "Lists"). Every field line is printed.

export const handle = printHandle;
export const meta = pageTitle("Audit log (print)");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "audit");
  const url = new URL(request.url);
  const { params, filters } = readAuditView(url.searchParams);
  let rows: AuditRow[] = [];
  let userName = "";
  try {
    rows = rowsInLanguage(
      await listAuditEntriesForPrint(db, params, filters, serverSettings().PLANT_TIME_ZONE),
      await requestLanguageCode(request, user),
    );
    if (filters.user)
      userName = (await auditUserChoices(db)).find((person) => person.id === filters.user)?.label ?? "";
  } catch (error) {
    logError(request, error);
  }
  const applied = appliedAuditFilters(params.q, filters, {
    user: userName || filters.user,
    type: filters.type
      ? (await requestSay(request, user, ["audit-trail"]))(RECORD_TYPES[filters.type].label)
      : "",
  });
  return listPrint(rows, applied, "/audit", url.searchParams);
}

export default function AuditPrintPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <PrintList title="Audit log" list={list}>
      <table className="audit-table">
        <ColumnHeads columns={["When", ...AUDIT_HEADINGS]} />
        <tbody>
          {list.rows.map((row) => (
            <AuditLine key={row.id} row={row} cap={Number.POSITIVE_INFINITY} />
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
