import { and, asc, isNotNull, lte } from "drizzle-orm";
import { contractStatusAt } from "#app/contracts/rules.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { dateInZone } from "#app/lib/dates.ts";

// The source of the bell and the notifications dialog on every signed-in page (behaviour note 5):
// the expired contracts, decided by the one rule in rules.ts.

export type AmcAlert = { id: string; equipment: string; nextDueDate: string; mobileNumber: string };

export async function loadAmcAlerts(db: Tx, now: Date, timeZone: string): Promise<AmcAlert[]> {
  // Only a contract due today or earlier (plant time) can be expired: let the index narrow it
  // down, then the rule decides (at exactly 00:00 of the due date it is not yet expired).
  const rows = await db
    .select({
      id: contracts.id,
      equipment: contracts.equipment,
      nextDueDate: contracts.nextDueOn,
      mobileNumber: contracts.mobileNumber,
    })
    .from(contracts)
    .where(and(isNotNull(contracts.nextDueOn), lte(contracts.nextDueOn, dateInZone(now, timeZone))))
    .orderBy(asc(contracts.nextDueOn), asc(contracts.equipment));
  const statusOf = contractStatusAt(now, timeZone);
  return rows
    .map((row) => ({ ...row, nextDueDate: row.nextDueDate ?? "" }))
    .filter((row) => statusOf(row.nextDueDate) === "expired");
}
