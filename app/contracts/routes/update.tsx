import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecordHistory } from "#app/audit/history.tsx";
import { recordHistory } from "#app/auth/history.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { ContractForm, failedMessage } from "#app/contracts/components/contract-form.tsx";
import contractsCss from "#app/contracts/contracts.css?url";
import { contractHistory } from "#app/contracts/history.ts";
import { getContract, toFormValues, updateContract } from "#app/contracts/queries.server.ts";
import { contractMessages, contractUpdateSchema, firstProblem } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { notFound, readForm } from "#app/lib/http.server.ts";
import { FAULT_MESSAGE, STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";
import { useToast } from "#app/ui/toasts.tsx";

// /amcupdate/{id}: Update Equipment Information, prefilled; on success back to /amc (the legacy app).
export const meta = pageTitle("Update Equipment Information");
export const links = stylesheet(contractsCss);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "contracts", "write");
  let equipment: Awaited<ReturnType<typeof getContract>>;
  try {
    equipment = await getContract(db, params.id);
  } catch (error) {
    logError(request, error);
    return {
      loadError: `${contractMessages.fetchFailed}: ${FAULT_MESSAGE}`,
      values: null,
      version: 0,
      history: null,
    };
  }
  if (!equipment) notFound(contractMessages.notFoundForId);
  const history = await recordHistory(db, user, contractHistory, equipment._id, new URL(request.url));
  return { loadError: null, values: toFormValues(equipment), version: equipment.version, history };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "contracts", "write");
  const submission = parseSubmission(await readForm(request), contractUpdateSchema);
  const refuse = (problem: string, status: number) =>
    data(
      {
        result: submission.reply({ formErrors: [`${contractMessages.updateFailed}: ${problem}`] }),
        toast: {
          type: "error" as const,
          message: contractMessages.updateFailedToast,
          id: crypto.randomUUID(),
        },
      },
      { status },
    );
  if (submission.status !== "success") return refuse(firstProblem(submission.error), 400);
  let outcome: Awaited<ReturnType<typeof updateContract>>;
  try {
    outcome = await updateContract(db, params.id, submission.value, user.id);
  } catch (error) {
    logError(request, error);
    return refuse(FAULT_MESSAGE, 500);
  }
  if (!outcome.ok && outcome.reason === "not-found") return refuse(contractMessages.notFoundForId, 404);
  if (!outcome.ok) return refuse(STALE_RECORD_MESSAGE, 409);
  return redirectWithToast("/amc", { type: "success", message: contractMessages.updated });
}

export default function UpdateContractPage() {
  const { _ } = useLingui();
  const { values, version, loadError, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = actionData?.toast;
  useToast(toast && { ...toast, message: failedMessage(_, toast.message) });
  return (
    <section className="page" aria-labelledby="amc-update-title">
      <h1 id="amc-update-title">{_("Update Equipment Information")}</h1>
      {loadError || !values ? (
        <p className="fetch-error" role="alert">
          {_(loadError ?? contractMessages.notFoundForId)}
        </p>
      ) : (
        <ContractForm mode="update" defaultValue={values} version={version} lastResult={actionData?.result} />
      )}
      <RecordHistory history={history} />
    </section>
  );
}
