import { useLingui } from "@lingui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { notFound } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { DELETE_QUESTION, DELETED_MESSAGE, recordPath, recordsPath } from "#app/sop/paths.ts";
import { deleteRecord } from "#app/sop/queries.server.ts";
import { requireChangeableRecord } from "#app/sop/route-helpers.server.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// The delete confirmation page (ConfirmDelete's target without JavaScript); its action deletes.

export const meta = pageTitle("Delete record");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { definition, record } = await requireChangeableRecord(request, params);
  return {
    // Only what the page shows of the format (not its definition: see form.tsx).
    format: { code: definition.code, title: definition.title, path: definition.path },
    id: record.id,
    date: formatDateGB(record.recordDate),
    summary: record.summary,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, definition } = await requireChangeableRecord(request, params);
  if (!(await deleteRecord(db, definition, params.id ?? "", user.id))) notFound("Record not found");
  return redirectWithToast(recordsPath(definition), { type: "success", message: DELETED_MESSAGE });
}

export default function SopDeletePage() {
  const record = useLoaderData<typeof loader>();
  const { format } = record;
  const { _ } = useLingui();
  const here = recordPath(format, record.id);
  return (
    <section className="page narrow">
      <h1>{_("Delete {code} record", { code: format.code })}</h1>
      <p>
        {_("{title} of {date}", { title: _(format.title), date: record.date })}
        {record.summary ? ` · ${record.summary}` : ""}
      </p>
      <ConfirmDeleteForm href={`${here}/delete`} question={_(DELETE_QUESTION)} cancelHref={here} />
    </section>
  );
}
