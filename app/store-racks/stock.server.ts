import { eq } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { stockCache } from "#app/db/stock-cache.server.ts";
import type { StockHolder } from "#app/stock/journal.server.ts";
import { rackItems as t } from "#app/store-racks/table.server.ts";

// What the rest of the app reads and writes of the rack items: the stock ledger (an item's stock
// is its movements; the item keeps their sum as its cached balance) and the history. The table
// itself stays in this folder.

/**
 * The stock journal's hold on an item (app/stock/journal.server.ts): the row it locks to serialise
 * two people moving the same item, the key its movements point at, the cached balance
 * (closing_stock) its figures start from, and this folder's commands that lock the items and
 * rewrite that balance from their movements in the movement's transaction.
 */
export const rackStockHolder = {
  type: "rack",
  table: t,
  id: t.id,
  balance: t.closingStock,
  ...stockCache(t, t.id, "closingStock"),
} as const satisfies StockHolder;

/** What the ledger's pages say about an item (its stock card's heading and way back). */
export async function describeRackItem(db: Tx, id: string) {
  const [row] = await db
    .select({
      rackNumber: t.rackNumber,
      section: t.section,
      materialName: t.materialName,
      closingStock: t.closingStock,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!row) return null;
  return {
    name: row.materialName,
    place: { rack: row.rackNumber, section: row.section },
    inStock: row.closingStock,
    listHref: `/about?rack=${row.rackNumber}`,
    reorder: null,
  };
}
