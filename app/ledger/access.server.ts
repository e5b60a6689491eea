import { requireApiPermission, requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { findStockItem, type StockItemInfo } from "#app/ledger/items.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { areaOfItem, parseStockItemRef, type StockItemRef } from "#app/stock/item.ts";
import { messages } from "#app/stock/rules.ts";

// A stock page's or endpoint's first line: the item named by the address, and the right to it
// (a rack item's movements are the racks area's, a spares line's the spares area's). An address
// that names no item is a 404 before anything else; an item the role may not see is a 403.

type Need = "read" | "write";

export async function requireStockItemPage(
  request: Request,
  params: { type?: string; id?: string },
  need?: Need,
) {
  const ref = parseStockItemRef(params.type, params.id);
  // The area guard first: a guard (no racks, no spares) learns nothing from a 404.
  const user = await requirePermission(request, areaOfItem(ref?.type ?? "rack"), need);
  const item = ref ? await findStockItem(db, ref) : null;
  if (!item) notFound(messages.itemNotFound);
  return { user, item };
}

export async function requireStockItemApi(
  request: Request,
  params: { type?: string; id?: string },
): Promise<{ user: Awaited<ReturnType<typeof requireApiPermission>>; item: StockItemInfo }> {
  const ref: StockItemRef | null = parseStockItemRef(params.type, params.id);
  const user = await requireApiPermission(request, areaOfItem(ref?.type ?? "rack"));
  const item = ref ? await findStockItem(db, ref) : null;
  if (!item) throw new HttpError(404, "Stock item not found");
  return { user, item };
}
