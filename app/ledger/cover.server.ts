import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { fromThousandths, toThousandths } from "#app/ledger/rules.ts";
import { stockMovements as m } from "#app/ledger/table.server.ts";
import { coverWindow } from "#app/spares/cover.ts";
import type { Department } from "#app/spares/rules.ts";
import { sparesStockHolder as lines } from "#app/spares/stock.server.ts";

// What each spares line issued in the days-of-cover window (app/spares/cover.ts), read from the
// ledger for the lines on a page in ONE query (never one per row). A reversed issue does not count: a reversal
// is dated its issue's day and counts under the issue's kind, so the two cancel in the window.

/**
 * Quantity issued in the 90 days ending `today`, per line: the given lines (a table page), or a
 * whole department (its print view). Lines that issued nothing are not in the map.
 */
export async function issuedInCoverWindow(
  db: Tx,
  wanted: { ids: readonly string[] } | { department: Department },
  today: string,
): Promise<Map<string, number>> {
  if ("ids" in wanted && wanted.ids.length === 0) return new Map();
  const window = coverWindow(today);
  const query = db
    .select({
      id: sql<string>`${m.inventoryItemId}`,
      issued: sql<string>`-sum(${m.quantity})`,
    })
    .from(m);
  // The reversed movement's kind, looked up by its key for the few reversals: a join here hashed
  // every movement of the ledger on each call, several times slower at plant scale (figures:
  // docs/performance.md).
  const isIssue = sql`coalesce((select reversed.kind from ${m} reversed where reversed.id = ${m.reversesId}), ${m.kind}) = 'issue'`;
  const scoped =
    "ids" in wanted
      ? query.where(
          and(
            inArray(m.inventoryItemId, [...wanted.ids]),
            between(m.movedOn, window.from, window.to),
            isIssue,
          ),
        )
      : query
          .innerJoin(lines.table, eq(lines.id, m.inventoryItemId))
          .where(
            and(eq(lines.department, wanted.department), between(m.movedOn, window.from, window.to), isIssue),
          );
  const rows = await scoped.groupBy(m.inventoryItemId);
  return new Map(
    rows
      .map((row) => [row.id, fromThousandths(toThousandths(Number(row.issued)))] as const)
      .filter(([, issued]) => issued > 0),
  );
}
