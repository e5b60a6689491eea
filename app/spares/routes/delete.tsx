import { useLingui } from "@lingui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { deleteLine, getLineBySrno } from "#app/spares/queries.server.ts";
import { type Department, deleteHrefOf, isDepartment, messages, safeListPath } from "#app/spares/rules.ts";
import sparesCss from "#app/spares/spares.css?url";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /products/{department}/{srno}/delete?back=…: the confirmation page of Delete without JavaScript;
// with JavaScript the table's dialog posts here. The line is addressed by its serial number (unique
// in its department; see line-by-srno.ts); the delete itself also names the id and the version of
// the line the user confirmed (the dialog's from the table, the page's from the line it shows), so
// a line changed, renumbered, or deleted and re-created since is never deleted by mistake.
// `back` names the table to return to.

export const meta = pageTitle("Delete spare-parts line");
export const links = () => [{ rel: "stylesheet", href: sparesCss }];

function target(request: Request, params: Record<string, string | undefined>) {
  const { department } = params;
  if (!isDepartment(department)) throw new HttpError(404, messages.notFound);
  const search = new URL(request.url).searchParams;
  const version = search.get("version");
  return {
    // The id the table showed (absent in old links): the line at this serial number must be it.
    lineId: search.get("line"),
    department: department as Department,
    srno: /^\d{1,10}$/.test(params.srno ?? "") ? Number(params.srno) : Number.NaN,
    version: version && /^\d{1,10}$/.test(version) ? Number(version) : undefined,
    back: safeListPath(search.get("back"), department),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "spares", "write");
  const { department, srno, back, lineId } = target(request, params);
  const line = await getLineBySrno(db, department, srno);
  if (!line || (lineId && line._id !== lineId)) throw new HttpError(404, messages.notFound);
  return {
    department,
    back,
    line: {
      id: line._id,
      version: line.version,
      srno: line.srno,
      assets: line.Assets,
      components: line.ComponentsAndEquipments,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "spares", "write");
  const { department, srno, version, back, lineId } = target(request, params);
  let outcome: "deleted" | "not-found" | "stale" = "not-found";
  try {
    const line = await getLineBySrno(db, department, srno);
    // Another line now holds this serial number: the one the user saw is gone.
    if (line && lineId && line._id !== lineId) outcome = "stale";
    else if (line) outcome = await deleteLine(db, department, line._id, user.id, version);
  } catch (error) {
    logError(request, error);
  }
  // README difference 16: a failed delete is shown to the user, not only logged.
  if (outcome === "deleted")
    return redirectWithToast(back, { type: "success", message: messages.lineDeleted });
  const message = outcome === "stale" ? STALE_RECORD_MESSAGE : messages.deleteFailed;
  return redirectWithToast(back, { type: "error", message });
}

export default function DeleteLinePage() {
  const { department, back, line } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { _ } = useLingui();
  return (
    <section className="page narrow">
      <h1>{_("Delete spare-parts line")}</h1>
      <dl className="delete-summary">
        <dt>{_("Department")}</dt>
        <dd>{_(department)}</dd>
        <dt>{_("Serial Number")}</dt>
        <dd>{line.srno}</dd>
        <dt>{_("Assets")}</dt>
        <dd>{line.assets}</dd>
        <dt>{_("Components/Equipments")}</dt>
        <dd>{line.components}</dd>
      </dl>
      <ConfirmDeleteForm
        href={deleteHrefOf(`${location.pathname}${location.search}`, line)}
        question={messages.deleteQuestion}
        cancelHref={back}
      />
    </section>
  );
}
