import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { findMovement, REVERSAL_REFUSAL_STATUS, reverseMovement } from "#app/ledger/movements.server.ts";
import { endpoints } from "#app/ledger/routes.ts";
import { apiRoute, type Params } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, mediaType, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { areaOfItem } from "#app/stock/item.ts";
import { reversalSchema } from "#app/stock/schema.ts";

// POST /api/stock/movements/{movementId}/reverse {remark?} → 201 the reversal; 404 no such
// movement; 409 already reversed, a reversal, or a reversal the stock cannot bear.

/** The movement the address names, and the user, whose role its item's area decides (racks or spares). */
async function signIn(request: Request, params: Params) {
  const movement = await findMovement(db, params.movementId ?? "");
  const user = await requireApiPermission(request, areaOfItem(movement?.item.type ?? "rack"));
  return { user, movement };
}

export const { loader, action } = apiRoute(endpoints, signIn, {
  reverseMovement: async ({ request }, { user, movement }) => {
    if (!movement) return jsonAnswer({ message: "Movement not found" }, 404);
    // The body is optional: no content type and nothing sent means no remark.
    const body = mediaType(request) === "" ? {} : await readJson(request);
    const parsed = reversalSchema.safeParse(body ?? {});
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const outcome = await reverseMovement(db, movement.id, user.id, parsed.data.remark);
    if (!outcome.ok) return jsonAnswer({ message: outcome.message }, REVERSAL_REFUSAL_STATUS[outcome.reason]);
    return jsonAnswer(outcome.movement, 201);
  },
});
