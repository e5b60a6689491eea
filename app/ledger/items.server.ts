import type { Tx } from "#app/db/client.server.ts";
import type { ItemPlace } from "#app/ledger/words.tsx";
import { describeLine } from "#app/spares/stock.server.ts";
import { isRecordId, type StockItemRef } from "#app/stock/item.ts";
import { describeRackItem } from "#app/store-racks/stock.server.ts";

/** What the ledger's pages say about an item: its name, where it is kept, its current stock. */
export type StockItemInfo = {
  ref: StockItemRef;
  name: string;
  /** Where it is kept, worded by the page in its language (app/ledger/words.ts). */
  place: ItemPlace;
  /** The cached balance of all its movements. */
  inStock: number;
  /** The list the item is shown in (the stock card's way back). */
  listHref: string;
  /** A spares line's minimum stock and lead time (its order-by date); null for a rack item. */
  reorder: { minStock: number; leadTimeDays: number } | null;
};

export async function findStockItem(db: Tx, ref: StockItemRef): Promise<StockItemInfo | null> {
  if (!isRecordId(ref.id)) return null;
  const found = ref.type === "rack" ? await describeRackItem(db, ref.id) : await describeLine(db, ref.id);
  return found ? { ref, ...found } : null;
}
