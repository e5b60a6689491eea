import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { countsAsIssue, type DepartmentStockHolder } from "#app/stock/journal.server.ts";
import { fromThousandths, toThousandths } from "#app/stock/rules.ts";
import { stockMovements as m } from "#app/stock/table.server.ts";

// What each spares line issued in a window of days (the days of cover: app/spares/cover.server.ts),
// read from the journal for the lines on a page in ONE query (never one per row). A reversed issue does not count: a reversal
// is dated its issue's day and counts under the issue's kind, so the two cancel in the window.

/**
 * Quantity issued from `window.from` to `window.to`, per line: the given lines (a table page), or
 * a whole department (its print view). Lines that issued nothing are not in the map.
 */
export async function issuedInWindow(
  db: Tx,
  lines: DepartmentStockHolder,
  wanted: { ids: readonly string[] } | { department: string },
  window: { from: string; to: string },
): Promise<Map<string, number>> {
  if ("ids" in wanted && wanted.ids.length === 0) return new Map();
  const query = db
    .select({
      id: sql<string>`${m.inventoryItemId}`,
      issued: sql<string>`-sum(${m.quantity})`,
    })
    .from(m);
  const scoped =
    "ids" in wanted
      ? query.where(
          and(
            inArray(m.inventoryItemId, [...wanted.ids]),
            between(m.movedOn, window.from, window.to),
            countsAsIssue,
          ),
        )
      : query
          .innerJoin(lines.table, eq(lines.id, m.inventoryItemId))
          .where(
            and(
              eq(lines.department, wanted.department),
              between(m.movedOn, window.from, window.to),
              countsAsIssue,
            ),
          );
  const rows = await scoped.groupBy(m.inventoryItemId);
  return new Map(
    rows
      .map((row) => [row.id, fromThousandths(toThousandths(Number(row.issued)))] as const)
      .filter(([, issued]) => issued > 0),
  );
}
