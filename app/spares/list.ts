import { readChoice, readListParams } from "#app/lib/list-params.ts";
import { AVAILABLE, ORDER_TO_PLACE } from "#app/spares/rules.ts";

// A department table's view in the address (docs/architecture.md "Lists"): shared by the loader,
// the page's links and the print view.

export const INVENTORY_SORTS = [
  "srno",
  "assets",
  "components",
  "available",
  "min",
  "leadTime",
  "shortfall",
  "status",
] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];
export const INVENTORY_LIST_DEFAULTS = { sort: "srno", dir: "asc" } as const;

export const STOCK_FILTERS = ["short", "ok"] as const;
export const STOCK_FILTER_LABELS: Record<(typeof STOCK_FILTERS)[number], string> = {
  short: "At or below minimum",
  ok: "Above minimum",
};
/** The two statuses the stock gives a line (rules.ts orderStatusOf); nothing else exists. */
export const STATUS_FILTERS = [ORDER_TO_PLACE, AVAILABLE] as const;
export const STATUS_FILTER_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  [ORDER_TO_PLACE]: ORDER_TO_PLACE,
  [AVAILABLE]: AVAILABLE,
};

/** The address query of the 'Order to place' filter, for links from Today and the digest. */
export const ORDER_TO_PLACE_QUERY = `status=${encodeURIComponent(ORDER_TO_PLACE)}`;

export type InventoryFilters = {
  stock: (typeof STOCK_FILTERS)[number] | "";
  status: (typeof STATUS_FILTERS)[number] | "";
};

/** The table's view from the address; never throws (bad values mean the default). */
export function readInventoryView(search: URLSearchParams) {
  const params = readListParams(search, {
    sorts: INVENTORY_SORTS,
    defaultSort: INVENTORY_LIST_DEFAULTS.sort,
    defaultDir: INVENTORY_LIST_DEFAULTS.dir,
  });
  const filters: InventoryFilters = {
    stock: readChoice(search, "stock", STOCK_FILTERS),
    status: readChoice(search, "status", STATUS_FILTERS),
  };
  return { params, filters };
}

/** The filters in force, as the print header names them. */
export function appliedInventoryFilters(q: string, filters: InventoryFilters) {
  const applied: { label: string; value: string }[] = [];
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  if (filters.stock) applied.push({ label: "Stock", value: STOCK_FILTER_LABELS[filters.stock] });
  if (filters.status) applied.push({ label: "Status of Order", value: STATUS_FILTER_LABELS[filters.status] });
  return applied;
}
