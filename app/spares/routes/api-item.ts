import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { getLine } from "#app/spares/queries.server.ts";
import { departmentParam, productNotFound } from "#app/spares/routes/api-shared.server.ts";
import { endpoints } from "#app/spares/routes.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("spares"), {
  // GET /api/{department}/product/{id} → the line; 404 when unknown (or in another department).
  getLine: async ({ params }) => {
    const department = departmentParam(params);
    const line = await getLine(db, department, params.id ?? "");
    return line ? jsonAnswer(line) : productNotFound();
  },
});
