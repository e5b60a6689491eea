import { useLingui } from "@lingui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { deleteContract, getContract } from "#app/contracts/queries.server.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { notFound } from "#app/lib/http.server.ts";
import { cellText } from "#app/lib/record.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /amc/{id}/delete: the delete confirmation without JavaScript (README difference 9); the table's
// dialog posts here too.
export const meta = pageTitle("Delete contract");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "contracts", "write");
  const equipment = await getContract(db, params.id);
  if (!equipment) notFound(contractMessages.notFoundForId);
  return { equipment };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "contracts", "write");
  if (!(await deleteContract(db, params.id, user.id))) notFound(contractMessages.notFoundForId);
  return redirectWithToast("/amc", { type: "success", message: contractMessages.deleted });
}

export default function DeleteContractPage() {
  const { _ } = useLingui();
  const { equipment } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow" aria-labelledby="amc-delete-title">
      <h1 id="amc-delete-title">{_("Delete contract")}</h1>
      <dl>
        <dt>{_("Equipment")}</dt>
        <dd>{cellText(contractRecord, "equipment", equipment.equipment)}</dd>
        <dt>{_("Company")}</dt>
        <dd>{cellText(contractRecord, "company", equipment.company)}</dd>
        <dt>{_("Next Due Date")}</dt>
        <dd>{formatDateGB(equipment.nextDueDate)}</dd>
      </dl>
      <ConfirmDeleteForm
        href={`/amc/${equipment._id}/delete`}
        question={contractMessages.deleteQuestion}
        cancelHref="/amc"
      />
    </section>
  );
}
