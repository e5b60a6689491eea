import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/client.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { confirmSpares, previewSpares } from "#tests/support/spares-import.ts";
import { signedInUser } from "#tests/support/users.ts";

// An import's confirmation is one transaction without subtransactions (issue 31). The ledger
// records each stock change in a transaction of its own, a savepoint inside the confirmation: past
// PostgreSQL's 64 cached subtransactions, every other session's read of the rows the confirmation
// had written looked each one's writer up in pg_subtrans, and Today's scan of the spares took up
// to 265 ms instead of a few (docs/performance.md). Every row a transaction writes carries its
// writer's id (`xmin`): the confirmation's rows must all carry the one transaction's.

const admin = await signedInUser(); // the first account of the file's database is the admin
const DEPARTMENT = "Electrician" as const;
const FIRST = 810_001;
/** More stock changes than PostgreSQL keeps subtransactions for. */
const CHANGED = 70;
const NEW = 5;

describe("an import's confirmation", () => {
  it("writes its changes, their stock counts and its new lines' openings in one transaction, no savepoints", async () => {
    const stored = await db
      .insert(inventoryItems)
      .values(
        Array.from({ length: CHANGED }, (_, n) => ({
          department: DEPARTMENT,
          srno: FIRST + n,
          assets: `One transaction ${n}`,
          componentsAndEquipments: "Seal",
          availableStock: 0,
          minStock: 1,
          leadTimeDays: 7,
        })),
      )
      .returning({ id: inventoryItems.id });

    // Every stored line with a new stock, and new lines with stock.
    const lines = Array.from(
      { length: CHANGED + NEW },
      (_, n) => `${FIRST + n},One transaction ${n},Seal,${n + 1},1,7,,`,
    );
    const confirmed = await confirmSpares(await previewSpares(DEPARTMENT, lines, admin.cookie, "counts.csv"));
    expect(confirmed.status).toBe(302);

    const lineIds = (
      await db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.department, DEPARTMENT), gte(inventoryItems.srno, FIRST)))
    ).map((line) => line.id);
    expect(lineIds).toHaveLength(CHANGED + NEW);
    const movements = await db
      .select({ writer: sql<string>`${stockMovements}.xmin::text`, kind: stockMovements.kind })
      .from(stockMovements)
      .where(inArray(stockMovements.inventoryItemId, lineIds));
    // A count for each stored line, an opening for each new one.
    expect(movements.filter((movement) => movement.kind === "count")).toHaveLength(CHANGED);
    expect(movements.filter((movement) => movement.kind === "opening")).toHaveLength(NEW);
    expect(new Set(movements.map((movement) => movement.writer)).size).toBe(1);

    await db.delete(stockMovements).where(inArray(stockMovements.inventoryItemId, lineIds));
    await db
      .delete(inventoryItems)
      .where(inArray(inventoryItems.id, [...lineIds, ...stored.map((s) => s.id)]));
  }, 60_000);
});
