import { useLingui } from "@lingui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireRackItemPage, requireRackNumber } from "#app/store-racks/access.server.ts";
import { deleteHref } from "#app/store-racks/components.tsx";
import { deleteRackItem } from "#app/store-racks/queries.server.ts";
import { formatQuantity, messages, rackLabel } from "#app/store-racks/rules.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { pageTitle } from "#app/ui/page-head.ts";
import { around, SLOT, Typed } from "#app/ui/typed.tsx";

// /about/{rackNumber}/{_id}/delete: the confirmation page for Delete without JavaScript (with it,
// the Store Racks page asks in a dialog that posts here). README difference 8: delete works.
export const meta = pageTitle("Delete item");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "racks", "write");
  const { rackNumber, shown } = await requireRackItemPage(params);
  return { rackNumber, item: shown };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "racks", "write");
  const rackNumber = requireRackNumber(params.rackNumber);
  const deleted = await deleteRackItem(db, rackNumber, params.id ?? "", user.id);
  // Already gone (a second click, or someone else deleted it): back to the racks, saying so.
  return redirectWithToast(
    "/about",
    deleted ? { type: "success", message: messages.deleted } : { type: "error", message: messages.notFound },
  );
}

export default function DeleteRackItemPage() {
  const { rackNumber, item } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  return (
    <section className="page narrow">
      <h1>{_("Delete item")}</h1>
      <p>
        <strong translate="no">{item.materialName}</strong>{" "}
        {around(
          _("(section {section}, closing stock {stock}) in {rack}.", {
            section: SLOT,
            stock: formatQuantity(item.closingStock),
            rack: _(rackLabel(rackNumber)),
          }),
          <Typed>{item.section}</Typed>,
        )}
      </p>
      <ConfirmDeleteForm
        href={deleteHref(rackNumber, item.id)}
        question={messages.deleteQuestion}
        cancelHref="/about"
      />
    </section>
  );
}
