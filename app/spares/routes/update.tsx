import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { RecordHistory } from "#app/audit/history.tsx";
import { recordHistory } from "#app/auth/history.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { HttpError, readForm } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { LineForm, parseLineUpdateForm } from "#app/spares/components/line-form.tsx";
import { issuedInCoverWindow } from "#app/spares/cover.server.ts";
import { coverCells, stockCover } from "#app/spares/cover.ts";
import { sparesLineHistory } from "#app/spares/history.ts";
import { getLine, isLineId, updateLine } from "#app/spares/queries.server.ts";
import { departmentListPath, duplicateSrnoMessage, isDepartment, messages } from "#app/spares/rules.ts";
import sparesCss from "#app/spares/spares.css?url";
import { movementFormPath, type StockItemRef, stockCardPath } from "#app/stock/item.ts";
import { formatQuantity } from "#app/stock/rules.ts";
import { FormError } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /updateproduct/{department}/{id}: 'Update Product Information' (the legacy app), the line's page.
// The form carries the version it was read at, so a save over someone else's change is refused
// (README difference 20). The available stock is the ledger's (issue 17): shown with its days of
// cover and order-by date and the links that change it, never typed over here.

export const meta = pageTitle("Update Product Information");
export const links = () => [{ rel: "stylesheet", href: sparesCss }];

function lineOf(params: Record<string, string | undefined>) {
  const { department, id } = params;
  if (!isDepartment(department) || !isLineId(id)) throw new HttpError(404, messages.invalidIds);
  return { department, id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "spares", "write");
  const { department, id } = lineOf(params);
  const line = await getLine(db, department, id);
  if (!line) throw new HttpError(404, messages.invalidIds);
  const history = await recordHistory(db, user, sparesLineHistory, line._id, new URL(request.url));
  const today = plantToday();
  const issued = (await issuedInCoverWindow(db, { ids: [id] }, today)).get(id) ?? 0;
  return {
    history,
    department,
    id,
    stock: line.AvailableStock,
    cover: coverCells(stockCover({ stock: line.AvailableStock, issued, leadTimeDays: line.LeadTime, today })),
    values: {
      srno: String(line.srno),
      Assets: line.Assets,
      ComponentsAndEquipments: line.ComponentsAndEquipments,
      MinStock: String(line.MinStock),
      LeadTime: String(line.LeadTime),
      version: String(line.version),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "spares", "write");
  const { department, id } = lineOf(params);
  const submission = parseLineUpdateForm(await readForm(request));
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let result: Awaited<ReturnType<typeof updateLine>>;
  try {
    result = await updateLine(db, department, id, submission.value, user.id);
  } catch (error) {
    logError(request, error);
    return data(submission.reply({ formErrors: [messages.updateError] }), { status: 500 });
  }
  if (result.ok)
    return redirectWithToast(departmentListPath(department), {
      type: "success",
      message: messages.lineUpdated,
    });
  // The user's input comes back as typed, with the version it was read at: a second save is
  // refused too until the page is reloaded (no silent overwrite).
  const failure = {
    stale: { message: STALE_RECORD_MESSAGE, status: 409 },
    duplicate: { message: duplicateSrnoMessage(submission.value.srno, department), status: 409 },
    "not-found": { message: messages.updateFailed, status: 404 },
    // Not sent by this form (it has no available stock), but the result type allows it.
    stock: { message: result.message ?? messages.updateFailed, status: 400 },
  }[result.reason];
  return data(submission.reply({ formErrors: [failure.message] }), { status: failure.status });
}

export default function UpdateLinePage() {
  const { department, id, stock, cover, values, history } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { _ } = useLingui();
  const item: StockItemRef = { type: "spare", id };
  // A movement saved from here comes back to this page.
  const back = `?back=${encodeURIComponent(`/updateproduct/${department}/${id}`)}`;
  return (
    <section className="page narrow">
      <h1>{_("Update Product Information")}</h1>
      <p className="muted">{_("{department} spare-parts line.", { department: _(department) })}</p>
      <LineForm
        id="update-product"
        mode="update"
        department={department}
        defaultValue={values}
        lastResult={lastResult}
        stock={{
          available: stock,
          shown: (
            <>
              <p className="line-stock-figure">
                <strong>{formatQuantity(stock)}</strong>{" "}
                <span className="muted">
                  {_("(days of cover {days}; order by {orderBy})", {
                    days: _(cover.days),
                    orderBy: _(cover.orderBy),
                  })}
                </span>
              </p>
              <p className="actions">
                <Link className="button small" to={`${movementFormPath(item, "issue")}${back}`}>
                  {_("Issue")}
                </Link>
                <Link className="button small" to={`${movementFormPath(item, "receive")}${back}`}>
                  {_("Receive")}
                </Link>
                <Link className="button small" to={`${movementFormPath(item, "count")}${back}`}>
                  {_("Count")}
                </Link>
                <Link className="button small" to={stockCardPath(item)}>
                  {_("Stock card")}
                </Link>
              </p>
            </>
          ),
        }}
      />
      <RecordHistory history={history} />
    </section>
  );
}

/** The legacy app's load failures: a wrong address, a line not found, or the database failing. */
export function ErrorBoundary() {
  const { _ } = useLingui();
  const error = useRouteError();
  let message: string = messages.fetchError;
  if (isRouteErrorResponse(error) && error.status === 404) message = messages.invalidIds;
  else if (isRouteErrorResponse(error) && error.status < 500)
    message = typeof error.data === "string" && error.data ? error.data : messages.fetchFailed;
  return (
    <section className="page narrow">
      <h1>{_("Update Product Information")}</h1>
      <FormError errors={[message]} />
      <p>
        <Link to="/products">{_("Go to the spare parts")}</Link>
      </p>
    </section>
  );
}
