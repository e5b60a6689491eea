import { addDays, formatDateGB } from "#app/lib/dates.ts";
import { groupDigits } from "#app/lib/numbers.ts";

// Days of cover and the order-by date of a spares line (issue 17). Pure: the department tables,
// their print view and the line's page show it from the server's figures; the same rule would run
// in the browser. How much the line uses comes from the ledger: the issues of the last 90 days.

/** The window the average daily use is taken over, in days (today included). */
export const COVER_WINDOW_DAYS = 90;
/**
 * Longer cover than this is shown as "over 100 years": a line issued once, a little, with a big
 * stock would otherwise put its order-by date past the calendar's end.
 */
export const MAX_COVER_DAYS = 36_500;

/** The dates whose issues count: the 90 days ending today, both ends included. */
export function coverWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -(COVER_WINDOW_DAYS - 1)), to: today };
}

export type Cover =
  /** Nothing issued in the window: no use to divide by ("—"). */
  | { kind: "unused" }
  | {
      kind: "cover";
      /** Issued in the window ÷ 90. */
      averageDailyUse: number;
      /** Whole days the stock lasts at that use (rounded down: part of a day is not a day's use). */
      days: number;
      /** True when the cover was longer than MAX_COVER_DAYS (days is then the cap). */
      capped: boolean;
      /** today + days of cover − lead time, YYYY-MM-DD. */
      orderBy: string;
      /** The order-by date is today or past. */
      orderNow: boolean;
    };

/**
 * The cover of a line: average daily use = issued in the last 90 days ÷ 90; days of cover = stock ÷
 * average use; order-by date = today + days of cover − lead time. The order-by date is rounded
 * down to a whole day, so an order is never due later than the figures say.
 */
export function stockCover(line: {
  stock: number;
  /** Quantity issued in coverWindow(today), net of reversed issues. */
  issued: number;
  leadTimeDays: number;
  today: string;
}): Cover {
  const issued = Number.isFinite(line.issued) ? line.issued : 0;
  if (issued <= 0) return { kind: "unused" };
  const averageDailyUse = issued / COVER_WINDOW_DAYS;
  const stock = Number.isFinite(line.stock) && line.stock > 0 ? line.stock : 0;
  const exact = stock / averageDailyUse;
  const capped = exact > MAX_COVER_DAYS;
  const cover = capped ? MAX_COVER_DAYS : exact;
  const lead = Number.isFinite(line.leadTimeDays) && line.leadTimeDays > 0 ? line.leadTimeDays : 0;
  // A tiny epsilon keeps 10.000000000002 − 0 from reading as 10 days when it means exactly 10.
  const slack = Math.floor(cover - lead + 1e-9);
  const orderBy = addDays(line.today, slack);
  return {
    kind: "cover",
    averageDailyUse,
    days: Math.floor(cover + 1e-9),
    capped,
    orderBy,
    orderNow: orderBy <= line.today,
  };
}

/** The cells as the tables show them: "—" for an unused line, else whole days and a date or "Order now". */
export function coverCells(cover: Cover): { days: string; orderBy: string } {
  if (cover.kind === "unused") return { days: "—", orderBy: "—" };
  return {
    days: cover.capped ? "over 100 years" : groupDigits(cover.days),
    orderBy: cover.orderNow ? "Order now" : formatDateGB(cover.orderBy),
  };
}
