import type { Translate as Say } from "#app/i18n/translate.ts";
import { formatDateGB, MONTH_NAMES } from "#app/lib/dates.ts";
import { groupDigits } from "#app/lib/numbers.ts";
import { formatQuantity, fromThousandths, toThousandths } from "#app/stock/rules.ts";

// The figures the stock card's two charts draw (docs/decisions/015), pure: the balance after
// each day of the card's range, and the item's use per month over the last 12 months with the
// average and the days of cover it implies. The geometry is app/ledger/card-chart.server.ts.

export type DayBalance = { day: string; balance: number; receipts: number; issues: number };

/** The balance after each day: the card's opening plus the days' changes, in thousandths. */
export function dayBalances(
  opening: number,
  days: readonly { day: string; receipts: number; issues: number; change: number }[],
): DayBalance[] {
  let running = toThousandths(opening);
  return days.map((day) => {
    running += toThousandths(day.change);
    return { day: day.day, balance: fromThousandths(running), receipts: day.receipts, issues: day.issues };
  });
}

/** How many months the use chart shows: this one (to date) and the eleven before it. */
export const USE_MONTHS = 12;

export type MonthlyUse = {
  months: { month: string; label: string; issued: number }[];
  /** The first day the months count from, and today (the last). */
  from: string;
  to: string;
  total: number;
  /** Issued over the 12 months ÷ 12. */
  averagePerMonth: number;
  /**
   * Whole days the stock lasts at the 12 months' daily use (issued ÷ the days from `from` to
   * today, both included); null when nothing was issued.
   */
  coverDays: number | null;
};

const monthKey = (year: number, month: number) => `${year}-${String(month + 1).padStart(2, "0")}`;

/** The first day of the month `USE_MONTHS − 1` months before today's. */
export function useWindowStart(today: string): string {
  const [y, m] = today.split("-").map(Number);
  const start = new Date(Date.UTC(y, m - 1 - (USE_MONTHS - 1), 1));
  return start.toISOString().slice(0, 10);
}

export function monthlyUse(
  perMonth: readonly { month: string; issued: number }[],
  stock: number,
  today: string,
): MonthlyUse {
  const from = useWindowStart(today);
  const [y, m] = from.split("-").map(Number);
  const issuedBy = new Map(perMonth.map((row) => [row.month, row.issued]));
  const months = Array.from({ length: USE_MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(y, m - 1 + index, 1));
    const month = monthKey(date.getUTCFullYear(), date.getUTCMonth());
    const issued = Math.max(0, issuedBy.get(month) ?? 0);
    return { month, label: MONTH_NAMES[date.getUTCMonth()].slice(0, 3), issued };
  });
  const totalThousandths = months.reduce((sum, month) => sum + toThousandths(month.issued), 0);
  const total = fromThousandths(totalThousandths);
  const days = Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000) + 1;
  const daily = total / days;
  return {
    months,
    from,
    to: today,
    total,
    averagePerMonth: fromThousandths(Math.round(totalThousandths / USE_MONTHS)),
    coverDays: daily > 0 ? Math.floor(Math.max(0, stock) / daily + 1e-9) : null,
  };
}

/** The use chart's words under it: the average and the cover, as the plant says them, in `say`'s language. */
export function monthlyUseSummary(use: MonthlyUse, say: Say): string {
  if (use.total <= 0) return say("Nothing issued since {date}.", { date: formatDateGB(use.from) });
  const cover =
    use.coverDays === null
      ? ""
      : ` ${say("At that rate the stock now lasts {days} days.", { days: groupDigits(use.coverDays) })}`;
  const average = say("Average use {average} a month ({total} issued {from} to {to}).", {
    average: formatQuantity(use.averagePerMonth),
    total: formatQuantity(use.total),
    from: formatDateGB(use.from),
    to: formatDateGB(use.to),
  });
  return `${average}${cover}`;
}
