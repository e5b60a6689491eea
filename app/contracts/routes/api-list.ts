import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "#app/api/handler.server.ts";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { withApiStatus } from "../api.server.ts";
import { listContracts } from "../queries.server.ts";

// GET /api/equipment/get → 200 [equipment…]
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "contracts");
  return jsonAnswer(await withApiStatus(db, await listContracts(db)));
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  await requireApiPermission(request, "contracts");
  return methodNotAllowed();
});
