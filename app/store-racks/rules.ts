// Store-rack rules (the legacy app "Store Racks page", "Rack closing stock"; README difference 10).
// Pure: they run in the browser (the live closing-stock preview) and on the server (the source of
// truth on save).

// A quantity typed in a form or an import is read by the stock journal's one rule.
// …and shown by its one rule: no trailing zeros, at most 3 decimals.
export {
  formatQuantity,
  MAX_QUANTITY,
  type ParsedQuantity,
  parseQuantity,
  type QuantityProblem,
} from "#app/stock/rules.ts";

import { fromThousandths, toThousandths } from "#app/stock/rules.ts";

export const RACK_COUNT = 24;

export type RackCategory = "Technician/Kosan" | "Technician" | "Electrician" | "Fire Fighting";

// The legacy app "Rack categories".
const ELECTRICIAN = new Set([7, 8, 9, 10, 18, 21, 22]);
const FIRE_FIGHTING = new Set([11, 12, 13, 19, 20]);

export function rackCategory(rackNumber: number): RackCategory {
  if (rackNumber <= 2) return "Technician/Kosan";
  if (ELECTRICIAN.has(rackNumber)) return "Electrician";
  if (FIRE_FIGHTING.has(rackNumber)) return "Fire Fighting";
  return "Technician";
}

/** Racks 1 to 24 in order, each with its category. */
export const RACKS = Array.from({ length: RACK_COUNT }, (_, index) => ({
  number: index + 1,
  category: rackCategory(index + 1),
}));

/** The panel label of the legacy app: 'RACK {n} - {category}'. */
export const rackLabel = (rackNumber: number) => `RACK ${rackNumber} - ${rackCategory(rackNumber)}`;

/**
 * The rack number of a URL segment: "1" … "24"; "rack7" is read as 7 (the legacy API contract: an old
 * client sent it). Anything else (0, 25, "abc", "7.5") is no rack: null.
 */
export function parseRackNumber(raw: string | undefined | null): number | null {
  const match = /^(?:rack)?(\d{1,2})$/i.exec(raw?.trim() ?? "");
  if (!match) return null;
  const rackNumber = Number(match[1]);
  return rackNumber >= 1 && rackNumber <= RACK_COUNT ? rackNumber : null;
}

export const messages = {
  inserted: "Data inserted successfully!",
  insertFailed: "Failed to insert data. Please try again.",
  updated: "Data updated successfully!",
  updateFailed: "Failed to update data. Please try again.",
  notFound: "No data found for the specified rack and ID.",
  fetchFailed: "Failed to fetch data. Please try again.",
  deleteQuestion: "Are you sure you want to permanently delete this item? This action cannot be undone.",
  deleted: "Item deleted successfully",
  // README difference 10: a receipt adds stock, an issue takes it away; never below zero.
  negativeClosingStock:
    "Closing stock cannot be below zero: the issue is more than the available stock plus the receipt.",
} as const;

export type StockMovement = { availableStock: number; issue: number; receipt: number };

/**
 * Closing stock = available + receipt − issue (README difference 10; the legacy formula subtracted
 * the receipt). Summed in whole thousandths, so 0.1 + 0.2 is 0.3, not 0.30000000000000004.
 */
export function closingStock({ availableStock, issue, receipt }: StockMovement): number {
  return fromThousandths(toThousandths(availableStock) + toThousandths(receipt) - toThousandths(issue));
}

/** A closing stock below zero is refused (README difference 10); exactly zero is fine. */
export const isClosingStockAllowed = (movement: StockMovement) => closingStock(movement) >= 0;
