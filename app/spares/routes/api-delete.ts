import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, requireMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { deleteLine } from "#app/spares/queries.server.ts";
import { departmentParam, notAllowed, productNotFound } from "#app/spares/routes/api-shared.server.ts";
import { messages } from "#app/spares/rules.ts";

// DELETE /api/{department}/delete/{id} → {success: true, message}; 404 when unknown.
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiPermission(request, "spares");
  requireMethod(request, "DELETE");
  const department = departmentParam(params);
  const outcome = await deleteLine(db, department, params.id ?? "", user.id);
  return outcome === "deleted" ? jsonAnswer({ success: true, message: messages.deleted }) : productNotFound();
});

export const loader = notAllowed;
