import { asc } from "drizzle-orm";
import { contractState, type StatusReason, statusBounds } from "#app/contracts/rules.ts";
import { expiredSql } from "#app/contracts/status.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";

// The source of the bell and the notifications dialog on every signed-in page (behaviour note 5):
// the expired contracts, decided by the one rule in rules.ts (validity ended or next due date
// passed), each with the date that flags it.

export type AmcAlert = {
  id: string;
  equipment: string;
  mobileNumber: string;
  /** Which date flags the contract, and that date (the title and message name it). */
  reason: StatusReason;
  date: string;
};

export async function loadAmcAlerts(db: Tx, now: Date, timeZone: string): Promise<AmcAlert[]> {
  // Expiry does not depend on the due-soon window: any window gives the same expired contracts.
  const bounds = statusBounds(now, timeZone);
  const rows = await db
    .select({
      id: contracts.id,
      equipment: contracts.equipment,
      validityTo: contracts.validityTo,
      nextDueOn: contracts.nextDueOn,
      mobileNumber: contracts.mobileNumber,
    })
    .from(contracts)
    .where(expiredSql(bounds))
    .orderBy(asc(contracts.equipment), asc(contracts.id));
  // The most overdue first: by the date that flags each contract.
  return rows
    .flatMap((row) => {
      const state = contractState(row, bounds);
      return state.status === "expired"
        ? [
            {
              id: row.id,
              equipment: row.equipment,
              mobileNumber: row.mobileNumber,
              reason: state.reason,
              date: state.date,
            },
          ]
        : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}
