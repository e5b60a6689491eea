import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, requireMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { itemNotFound, requireApiRackNumber } from "#app/store-racks/access.server.ts";
import { deleteRackItem, findRackItem } from "#app/store-racks/queries.server.ts";

// GET /api/rack/{rackNumber}/{_id} → 200 [item] (a list holding the one item, as the legacy
// client expects); DELETE → 200 {message} (new: the legacy rack Delete did nothing).

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "racks");
  const rackNumber = requireApiRackNumber(params.rackNumber);
  const item = await findRackItem(db, rackNumber, params.id ?? "");
  return item ? jsonAnswer([item]) : itemNotFound();
});

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiPermission(request, "racks");
  requireMethod(request, "DELETE");
  const rackNumber = requireApiRackNumber(params.rackNumber);
  const deleted = await deleteRackItem(db, rackNumber, params.id ?? "", user.id);
  return deleted ? jsonAnswer({ message: "Item deleted successfully" }) : itemNotFound();
});
