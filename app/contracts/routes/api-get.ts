import { apiSignIn } from "#app/auth/session.server.ts";
import { getContract } from "#app/contracts/queries.server.ts";
import { withApiStatus } from "#app/contracts/routes/api-shared.server.ts";
import { endpoints } from "#app/contracts/routes.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("contracts"), {
  // GET /api/equipment/get/{id} → 200 [equipment] (a list holding the one record, as the legacy
  // client expects) or 404.
  getContract: async ({ params }) => {
    const equipment = await getContract(db, params.id);
    if (!equipment) return jsonAnswer({ message: contractMessages.notFound }, 404);
    return jsonAnswer(await withApiStatus(db, [equipment]));
  },
});
