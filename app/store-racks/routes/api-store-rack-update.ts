import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { validationBody } from "#app/lib/validation.ts";
import { itemNotFound, requireApiRackNumber } from "#app/store-racks/access.server.ts";
import { updateRackItem } from "#app/store-racks/queries.server.ts";
import { endpoints } from "#app/store-racks/routes.ts";
import { fromApiInput, rackItemApiSchema } from "#app/store-racks/schema.ts";

// PUT /api/rackupdate/{rackNumber}/{_id} with the six fields (+ optional version) → 200 item;
// 404, 409 when the version sent is not the stored one, 400 (the legacy API contract).

export const { loader, action } = apiRoute(endpoints, apiSignIn("racks"), {
  updateRackItem: async ({ request, params }, user) => {
    const rackNumber = requireApiRackNumber(params.rackNumber);
    const parsed = rackItemApiSchema.safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    // The new figures are this month's: their differences are recorded as movements (issue 17).
    const { item, figures } = fromApiInput(parsed.data);
    const outcome = await updateRackItem(
      db,
      rackNumber,
      params.id ?? "",
      item,
      parsed.data.version,
      user.id,
      figures,
    );
    if (outcome.ok) return jsonAnswer(outcome.item);
    if (outcome.reason === "stock") return jsonAnswer({ message: outcome.message }, 400);
    return outcome.reason === "stale" ? jsonAnswer({ message: STALE_RECORD_MESSAGE }, 409) : itemNotFound();
  },
});
