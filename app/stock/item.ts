// A stock item is either a rack item (the store racks) or a spares line (the department tables).
// The ledger, its pages and its API address both the same way: `{ type, id }`, and `/stock/:type/:id`.

import { isRecordId } from "#app/lib/record-id.ts";

export const STOCK_ITEM_TYPES = ["rack", "spare"] as const;
export type StockItemType = (typeof STOCK_ITEM_TYPES)[number];

export type StockItemRef = { type: StockItemType; id: string };

/** An item as a movement form shows it: what it is called and what it holds now. */
export type MovementItem = { ref: StockItemRef; name: string; inStock: number };

/** An id that cannot be a record's is simply not found (never a database error). */
export { isRecordId };

export const isStockItemType = (value: unknown): value is StockItemType =>
  typeof value === "string" && (STOCK_ITEM_TYPES as readonly string[]).includes(value);

/** The item an address names (`/stock/:type/:id`), or null when it cannot name one. */
export function parseStockItemRef(type: string | undefined, id: string | undefined): StockItemRef | null {
  if (!isStockItemType(type) || !isRecordId(id)) return null;
  return { type, id: id.toLowerCase() };
}

/** The permission area of an item's movements: a rack item's are the racks', a line's the spares'. */
export const areaOfItem = (type: StockItemType) => (type === "rack" ? "racks" : "spares");

/** The stock card of an item, and its pages below it. */
export const stockCardPath = (item: StockItemRef) => `/stock/${item.type}/${item.id}`;

export const MOVEMENT_FORMS = ["issue", "receive", "count"] as const;
export type MovementForm = (typeof MOVEMENT_FORMS)[number];

/** What a list page's movement dialog was opened for (movement-dialog.tsx); `key` renews its form. */
export type MovementDialogOpened = { form: MovementForm; item: MovementItem; back: string; key: number };

export const movementFormPath = (item: StockItemRef, form: MovementForm) => `${stockCardPath(item)}/${form}`;

export const reversePath = (item: StockItemRef, movementId: string) =>
  `${stockCardPath(item)}/reverse/${movementId}`;
