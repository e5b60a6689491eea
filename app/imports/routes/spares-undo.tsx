import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { isImportId, undoImport } from "#app/imports/engine.server.ts";
import { sparesKind } from "#app/imports/kinds/spares.server.ts";
import { isDepartment, unknownDepartmentMessage } from "#app/inventory/rules.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";

// POST /import/products/{department}/{import id}/undo: an admin undoes a whole import, while none
// of its lines has changed since (area importsUndo). Answers on the upload page, as a toast.

function kindOfParams(params: LoaderFunctionArgs["params"]) {
  if (!isDepartment(params.department))
    throw new Response(unknownDepartmentMessage(String(params.department)), { status: 404 });
  return sparesKind(params.department);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "importsUndo", "write");
  return redirect(kindOfParams(params).uploadHref);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "importsUndo");
  const kind = kindOfParams(params);
  if (!isImportId(params.id)) throw new Response("There is no import at this address.", { status: 404 });
  const outcome = await undoImport(db, kind, params.id, user);
  return redirectWithToast(kind.uploadHref, {
    type: outcome.ok ? "success" : "error",
    message: outcome.message,
  });
}
