import { and, isNotNull, lte } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { contracts } from "./table.server.ts";

// The source of the bell and the notifications dialog on every signed-in page (behaviour note 5):
// the expired contracts. The contracts issue refines the rule into contracts/rules.ts.

export type AmcAlert = { id: string; equipment: string; nextDueDate: string; mobileNumber: string };

export async function loadAmcAlerts(db: Tx, now: Date, timeZone: string): Promise<AmcAlert[]> {
  const today = dateInZone(now, timeZone);
  // Expired = strictly after 00:00 (plant time) of the due date, i.e. the due date is today or earlier.
  const rows = await db
    .select({
      id: contracts.id,
      equipment: contracts.equipment,
      nextDueDate: contracts.nextDueOn,
      mobileNumber: contracts.mobileNumber,
    })
    .from(contracts)
    .where(and(isNotNull(contracts.nextDueOn), lte(contracts.nextDueOn, addDays(today, 0))))
    .orderBy(contracts.nextDueOn);
  return rows.map((row) => ({ ...row, nextDueDate: row.nextDueDate ?? "" }));
}
