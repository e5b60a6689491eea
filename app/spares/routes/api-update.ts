import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { updateLine } from "#app/spares/queries.server.ts";
import {
  departmentParam,
  failure,
  invalidInput,
  productNotFound,
} from "#app/spares/routes/api-shared.server.ts";
import { endpoints } from "#app/spares/routes.ts";
import { duplicateSrnoMessage, messages } from "#app/spares/rules.ts";
import { lineChangesSchema } from "#app/spares/schema.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("spares"), {
  // PUT /api/{department}/update/{id} with the inventory fields (+ optional version)
  // → {success, Message, product}; 404 unknown, 409 stale version or taken serial number. A new
  // AvailableStock is recorded on the line's stock card as a stock count dated today (issue 17).
  updateLine: async ({ request, params }, user) => {
    const department = departmentParam(params);
    const parsed = lineChangesSchema.safeParse(await readJson(request));
    if (!parsed.success) return invalidInput(parsed.error);
    const result = await updateLine(db, department, params.id ?? "", parsed.data, user.id);
    if (result.ok) return jsonAnswer({ success: true, Message: messages.updated, product: result.line });
    if (result.reason === "not-found") return productNotFound();
    if (result.reason === "stale") return failure(STALE_RECORD_MESSAGE, 409);
    if (result.reason === "stock") return failure(result.message, 400);
    return failure(duplicateSrnoMessage(result.srno ?? 0, department), 409);
  },
});
