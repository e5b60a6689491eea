import { randomUUID } from "node:crypto";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { type HistoryView, RecordHistory } from "#app/audit/history.tsx";
import { recordHistory } from "#app/auth/history.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { SCRIPTED_FIELD, SCRIPTED_VALUE } from "#app/file-index/components.tsx";
import fileIndexCss from "#app/file-index/file-index.css?url";
import { fileHistory } from "#app/file-index/history.ts";
import { rackHref } from "#app/file-index/hrefs.ts";
import { findFile, updateFile } from "#app/file-index/queries.server.ts";
import { isFileId, isRackName, messages, type RackFile, type RackName } from "#app/file-index/rules.ts";
import { fileUpdateSchema } from "#app/file-index/schema.ts";
import { UpdateFileForm } from "#app/file-index/update-file.tsx";
import { HttpError, readForm } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { Toast } from "#app/lib/toast-types.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError } from "#app/ui/form.tsx";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

// The Update File page (the legacy app: /rackadmin/racks/{rackName}/{_id}): the update form without
// JavaScript. Its action also serves the dialog over the list (a fetcher), which gets data back
// instead of a redirect.

export const meta = pageTitle("Update File");
export const links = stylesheet(fileIndexCss);

type Loaded = {
  rackName: RackName | null;
  file: RackFile | null;
  error: string | null;
  history?: HistoryView | null;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "fileIndex", "write");
  const { rackName, id } = params;
  if (!isRackName(rackName) || !isFileId(id))
    return data<Loaded>({ rackName: null, file: null, error: messages.invalidRackOrId }, { status: 404 });
  try {
    const file = await findFile(db, rackName, id);
    if (!file) return data<Loaded>({ rackName, file: null, error: messages.fetchFailed }, { status: 404 });
    const history = await recordHistory(db, user, fileHistory, file._id, new URL(request.url));
    return data<Loaded>({ rackName, file, error: null, history });
  } catch (error) {
    logError(request, error);
    return data<Loaded>({ rackName, file: null, error: messages.fetchFailed }, { status: 500 });
  }
}

const toastOf = (type: Toast["type"], message: string): Toast => ({ type, message, id: randomUUID() });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "fileIndex", "write");
  const { rackName, id } = params;
  if (!isRackName(rackName) || !isFileId(id)) throw new HttpError(404, messages.invalidRackOrId);
  const form = await readForm(request);
  const scripted = form.get(SCRIPTED_FIELD) === SCRIPTED_VALUE;
  const submission = parseSubmission(form, fileUpdateSchema);
  if (submission.status !== "success")
    return data({ ok: false, result: submission.reply(), toast: null }, { status: 400 });

  const refused = (detail: string | null, status: number) => {
    const errors = detail ? [messages.updateFailed, detail] : [messages.updateFailed];
    return data(
      {
        ok: false,
        result: submission.reply({ formErrors: errors }),
        toast: toastOf("error", errors.join(" ")),
      },
      { status },
    );
  };
  let outcome: Awaited<ReturnType<typeof updateFile>>;
  try {
    outcome = await updateFile(db, rackName, id, submission.value, user.id);
  } catch (error) {
    logError(request, error);
    return refused(null, 500);
  }
  if (!outcome.ok) {
    return outcome.reason === "stale" ? refused(STALE_RECORD_MESSAGE, 409) : refused(messages.fileGone, 404);
  }
  if (!scripted) return redirectWithToast(rackHref(rackName), { type: "success", message: messages.updated });
  return { ok: true, result: submission.reply(), toast: toastOf("success", messages.updated) };
}

export default function UpdateFilePage() {
  const { _ } = useLingui();
  const { rackName, file, error, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page narrow file-index">
      <div className="page-head">
        <h1>{_("Update File")}</h1>
        {rackName ? <span className="muted">{rackName}</span> : null}
      </div>
      {rackName && file ? (
        <UpdateFileForm rackName={rackName} file={file} lastResult={actionData?.result} />
      ) : (
        <>
          <FormError errors={[error ?? messages.fetchFailed]} />
          <p>
            <Link to={rackName ? rackHref(rackName) : "/rackadmin"}>{_("Back to Admin Racks")}</Link>
          </p>
        </>
      )}
      {file ? <RecordHistory history={history} /> : null}
    </section>
  );
}
