import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data } from "@remix-run/node";
import { useActionData, useLocation } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { ContractForm, failedMessage } from "#app/contracts/components/contract-form.tsx";
import contractsCss from "#app/contracts/contracts.css?url";
import { createContract } from "#app/contracts/queries.server.ts";
import { contractInsertSchema, contractMessages, firstProblem } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";
import { useToast } from "#app/ui/toasts.tsx";

// /amcinsert: Insert Equipment Information (the legacy app). Success: toast and a cleared form.
export const meta = pageTitle("Insert Equipment Information");
export const links = stylesheet(contractsCss);

export async function loader({ request }: ActionFunctionArgs) {
  await requirePermission(request, "contracts", "write");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "contracts", "write");
  const submission = parseSubmission(await readForm(request), contractInsertSchema);
  const refuse = (problem: string, status: number) => {
    const message = `${contractMessages.addFailed}: ${problem}`;
    return data(
      {
        result: submission.reply({ formErrors: [message] }),
        toast: { type: "error" as const, message, id: crypto.randomUUID() },
      },
      { status },
    );
  };
  if (submission.status !== "success") return refuse(firstProblem(submission.error), 400);
  try {
    await createContract(db, submission.value, user.id);
  } catch (error) {
    logError(request, error);
    return refuse(FAULT_MESSAGE, 500);
  }
  // A redirect to this page: the form comes back empty, ready for the next line.
  return redirectWithToast("/amcinsert", { type: "success", message: contractMessages.added });
}

export default function InsertContractPage() {
  const { _ } = useLingui();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const toast = actionData?.toast;
  useToast(toast && { ...toast, message: failedMessage(_, toast.message) });
  return (
    <section className="page" aria-labelledby="amc-insert-title">
      <h1 id="amc-insert-title">{_("Insert Equipment Information")}</h1>
      {/* A new key after each save remounts the form, clearing it (the legacy app "Equipment add form"). */}
      <ContractForm key={location.key} mode="insert" lastResult={actionData?.result} />
    </section>
  );
}
