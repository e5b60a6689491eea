import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import inventoryCss from "#app/inventory/inventory.css?url";
import { deleteLine, getLine, isLineId } from "#app/inventory/queries.server.ts";
import { isDepartment, messages, safeTablePath } from "#app/inventory/rules.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/shell/toast.server.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";

// /products/{department}/{id}/delete: the confirmation page of Delete without JavaScript; with
// JavaScript the table's dialog posts here. ?back= names the table to return to.

export const meta: MetaFunction = () => [{ title: "Delete spare-parts line · PlantOps" }];
export const links = () => [{ rel: "stylesheet", href: inventoryCss }];

function lineOf(params: Record<string, string | undefined>) {
  const { department, id } = params;
  if (!isDepartment(department) || !isLineId(id)) throw new Response(messages.notFound, { status: 404 });
  return { department, id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const { department, id } = lineOf(params);
  const line = await getLine(db, department, id);
  if (!line) throw new Response(messages.notFound, { status: 404 });
  const back = safeTablePath(new URL(request.url).searchParams.get("back"), department);
  return {
    department,
    back,
    line: { srno: line.srno, assets: line.Assets, components: line.ComponentsAndEquipments },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { department, id } = lineOf(params);
  const back = safeTablePath(new URL(request.url).searchParams.get("back"), department);
  let deleted = false;
  try {
    deleted = await deleteLine(db, department, id, user.id);
  } catch (error) {
    logError(request, error);
  }
  // Behaviour note 16: a failed delete is shown to the user, not only logged.
  return deleted
    ? redirectWithToast(back, { type: "success", message: messages.deleted })
    : redirectWithToast(back, { type: "error", message: messages.deleteFailed });
}

export default function DeleteLinePage() {
  const { department, back, line } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section className="page narrow">
      <h1>Delete spare-parts line</h1>
      <dl className="delete-summary">
        <dt>Department</dt>
        <dd>{department}</dd>
        <dt>Serial Number</dt>
        <dd>{line.srno}</dd>
        <dt>Assets</dt>
        <dd>{line.assets}</dd>
        <dt>Components/Equipments</dt>
        <dd>{line.components}</dd>
      </dl>
      <ConfirmDeleteForm
        href={`${location.pathname}${location.search}`}
        question={messages.deleteQuestion}
        cancelHref={back}
      />
    </section>
  );
}
