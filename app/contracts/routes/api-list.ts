import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { listContracts } from "#app/contracts/queries.server.ts";
import { withApiStatus } from "#app/contracts/routes/api-shared.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, methodNotAllowed } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api/equipment/get → 200 [equipment…]
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "contracts");
  return jsonAnswer(await withApiStatus(db, await listContracts(db)));
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiPermission(request, "contracts");
  return methodNotAllowed();
});
