import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { itemNotFound, requireApiRackNumber } from "#app/store-racks/access.server.ts";
import { deleteRackItem, findRackItem } from "#app/store-racks/queries.server.ts";
import { endpoints } from "#app/store-racks/routes.ts";

// GET /api/rack/{rackNumber}/{_id} → 200 [item] (a list holding the one item, as the legacy
// client expects); DELETE → 200 {message} (new: the legacy rack Delete did nothing).

export const { loader, action } = apiRoute(endpoints, apiSignIn("racks"), {
  getRackItem: async ({ params }) => {
    const rackNumber = requireApiRackNumber(params.rackNumber);
    const item = await findRackItem(db, rackNumber, params.id ?? "");
    return item ? jsonAnswer([item]) : itemNotFound();
  },
  deleteRackItem: async ({ params }, user) => {
    const rackNumber = requireApiRackNumber(params.rackNumber);
    const deleted = await deleteRackItem(db, rackNumber, params.id ?? "", user.id);
    return deleted ? jsonAnswer({ message: "Item deleted successfully" }) : itemNotFound();
  },
});
