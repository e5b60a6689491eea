import { apiSignIn } from "#app/auth/session.server.ts";
import { deleteContract } from "#app/contracts/queries.server.ts";
import { endpoints } from "#app/contracts/routes.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("contracts"), {
  // DELETE /api/equipment/delete/{id} → 200 {message: "Equipment deleted successfully"}; 404.
  deleteContract: async ({ params }, user) => {
    if (!(await deleteContract(db, params.id, user.id)))
      return jsonAnswer({ message: contractMessages.notFound }, 404);
    return jsonAnswer({ message: contractMessages.deleted });
  },
});
