import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { listLines } from "#app/inventory/queries.server.ts";
import { departmentParam, notAllowed } from "#app/inventory/routes/api-shared.server.ts";
import { apiHandler } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api/{department}/product → {success: true, users: [line…]} sorted by srno (empty → []).
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "spares");
  const department = departmentParam(params);
  return jsonAnswer({ success: true, users: await listLines(db, department) });
});

export const action = notAllowed;
