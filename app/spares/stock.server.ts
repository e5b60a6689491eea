import { eq, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { stockCache } from "#app/db/stock-cache.server.ts";
import { lineNeedsOrder } from "#app/spares/order-status.server.ts";
import { departmentListPath } from "#app/spares/rules.ts";
import { inventoryItems as t } from "#app/spares/table.server.ts";
import type { DepartmentStockHolder } from "#app/stock/journal.server.ts";

// What the rest of the app reads and writes of the spares lines: the stock ledger (a line's stock
// is its movements; the line keeps their sum as its cached balance), Today, the reminders and the
// history. The table itself stays in this folder.

/**
 * The stock journal's hold on a line (app/stock/journal.server.ts): the row it locks to serialise
 * two people moving the same line, the key its movements point at, the cached balance
 * (available_stock) its figures start from, and this folder's commands that lock the lines and
 * rewrite that balance from their movements in the movement's transaction.
 */
export const sparesStockHolder = {
  type: "spare",
  table: t,
  id: t.id,
  balance: t.availableStock,
  department: t.department,
  ...stockCache(t, t.id, "availableStock"),
} as const satisfies DepartmentStockHolder;

/** What the ledger's pages say about a line (its stock card's heading and way back). */
export async function describeLine(db: Tx, id: string) {
  const [row] = await db
    .select({
      department: t.department,
      srno: t.srno,
      assets: t.assets,
      name: t.componentsAndEquipments,
      availableStock: t.availableStock,
      minStock: t.minStock,
      leadTimeDays: t.leadTimeDays,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!row) return null;
  return {
    name: row.name,
    place: { department: row.department, srno: row.srno, assets: row.assets },
    inStock: row.availableStock,
    listHref: departmentListPath(row.department),
    reorder: { minStock: row.minStock, leadTimeDays: row.leadTimeDays },
  };
}

/** Every line with its stock and lead time, by department and serial number (Today's order-now). */
export function linesWithLeadTime(db: Tx) {
  return db
    .select({
      id: t.id,
      department: t.department,
      srno: t.srno,
      assets: t.assets,
      stock: t.availableStock,
      leadTimeDays: t.leadTimeDays,
    })
    .from(t)
    .orderBy(t.department, t.srno);
}

/**
 * Spares lines at or below their minimum stock, whose status is 'Order to place' (the department
 * lists' ?stock=short and ?status=Order to place), the first `perDepartment` of each department by
 * serial number, and how many each department has in all.
 */
export async function linesBelowMinimum(db: Tx, perDepartment: number) {
  const ranked = db
    .select({
      department: t.department,
      srno: t.srno,
      assets: t.assets,
      available: t.availableStock,
      minimum: t.minStock,
      rank: sql<number>`row_number() over (partition by ${t.department} order by ${t.srno})`.as("rank"),
      total: sql<number>`count(*) over (partition by ${t.department})`.as("total"),
    })
    .from(t)
    // 'Order to place' (the order-status rule's SQL twin), as the lists' filter finds them.
    .where(lineNeedsOrder)
    .as("ranked");
  return db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perDepartment}`)
    .orderBy(ranked.department, ranked.srno);
}
