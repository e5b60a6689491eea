import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readPageForm, requireRackNumber } from "#app/store-racks/access.server.ts";
import { createRackItem, findRackItem } from "#app/store-racks/queries.server.ts";
import { RackItemForm } from "#app/store-racks/rack-form.tsx";
import racksCss from "#app/store-racks/racks.css?url";
import { formatQuantity, messages, parseRackNumber, rackLabel } from "#app/store-racks/rules.ts";
import { rackItemInsertAnyRackSchema, rackItemInsertSchema } from "#app/store-racks/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";
import { useToast } from "#app/ui/toasts.tsx";

// /insertproducts/{rackNumber}: the Insert Rack Data form (the legacy app). Reached from "All
// racks" as /insertproducts, the form asks for the rack too (a new store has no rack to choose).
export const meta = pageTitle("Insert Rack Data");

export const links = stylesheet(racksCss);

/** The rack of the address; null on /insertproducts, where the form asks for it. */
const rackOfPath = (raw: string | undefined) => (raw === undefined ? null : requireRackNumber(raw));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "racks", "write");
  const rackNumber = rackOfPath(params.rackNumber);
  // After a save the page comes back with ?saved={_id}: it shows what the server stored (the
  // closing stock it computed) and the link back to the racks. On /insertproducts, ?rack= says
  // where it went (and is the next item's rack, already chosen).
  const search = new URL(request.url).searchParams;
  const savedId = search.get("saved");
  const savedRack = rackNumber ?? parseRackNumber(search.get("rack"));
  const saved = savedId && savedRack ? await findRackItem(db, savedRack, savedId) : null;
  return {
    rackNumber,
    savedRack: saved ? savedRack : null,
    saved: saved
      ? { id: saved._id, materialName: saved.materialName, closingStock: saved.closingStock }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "racks", "write");
  const pathRack = rackOfPath(params.rackNumber);
  const form = await readPageForm(request);
  const submission =
    pathRack === null
      ? parseSubmission(form, rackItemInsertAnyRackSchema)
      : parseSubmission(form, rackItemInsertSchema);
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ formErrors: [messages.insertFailed] }),
        toast: { type: "error" as const, message: messages.insertFailed, id: crypto.randomUUID() },
      },
      { status: 400 },
    );
  }
  const { section, materialName, availableStock } = submission.value;
  // On /insertproducts the rack is the form's, which the schema has just checked.
  const rackNumber = pathRack ?? (parseRackNumber(String(form.get("rackNumber"))) as number);
  const outcome = await createRackItem(
    db,
    rackNumber,
    { section, materialName },
    { availableStock, issue: 0, receipt: 0 },
    user.id,
  );
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({ formErrors: [messages.insertFailed, outcome.message] }),
        toast: { type: "error" as const, message: messages.insertFailed, id: crypto.randomUUID() },
      },
      { status: 400 },
    );
  }
  const next =
    pathRack === null
      ? `/insertproducts?rack=${rackNumber}&saved=${outcome.item._id}`
      : `/insertproducts/${rackNumber}?saved=${outcome.item._id}`;
  return redirectWithToast(next, {
    type: "success",
    message: messages.inserted,
  });
}

export default function InsertRackDataPage() {
  const { rackNumber, savedRack, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  const { _ } = useLingui();
  return (
    <section className="page narrow">
      <h1>{_("Insert Rack Data")}</h1>
      <p className="muted">
        {_(rackNumber === null ? "Choose the rack in the form." : rackLabel(rackNumber))}
      </p>
      {saved ? (
        <p className="flash-success rack-saved" role="status">
          {_("Saved {name} in rack {rack}: stock {stock}.", {
            name: saved.materialName,
            rack: savedRack ?? "",
            stock: formatQuantity(saved.closingStock),
          })}{" "}
          <Link to="/about">{_("Go to Store Racks")}</Link>
        </p>
      ) : null}
      {/* A new key after each save gives a fresh, empty form for the next item. */}
      <RackItemForm
        key={saved?.id ?? "new"}
        mode="insert"
        lastResult={actionData?.result}
        defaultValue={rackNumber === null && savedRack ? { rackNumber: String(savedRack) } : {}}
        chooseRack={rackNumber === null}
        submitLabel="Insert"
        pendingText="Inserting..."
      />
    </section>
  );
}
