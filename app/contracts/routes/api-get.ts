import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { getContract } from "#app/contracts/queries.server.ts";
import { withApiStatus } from "#app/contracts/routes/api-shared.server.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, refuseMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api/equipment/get/{id} → 200 [equipment] (a list holding the one record, as the legacy
// client expects) or 404.
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "contracts");
  const equipment = await getContract(db, params.id);
  if (!equipment) return jsonAnswer({ message: contractMessages.notFound }, 404);
  return jsonAnswer(await withApiStatus(db, [equipment]));
});

export const action = refuseMethod((request) => requireApiPermission(request, "contracts"));
