import { apiSignIn } from "#app/auth/session.server.ts";
import { getContract, updateContract } from "#app/contracts/queries.server.ts";
import {
  equipmentValidationBody,
  readEquipmentJson,
  withApiStatus,
} from "#app/contracts/routes/api-shared.server.ts";
import { endpoints } from "#app/contracts/routes.ts";
import { contractMessages, contractUpdateSchema, toContractInput } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("contracts"), {
  // PUT /api/equipment/updated/{id} {the equipment object, + optional version} → 200 equipment;
  // 404, 409 (stale version), 400. Fields left out of the body keep their values; null or "" clears.
  updateContract: async ({ request, params }, user) => {
    const existing = await getContract(db, params.id);
    if (!existing) return jsonAnswer({ message: contractMessages.notFound }, 404);
    const body = await readEquipmentJson(request);
    const { version: _current, ...kept } = toContractInput(existing);
    const parsed = contractUpdateSchema.safeParse({ ...kept, ...toContractInput(body) });
    if (!parsed.success) return jsonAnswer(equipmentValidationBody(parsed.error), 400);
    const outcome = await updateContract(db, params.id, parsed.data, user.id);
    if (outcome.ok) return jsonAnswer((await withApiStatus(db, [outcome.equipment]))[0]);
    if (outcome.reason === "not-found") return jsonAnswer({ message: contractMessages.notFound }, 404);
    return jsonAnswer({ message: STALE_RECORD_MESSAGE }, 409);
  },
});
