import { MAKES } from "./data.ts";
import { randomFor, shiftDate } from "./random.ts";

// Two years of stock movements for the seeded items (issue 17), made in memory and loaded with
// COPY by run.ts: ~230,000 rows at plant scale in a few seconds, never row by row through the app.
//
// Each item's history is walked BACKWARDS from the stock it has today (the seeded figure, which is
// the item's cached balance): an issue on a day means the stock was higher before it, a receipt
// that it was lower (never below zero), so every end-of-day balance is ≥ 0 by construction, and
// the sum of the movements is exactly today's stock. What is left at the start is the item's
// opening movement, two years back. Days hold a receipt first, then issues, then a stock count,
// in that id order, so a stock card's running balance never dips below zero inside a day either.

export const LEDGER_DAYS = 730;

/** One item the ledger is made for: its stock today and how it is measured. */
export type LedgerItem = {
  /** Today's stock (the item's cached balance), at most 3 decimals. */
  stock: number;
  /** A rough "normal" stock level (min stock of a spares line), for the sizes of issues. */
  level: number;
  /** Measured in metres, litres or kilograms: quantities with decimals. */
  decimals: boolean;
  /** The bench's stock card: about 2,000 movements. */
  heavy?: boolean;
};

export type SeedMovement = {
  /** Index of the item in the list given. */
  item: number;
  movedOn: string;
  kind: "opening" | "receipt" | "issue" | "count" | "reversal";
  /** The signed change, in thousandths. */
  thousandths: number;
  /** For a count, the counted figure in thousandths. */
  counted: number | null;
  reference: string | null;
  party: string | null;
  remark: string | null;
  /** For a reversal: the index (in the returned list) of the movement it reverses. */
  reverses: number | null;
};

const ISSUED_TO = [
  "Shift A fitter",
  "Shift B fitter",
  "Shift C fitter",
  "Electrician on duty",
  "Carousel crew",
  "Maintenance contractor",
  "Fire & safety officer",
  "Filling shed supervisor",
];

const toT = (value: number) => Math.round(value * 1000);

/** A quantity to move, in thousandths: whole units, or one decimal for metres/litres/kg. */
function amount(item: LedgerItem, units: number) {
  const scaled = Math.max(units, item.decimals ? 0.1 : 1);
  return item.decimals ? Math.round(scaled * 10) * 100 : Math.max(1, Math.round(scaled)) * 1000;
}

let cachedDays: { today: string; dates: string[] } | null = null;
/** today, yesterday, … LEDGER_DAYS back (index = days back), made once per today: 3 million date sums otherwise. */
function daysBack(today: string) {
  if (cachedDays?.today !== today)
    cachedDays = {
      today,
      dates: Array.from({ length: LEDGER_DAYS + 1 }, (_, back) => shiftDate(today, -back)),
    };
  return cachedDays.dates;
}

type Day = { receipt?: number; issues: number[]; count?: { difference: number; counted: number } };

/**
 * One item's movements in date order (relative to `today`), each end-of-day balance ≥ 0, summing
 * to `item.stock`. `index` is the item's position (its random stream and the `item` field).
 */
export function itemMovements(item: LedgerItem, index: number, seed: string, today: string): SeedMovement[] {
  const random = randomFor(`${seed}:ledger:${index}`);
  const dates = daysBack(today);
  const start = dates[LEDGER_DAYS];
  const typical = Math.max(item.decimals ? 0.5 : 1, item.level / 4);
  // How often the item is issued: a few are idle (days of cover "—"), a few went quiet lately.
  const profile = item.heavy ? "heavy" : random.chance(0.08) ? "idle" : random.chance(0.1) ? "quiet" : "busy";
  const issueChance = profile === "busy" ? 0.03 + random.next() * 0.07 : profile === "quiet" ? 0.05 : 0;
  const high = toT(typical * 12);

  let stock = toT(item.stock);
  const days: { on: string; day: Day }[] = [];
  for (let back = 0; back < LEDGER_DAYS; back++) {
    const on = dates[back];
    const day: Day = { issues: [] };
    // Backwards: first what happened last in the day (a count), then the issues, then the receipt.
    if (profile !== "idle" && random.chance(1 / 240)) {
      const difference = Math.min(stock, amount(item, random.next() * 2)) * (random.chance(0.6) ? -1 : 1);
      // A count of −d means there were d more before it: always possible; +d needs d in stock.
      const counted = stock;
      stock -= difference;
      if (difference !== 0) day.count = { difference, counted };
    }
    const issues =
      profile === "heavy"
        ? 2 + (random.chance(0.5) ? 1 : 0)
        : profile === "quiet" && back < 120
          ? 0
          : random.chance(issueChance)
            ? 1
            : 0;
    for (let n = 0; n < issues; n++) {
      const quantity = amount(item, typical * (0.5 + random.next()));
      day.issues.push(quantity);
      stock += quantity;
    }
    // A receipt made the stock what the day started with; the fuller the shelf, the likelier one was.
    const receiptChance = profile === "heavy" ? 0.3 : stock > high ? 0.25 : issueChance / 6;
    if (stock > 0 && random.chance(receiptChance)) {
      const quantity = Math.min(stock, amount(item, typical * (4 + random.next() * 8)));
      if (quantity > 0) {
        day.receipt = quantity;
        stock -= quantity;
      }
    }
    if (day.receipt || day.issues.length || day.count) days.push({ on, day });
  }

  const rows: SeedMovement[] = [];
  const push = (row: Omit<SeedMovement, "item" | "counted" | "reverses"> & Partial<SeedMovement>) =>
    rows.push({ item: index, counted: null, reverses: null, ...row });
  if (stock > 0)
    push({
      movedOn: start,
      kind: "opening",
      thousandths: stock,
      reference: null,
      party: null,
      remark: "Opening stock",
    });
  let balance = stock;
  for (const { on, day } of days.reverse()) {
    if (day.receipt) {
      balance += day.receipt;
      push({
        movedOn: on,
        kind: "receipt",
        thousandths: day.receipt,
        reference: `GRN ${random.int(1000, 9999)}`,
        party: random.pick(MAKES),
        remark: null,
      });
    }
    for (const quantity of day.issues) {
      balance -= quantity;
      push({
        movedOn: on,
        kind: "issue",
        thousandths: -quantity,
        reference: `Slip ${random.int(10000, 99999)}`,
        party: random.pick(ISSUED_TO),
        remark: null,
      });
      // Now and then a slip is entered twice and the second one reversed (both stay on the card).
      if (balance >= quantity && random.chance(1 / 250)) {
        push({
          movedOn: on,
          kind: "issue",
          thousandths: -quantity,
          reference: rows.at(-1)?.reference ?? null,
          party: rows.at(-1)?.party ?? null,
          remark: null,
        });
        push({
          movedOn: on,
          kind: "reversal",
          thousandths: quantity,
          reference: rows.at(-1)?.reference ?? null,
          party: rows.at(-1)?.party ?? null,
          remark: "Slip entered twice",
          reverses: rows.length - 1,
        });
      }
    }
    if (day.count) {
      balance += day.count.difference;
      push({
        movedOn: on,
        kind: "count",
        thousandths: day.count.difference,
        counted: day.count.counted,
        reference: "Stock check",
        party: null,
        remark: null,
      });
    }
  }
  return rows;
}

/** Every item's movements, one list; a reversal's `reverses` indexes into it. */
export function ledgerMovements(items: readonly LedgerItem[], seed: string, today: string): SeedMovement[] {
  const all: SeedMovement[] = [];
  items.forEach((item, index) => {
    const offset = all.length;
    for (const row of itemMovements(item, index, seed, today))
      all.push(row.reverses === null ? row : { ...row, reverses: row.reverses + offset });
  });
  return all;
}
