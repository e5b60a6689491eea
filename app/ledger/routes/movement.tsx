import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { requireStockItemPage } from "#app/ledger/access.server.ts";
import { MOVEMENT_REFUSAL_STATUS, recordMovement } from "#app/ledger/movements.server.ts";
import { Place } from "#app/ledger/words.tsx";
import { notFound } from "#app/lib/http.server.ts";
import { safeRedirect } from "#app/lib/redirects.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { MOVEMENT_FORMS, type MovementForm, stockCardPath } from "#app/stock/item.ts";
import ledgerCss from "#app/stock/ledger.css?url";
import { MovementFormPage } from "#app/stock/movement-form.tsx";
import { FORM_TITLE, KIND_OF_FORM, messages } from "#app/stock/rules.ts";
import { movementSchema } from "#app/stock/schema.ts";
import { readPageForm } from "#app/store-racks/access.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { pageTitleOf } from "#app/ui/page-head.ts";
import { useToast } from "#app/ui/toasts.tsx";
import { around, SLOT, Typed } from "#app/ui/typed.tsx";

// /stock/:type/:id/issue | receive | count: a movement form on its own page (without JavaScript;
// with it, the list pages open the same form in a dialog that posts here).

export const meta = pageTitleOf<{ form: MovementForm; item: { name: string } }>(({ form, item }, _) =>
  _("{form}: {name}", { form: _(FORM_TITLE[form]), name: item.name }),
);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ledgerCss }];

/** Which form the address names (the route list sends three paths here). */
function formOf(request: Request): MovementForm {
  const last = new URL(request.url).pathname.replace(/\/+$/, "").split("/").at(-1);
  const form = MOVEMENT_FORMS.find((name) => name === last);
  if (!form) notFound();
  return form;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { item } = await requireStockItemPage(request, params, "write");
  const form = formOf(request);
  return {
    form,
    item: { ref: item.ref, name: item.name, place: item.place, inStock: item.inStock },
    today: plantToday(),
    back: safeRedirect(new URL(request.url).searchParams.get("back"), null),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, item } = await requireStockItemPage(request, params, "write");
  const form = formOf(request);
  const kind = KIND_OF_FORM[form];
  const today = plantToday();
  const formData = await readPageForm(request);
  const back = safeRedirect(formData.get("back"), null) ?? stockCardPath(item.ref);
  const submission = parseSubmission(formData, movementSchema(kind, today));
  const refuse = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
    data(
      {
        result: submission.reply({ formErrors: fieldErrors ? [] : [message], fieldErrors }),
        toast: { type: "error" as const, message, id: crypto.randomUUID() },
      },
      { status },
    );
  if (submission.status !== "success") return refuse(400, "Not recorded: check the fields below.");
  const outcome = await recordMovement(db, item.ref, { kind, ...submission.value }, user.id, { today });
  if (!outcome.ok) {
    const field = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
    return refuse(MOVEMENT_REFUSAL_STATUS[outcome.reason], outcome.message, field);
  }
  return redirectWithToast(back, { type: "success", message: messages.recorded[kind] });
}

export default function MovementPage() {
  const { form, item, today, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  const { _ } = useLingui();
  return (
    <section className="page narrow">
      <h1>
        {around(_("{form}: {name}", { form: _(FORM_TITLE[form]), name: SLOT }), <Typed>{item.name}</Typed>)}
      </h1>
      <p className="muted">
        <Place place={item.place} /> · <Link to={stockCardPath(item.ref)}>{_("Stock card")}</Link>
      </p>
      <MovementFormPage form={form} item={item} today={today} lastResult={actionData?.result} back={back} />
    </section>
  );
}
