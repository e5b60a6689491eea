import { useLingui } from "@lingui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { requireImportPage } from "#app/imports/access.server.ts";
import { UNDO_WORDS, undoQuestionIn } from "#app/imports/components.tsx";
import { findImport, isImportId, undoImport, undoMessages } from "#app/imports/engine.server.ts";
import { importMessage, listName } from "#app/imports/words.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { groupDigits } from "#app/lib/numbers.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requestSay } from "#app/settings/say.server.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { FormError } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /import/…/{import id}/undo: an admin undoes a whole import, while none of its records has
// changed since (area importsUndo). The page asks first, without JavaScript (the upload page's
// Undo link leads here; with JavaScript it opens the same question in a dialog that posts here);
// the answer is a toast on the upload page.

export const meta = pageTitle("Undo an import");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { kind } = await requireImportPage(request, params, "write", "importsUndo");
  const found = await findImport(db, String(params.id));
  if (!found || found.kind !== kind.id || found.status === "preview")
    throw new HttpError(404, "There is no import at this address.");
  return {
    title: kind.title,
    uploadHref: kind.uploadHref,
    href: `${kind.uploadHref}/${found.id}/undo`,
    fileName: found.fileName,
    written: found.written ?? 0,
    committedAt: found.committedAt
      ? formatDateTimeGB(found.committedAt, serverSettings().PLANT_TIME_ZONE)
      : "",
    /** Already undone: said instead of the question. */
    refusal: found.status === "undone" ? undoMessages.notCommitted : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, kind } = await requireImportPage(request, params, undefined, "importsUndo");
  if (!isImportId(params.id)) throw new HttpError(404, "There is no import at this address.");
  const outcome = await undoImport(db, kind, params.id, user);
  // Shown by the upload page's toast: worded here, for the person.
  const say = await requestSay(request, user, ["imports"]);
  return redirectWithToast(kind.uploadHref, {
    type: outcome.ok ? "success" : "error",
    message: importMessage(say, outcome.message),
  });
}

export default function UndoImportPage() {
  const { _ } = useLingui();
  const { title, uploadHref, href, fileName, written, committedAt, refusal } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow" aria-labelledby="undo-import-title">
      <h1 id="undo-import-title">{_("Undo an import into {list}", { list: listName(_, title) })}</h1>
      <dl>
        <dt>{_("File")}</dt>
        <dd>{fileName}</dd>
        <dt>{_("Rows written")}</dt>
        <dd>{groupDigits(written)}</dd>
        <dt>{_("Imported on")}</dt>
        <dd>{committedAt}</dd>
      </dl>
      {refusal ? (
        <>
          <FormError errors={[importMessage(_, refusal)]} />
          <p>
            <Link to={uploadHref}>{_("Back to the import page")}</Link>
          </p>
        </>
      ) : (
        <ConfirmDeleteForm
          href={href}
          question={undoQuestionIn(_, fileName)}
          cancelHref={uploadHref}
          words={UNDO_WORDS}
        />
      )}
    </section>
  );
}
