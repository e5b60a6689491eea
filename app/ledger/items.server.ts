import { eq } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { isRecordId, type StockItemRef } from "#app/ledger/item.ts";
import { departmentTablePath } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { rackLabel } from "#app/store-racks/rules.ts";
import { rackItems } from "#app/store-racks/table.server.ts";

/** What the ledger's pages say about an item: its name, where it is kept, its current stock. */
export type StockItemInfo = {
  ref: StockItemRef;
  name: string;
  location: string;
  /** The cached balance of all its movements. */
  inStock: number;
  /** The list the item is shown in (the stock card's way back). */
  listHref: string;
  /** A spares line's minimum stock and lead time (its order-by date); null for a rack item. */
  reorder: { minStock: number; leadTimeDays: number } | null;
};

export async function findStockItem(db: Tx, ref: StockItemRef): Promise<StockItemInfo | null> {
  if (!isRecordId(ref.id)) return null;
  if (ref.type === "rack") {
    const [row] = await db
      .select({
        rackNumber: rackItems.rackNumber,
        section: rackItems.section,
        materialName: rackItems.materialName,
        closingStock: rackItems.closingStock,
      })
      .from(rackItems)
      .where(eq(rackItems.id, ref.id));
    if (!row) return null;
    return {
      ref,
      name: row.materialName,
      location: `${rackLabel(row.rackNumber)}, section ${row.section}`,
      inStock: row.closingStock,
      listHref: `/about?rack=${row.rackNumber}`,
      reorder: null,
    };
  }
  const [row] = await db
    .select({
      department: inventoryItems.department,
      srno: inventoryItems.srno,
      assets: inventoryItems.assets,
      name: inventoryItems.componentsAndEquipments,
      availableStock: inventoryItems.availableStock,
      minStock: inventoryItems.minStock,
      leadTimeDays: inventoryItems.leadTimeDays,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, ref.id));
  if (!row) return null;
  return {
    ref,
    name: row.name,
    location: `${row.department} spares, Sr. No. ${row.srno}, ${row.assets}`,
    inStock: row.availableStock,
    listHref: departmentTablePath(row.department),
    reorder: { minStock: row.minStock, leadTimeDays: row.leadTimeDays },
  };
}
