import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { getLine } from "#app/spares/queries.server.ts";
import { departmentParam, notAllowed, productNotFound } from "#app/spares/routes/api-shared.server.ts";

// GET /api/{department}/product/{id} → the line; 404 when unknown (or in another department).
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "spares");
  const department = departmentParam(params);
  const line = await getLine(db, department, params.id ?? "");
  return line ? jsonAnswer(line) : productNotFound();
});

export const action = notAllowed;
