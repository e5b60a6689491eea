import type { core } from "zod";
import type { Equipment } from "#app/contracts/queries.server.ts";
import { contractStatusAt } from "#app/contracts/rules.ts";
import { wireFieldName } from "#app/contracts/schema.ts";
import type { Tx } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { HttpError, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";

// Helpers of the /api/equipment endpoints (the legacy API contract): records carry the contract's status
// from the one rule, and 400 bodies name fields as they are on the wire (validity.from).

/** The records with `status` ("expired" | "dueSoon" | "fine") at this moment, plant time. */
export async function withApiStatus(db: Tx, items: Equipment[]) {
  const { dueSoonDays } = await getPlantSettings(db);
  const now = new Date();
  const timeZone = serverSettings().PLANT_TIME_ZONE;
  const statusOf = contractStatusAt(now, timeZone, dueSoonDays);
  return items.map((item) => ({
    ...item,
    status: statusOf({ validityTo: item.validity.to, nextDueOn: item.nextDueDate }),
  }));
}

export function equipmentValidationBody(error: core.$ZodError, extra: Record<string, unknown> = {}) {
  const body = validationBody(error, extra);
  const errors = Object.fromEntries(
    Object.entries(body.errors).map(([key, list]) => [wireFieldName(key), list]),
  );
  return { ...body, errors };
}

/** readJson, with the legacy `success: false` on the add endpoint's refusals. */
export async function readEquipmentJson(request: Request, extra: Record<string, unknown> = {}) {
  try {
    return await readJson(request);
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(error.status, error.message, { ...error.body, ...extra });
    throw error;
  }
}
