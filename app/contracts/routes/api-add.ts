import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { createContract } from "#app/contracts/queries.server.ts";
import {
  equipmentValidationBody,
  readEquipmentJson,
  withApiStatus,
} from "#app/contracts/routes/api-shared.server.ts";
import { contractInsertSchema, contractMessages, toContractInput } from "#app/contracts/schema.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, refuseMethod, requireMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// POST /api/equipment/add {equipment fields, validity: {from, to}}
//   → 201 {success: true, message: "Equipment added successfully!", newEquipment}; 400 {success: false, message}
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiPermission(request, "contracts");
  requireMethod(request, "POST");
  const body = await readEquipmentJson(request, { success: false });
  const parsed = contractInsertSchema.safeParse(toContractInput(body));
  if (!parsed.success) return jsonAnswer(equipmentValidationBody(parsed.error, { success: false }), 400);
  const created = await createContract(db, parsed.data, user.id);
  const [newEquipment] = await withApiStatus(db, [created]);
  return jsonAnswer({ success: true, message: contractMessages.added, newEquipment }, 201);
});

export const loader = refuseMethod((request) => requireApiPermission(request, "contracts"));
