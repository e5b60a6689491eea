import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { requireStockItemPage } from "#app/ledger/access.server.ts";
import { findMovement, REVERSAL_REFUSAL_STATUS, reverseMovement } from "#app/ledger/movements.server.ts";
import { Place } from "#app/ledger/words.tsx";
import { formatDateGB } from "#app/lib/dates.ts";
import { notFound } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { stockCardPath } from "#app/stock/item.ts";
import ledgerCss from "#app/stock/ledger.css?url";
import { formatQuantity, KIND_LABEL, messages } from "#app/stock/rules.ts";
import { MAX_REMARK, reversalSchema } from "#app/stock/schema.ts";
import { readPageForm } from "#app/store-racks/access.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";
import { useToast } from "#app/ui/toasts.tsx";
import { Typed } from "#app/ui/typed.tsx";

// /stock/:type/:id/reverse/:movementId: asks, then reverses a wrong movement (works without
// JavaScript). The reversal is a movement of its own; both stay on the stock card.

export const meta = pageTitle("Reverse a movement");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ledgerCss }];

async function movementOf(item: { ref: { type: string; id: string } }, movementId: string | undefined) {
  const movement = await findMovement(db, movementId ?? "");
  // Only a movement of the item in the address: another item's id here is not found.
  if (!movement || movement.item.type !== item.ref.type || movement.item.id !== item.ref.id) {
    notFound(messages.movementNotFound);
  }
  return movement;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { item } = await requireStockItemPage(request, params, "write");
  const movement = await movementOf(item, params.movementId);
  return { item: { ref: item.ref, name: item.name, place: item.place }, movement };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, item } = await requireStockItemPage(request, params, "write");
  const movement = await movementOf(item, params.movementId);
  const submission = parseSubmission(await readPageForm(request), reversalSchema);
  const refuse = (status: number, message: string) =>
    data(
      {
        result: submission.reply({ formErrors: [message] }),
        toast: { type: "error" as const, message, id: crypto.randomUUID() },
      },
      { status },
    );
  if (submission.status !== "success") return refuse(400, "Not reversed: the remark is too long.");
  const outcome = await reverseMovement(db, movement.id, user.id, submission.value.remark);
  if (!outcome.ok) return refuse(REVERSAL_REFUSAL_STATUS[outcome.reason], outcome.message);
  return redirectWithToast(stockCardPath(item.ref), { type: "success", message: messages.reversed });
}

export default function ReverseMovementPage() {
  const { item, movement } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  const errors = actionData?.result.error?.[""] ?? undefined;
  const { _ } = useLingui();
  const values = {
    kind: _(KIND_LABEL[movement.kind].toLowerCase()),
    quantity: formatQuantity(Math.abs(movement.quantity)),
    date: formatDateGB(movement.movedOn),
  };
  return (
    <section className="page narrow">
      <h1>{_("Reverse a movement")}</h1>
      <p className="muted">
        <Typed>{item.name}</Typed> · <Place place={item.place} />
      </p>
      <Form method="post" className="form">
        <FormError errors={errors ?? undefined} />
        <p>
          {movement.reference
            ? _("Reverse the {kind} of {quantity} on {date} (reference {reference})?", {
                ...values,
                reference: movement.reference,
              })
            : _("Reverse the {kind} of {quantity} on {date}?", values)}{" "}
          {_(
            "The movement stays on the stock card, struck through, with its reversal beside it; this cannot be undone.",
          )}
        </p>
        <div className="field">
          <label htmlFor="reverse-remark">{_("Why (remark)")}</label>
          <textarea id="reverse-remark" name="remark" rows={2} maxLength={MAX_REMARK} />
        </div>
        <div className="actions">
          <SubmitButton className="button danger" pendingText="Reversing...">
            Yes, reverse
          </SubmitButton>
          <Link className="button" to={stockCardPath(item.ref)}>
            {_("Cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
