import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { RecordHistory } from "#app/audit/history.tsx";
import { recordHistory } from "#app/auth/history.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { stockCardPath } from "#app/stock/item.ts";
import { readPageForm, requireRackItemPage, requireRackNumber } from "#app/store-racks/access.server.ts";
import { rackItemHistory } from "#app/store-racks/history.ts";
import { updateRackItem } from "#app/store-racks/queries.server.ts";
import { RackItemForm } from "#app/store-racks/rack-form.tsx";
import racksCss from "#app/store-racks/racks.css?url";
import { formatQuantity, messages, rackLabel } from "#app/store-racks/rules.ts";
import { rackItemUpdateSchema } from "#app/store-racks/schema.ts";
import { ErrorPage } from "#app/ui/error-page.tsx";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";
import { useToast } from "#app/ui/toasts.tsx";

// /rackupdate/{rackNumber}/{_id}: the Update Product form (the legacy app; README difference 20).
export const meta = pageTitle("Update Product");

export const links = stylesheet(racksCss);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks", "write");
  const { rackNumber, item, shown } = await requireRackItemPage(params);
  const history = await recordHistory(db, user, rackItemHistory, item._id, new URL(request.url));
  return {
    history,
    rackNumber,
    item: { ...shown, version: item.version },
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "racks", "write");
  const rackNumber = requireRackNumber(params.rackNumber);
  const submission = parseSubmission(await readPageForm(request), rackItemUpdateSchema);
  const refuse = (status: number, reasons: string[] = []) =>
    data(
      {
        result: submission.reply({ formErrors: [messages.updateFailed, ...reasons] }),
        toast: { type: "error" as const, message: messages.updateFailed, id: crypto.randomUUID() },
      },
      { status },
    );
  if (submission.status !== "success") return refuse(400);
  const { version, section, materialName } = submission.value;
  const outcome = await updateRackItem(
    db,
    rackNumber,
    params.id ?? "",
    { section, materialName },
    version,
    user.id,
  );
  if (!outcome.ok) {
    // Someone else saved first: say so and keep what this user typed (README difference 20).
    if (outcome.reason === "stale") return refuse(409, [STALE_RECORD_MESSAGE]);
    return outcome.reason === "stock" ? refuse(400, [outcome.message]) : refuse(404, [messages.notFound]);
  }
  return redirectWithToast(`/rackupdate/${rackNumber}/${outcome.item._id}?saved=1`, {
    type: "success",
    message: messages.updated,
  });
}

export default function UpdateProductPage() {
  const { rackNumber, item, saved, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  const { _ } = useLingui();
  return (
    <section className="page narrow">
      <h1>{_("Update Product")}</h1>
      <p className="muted">
        {_(rackLabel(rackNumber))} · {_("in stock:")} {formatQuantity(item.closingStock)} ·{" "}
        <Link to={stockCardPath({ type: "rack", id: item.id })}>{_("Stock card")}</Link>{" "}
        {_("(issue, receive and count from there or from the Store Racks list)")}
      </p>
      {saved ? (
        <p className="flash-success rack-saved" role="status">
          {_("Saved.")} <Link to="/about">{_("Go to Store Racks")}</Link>
        </p>
      ) : null}
      {/* Keyed by version: after a save the form shows the stored values and the new version. */}
      <RackItemForm
        key={item.version}
        mode="update"
        lastResult={actionData?.result}
        defaultValue={{
          section: item.section,
          materialName: item.materialName,
          version: String(item.version),
        }}
        submitLabel="Update"
        pendingText="Updating..."
      />
      <RecordHistory history={history} />
    </section>
  );
}

// The legacy app "Fetch for update": a missing item says 'No data found…' on the 404 page; any other
// failure to load says 'Failed to fetch data. Please try again.'
export function ErrorBoundary() {
  const { _ } = useLingui();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage error={error} />;
  return (
    <div className="page error-page">
      <h1>{_("Update Product")}</h1>
      <p role="alert">{_(messages.fetchFailed)}</p>
      <p>
        <Link to="/about">{_("Go to Store Racks")}</Link>
      </p>
    </div>
  );
}
