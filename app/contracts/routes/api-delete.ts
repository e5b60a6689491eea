import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { deleteContract } from "#app/contracts/queries.server.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, refuseMethod, requireMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// DELETE /api/equipment/delete/{id} → 200 {message: "Equipment deleted successfully"}; 404.
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiPermission(request, "contracts");
  requireMethod(request, "DELETE");
  if (!(await deleteContract(db, params.id, user.id)))
    return jsonAnswer({ message: contractMessages.notFound }, 404);
  return jsonAnswer({ message: contractMessages.deleted });
});

export const loader = refuseMethod((request) => requireApiPermission(request, "contracts"));
