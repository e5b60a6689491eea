import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { db } from "#app/db/client.server.ts";
import { isImportId, undoImport } from "#app/imports/engine.server.ts";
import { requireImportPage } from "#app/imports/guards.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";

// POST /import/…/{import id}/undo: an admin undoes a whole import, while none of its records has
// changed since (area importsUndo). Answers on the upload page, as a toast.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { kind } = await requireImportPage(request, params, "write", "importsUndo");
  return redirect(kind.uploadHref);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, kind } = await requireImportPage(request, params, undefined, "importsUndo");
  if (!isImportId(params.id)) throw new Response("There is no import at this address.", { status: 404 });
  const outcome = await undoImport(db, kind, params.id, user);
  return redirectWithToast(kind.uploadHref, {
    type: outcome.ok ? "success" : "error",
    message: outcome.message,
  });
}
