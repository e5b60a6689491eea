import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RecordHistory } from "#app/audit/history.tsx";
import { recordHistory } from "#app/auth/history.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { PrintButton } from "#app/sop/engine/paper.tsx";
import { SopSheet } from "#app/sop/engine/sheet.tsx";
import { sopRecordHistory } from "#app/sop/history.ts";
import { DELETE_QUESTION, recordPath, recordsPath } from "#app/sop/paths.ts";
import { mayChange, requireFormat, requireRecord } from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";
import { ConfirmDelete } from "#app/ui/confirm-delete.tsx";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// A saved record, read-only, in the paper's layout, with Print, Edit and Delete.
// The definition comes with the loader data, as on the blank form (form.tsx).

export const links = stylesheet(sopCss);
export const meta = pageTitleOf<{ code: string }>((data, _) => _("{code} record", { code: data.code }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "sop");
  const definition = requireFormat(params.format);
  const record = await requireRecord(definition, params.id);
  const zone = serverSettings().PLANT_TIME_ZONE;
  const history = await recordHistory(db, user, sopRecordHistory, record.id, new URL(request.url));
  return {
    history,
    code: definition.code,
    definition,
    id: record.id,
    data: record.data,
    savedBy: record.createdByName ?? "",
    savedAt: formatDateTimeGB(record.createdAt, zone),
    updatedBy: record.updatedByName ?? "",
    updatedAt: record.version > 1 ? formatDateTimeGB(record.updatedAt, zone) : "",
    mayChange: mayChange(user, record),
  };
}

export default function SopRecordPage() {
  const record = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const { definition } = record;
  const here = recordPath(definition, record.id);
  return (
    <section className="page">
      <div className="page-head no-print">
        <p className="muted">
          {definition.code} {_(definition.title)} ·{" "}
          {_("saved by {name} on {when}", { name: record.savedBy || _("unknown"), when: record.savedAt })}
          {record.updatedAt
            ? ` · ${_("last changed by {name} on {when}", { name: record.updatedBy, when: record.updatedAt })}`
            : ""}
        </p>
        <div className="actions">
          <PrintButton href={`${here}/print`} />
          {record.mayChange ? (
            <>
              <Link className="button" to={`${here}/edit`}>
                {_("Edit")}
              </Link>
              <ConfirmDelete
                href={`${here}/delete`}
                question={_(DELETE_QUESTION)}
                itemName={_("this record")}
              />
            </>
          ) : null}
          <Link className="button" to={recordsPath(definition)}>
            {_("All {code} records", { code: definition.code })}
          </Link>
        </div>
      </div>
      <SopSheet definition={definition} data={record.data} />
      <div className="no-print">
        <RecordHistory history={record.history} />
      </div>
    </section>
  );
}
