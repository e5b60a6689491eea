import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readPageForm, requireRackNumber } from "#app/store-racks/guards.server.ts";
import { createRackItem, findRackItem } from "#app/store-racks/queries.server.ts";
import { RackItemForm } from "#app/store-racks/rack-form.tsx";
import racksCss from "#app/store-racks/racks.css?url";
import { formatQuantity, messages, rackLabel } from "#app/store-racks/rules.ts";
import { rackItemInsertSchema } from "#app/store-racks/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { useToast } from "#app/ui/toasts.tsx";

// /insertproducts/{rackNumber}: the Insert Rack Data form (spec §2, §4, §5).
export const meta: MetaFunction = () => [{ title: "Insert Rack Data · PlantOps" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: racksCss }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "racks", "write");
  const rackNumber = requireRackNumber(params.rackNumber);
  // After a save the page comes back with ?saved={_id}: it shows what the server stored (the
  // closing stock it computed) and the link back to the racks.
  const savedId = new URL(request.url).searchParams.get("saved");
  const saved = savedId ? await findRackItem(db, rackNumber, savedId) : null;
  return {
    rackNumber,
    saved: saved
      ? { id: saved._id, materialName: saved.materialName, closingStock: saved.closingStock }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "racks", "write");
  const rackNumber = requireRackNumber(params.rackNumber);
  const submission = parseSubmission(await readPageForm(request), rackItemInsertSchema);
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
  return redirectWithToast(`/insertproducts/${rackNumber}?saved=${outcome.item._id}`, {
    type: "success",
    message: messages.inserted,
  });
}

export default function InsertRackDataPage() {
  const { rackNumber, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useToast(actionData?.toast);
  return (
    <section className="page narrow">
      <h1>Insert Rack Data</h1>
      <p className="muted">{rackLabel(rackNumber)}</p>
      {saved ? (
        <p className="flash-success rack-saved" role="status">
          Saved {saved.materialName} in rack {rackNumber}: stock {formatQuantity(saved.closingStock)}.{" "}
          <Link to="/about">Go to Store Racks</Link>
        </p>
      ) : null}
      {/* A new key after each save gives a fresh, empty form for the next item. */}
      <RackItemForm
        key={saved?.id ?? "new"}
        mode="insert"
        lastResult={actionData?.result}
        defaultValue={{}}
        submitLabel="Insert"
        pendingText="Inserting..."
      />
    </section>
  );
}
