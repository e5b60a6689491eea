import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { deleteLine } from "#app/spares/queries.server.ts";
import { departmentParam, productNotFound } from "#app/spares/routes/api-shared.server.ts";
import { endpoints } from "#app/spares/routes.ts";
import { messages } from "#app/spares/rules.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("spares"), {
  // DELETE /api/{department}/delete/{id} → {success: true, message}; 404 when unknown.
  deleteLine: async ({ params }, user) => {
    const department = departmentParam(params);
    const outcome = await deleteLine(db, department, params.id ?? "", user.id);
    return outcome === "deleted"
      ? jsonAnswer({ success: true, message: messages.deleted })
      : productNotFound();
  },
});
