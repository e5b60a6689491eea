import type { Tx } from "#app/db/client.server.ts";
import { coverWindow } from "#app/spares/cover.ts";
import type { Department } from "#app/spares/rules.ts";
import { sparesStockHolder } from "#app/spares/stock.server.ts";
import { issuedInWindow } from "#app/stock/issued.server.ts";

/**
 * What each line issued in the days-of-cover window (the 90 days ending `today`): the given lines
 * (a table page), or a whole department (its print view). Lines that issued nothing are not in
 * the map.
 */
export function issuedInCoverWindow(
  db: Tx,
  wanted: { ids: readonly string[] } | { department: Department },
  today: string,
): Promise<Map<string, number>> {
  return issuedInWindow(db, sparesStockHolder, wanted, coverWindow(today));
}
