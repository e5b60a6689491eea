import { apiSignIn } from "#app/auth/session.server.ts";
import { createContract } from "#app/contracts/queries.server.ts";
import {
  equipmentValidationBody,
  readEquipmentJson,
  withApiStatus,
} from "#app/contracts/routes/api-shared.server.ts";
import { endpoints } from "#app/contracts/routes.ts";
import { contractInsertSchema, contractMessages, toContractInput } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("contracts"), {
  // POST /api/equipment/add {equipment fields, validity: {from, to}}
  //   → 201 {success: true, message: "Equipment added successfully!", newEquipment}; 400 {success: false, message}
  addContract: async ({ request }, user) => {
    const body = await readEquipmentJson(request, { success: false });
    const parsed = contractInsertSchema.safeParse(toContractInput(body));
    if (!parsed.success) return jsonAnswer(equipmentValidationBody(parsed.error, { success: false }), 400);
    const created = await createContract(db, parsed.data, user.id);
    const [newEquipment] = await withApiStatus(db, [created]);
    return jsonAnswer({ success: true, message: contractMessages.added, newEquipment }, 201);
  },
});
