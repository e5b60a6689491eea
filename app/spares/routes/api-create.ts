import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { createLine } from "#app/spares/queries.server.ts";
import { departmentParam, failure, invalidInput } from "#app/spares/routes/api-shared.server.ts";
import { endpoints } from "#app/spares/routes.ts";
import { duplicateSrnoMessage, messages } from "#app/spares/rules.ts";
import { lineSchema } from "#app/spares/schema.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("spares"), {
  // POST /api/{department}/create with the eight inventory fields → 201 {success, Message, product}.
  // ExcessShortFall in the body is ignored: the server derives it.
  createLine: async ({ request, params }, user) => {
    const department = departmentParam(params);
    const parsed = lineSchema.safeParse(await readJson(request));
    if (!parsed.success) return invalidInput(parsed.error);
    const result = await createLine(db, department, parsed.data, user.id);
    if (!result.ok) return failure(duplicateSrnoMessage(parsed.data.srno, department), 409);
    return jsonAnswer({ success: true, Message: messages.created, product: result.line }, 201);
  },
});
