// The stock ledger's rules (issue 17). Pure: the movement forms run them in the browser, and
// app/stock/journal.server.ts runs them again on the server, inside the transaction that
// holds the item's row lock, against the item's movements as they are then.
//
// Quantities are numbers with at most 3 decimals (numeric(14,3)); every sum here is taken in whole
// thousandths so 0.1 + 0.2 is 0.3 and a balance of exactly zero is zero.

import { dateWindowProblem, EARLIEST_DATE, formatDateGB, isIsoDate } from "#app/lib/dates.ts";
import { readListParams } from "#app/lib/list-params.ts";
import { ungroupDigits } from "#app/lib/numbers.ts";

export type MovementKind = "opening" | "receipt" | "issue" | "count" | "reversal";
/** What a person enters: a reversal is made by reversing, never typed. */
export type EnteredKind = Exclude<MovementKind, "reversal">;

/** A movement as the rules need it: its date and its signed change to the stock. */
export type LedgerEntry = {
  movedOn: string;
  quantity: number;
  kind: MovementKind;
  /** For a reversal: the kind of the movement it reverses (its figures fold back into that kind). */
  reversedKind?: EnteredKind | null;
};

const SCALE = 1000;
export const toThousandths = (value: number) => Math.round(value * SCALE);
export const fromThousandths = (thousandths: number) => {
  const value = thousandths / SCALE;
  return Object.is(value, -0) ? 0 : value;
};

/** Adds quantities exactly (to the thousandth). */
export const sumQuantities = (values: readonly number[]) =>
  fromThousandths(values.reduce((total, value) => total + toThousandths(value), 0));

/** A quantity as the pages show it: no trailing zeros, at most 3 decimals. */
export const formatQuantity = (value: number) => String(fromThousandths(toThousandths(value)));

export const messages = {
  futureDate: "The date cannot be after today.",
  badDate: "Date must be a real date.",
  dateRequired: "Date is required.",
  alreadyReversed: "This movement has already been reversed.",
  reversalNotReversible: "A reversal cannot be reversed; enter a new movement instead.",
  movementNotFound: "No such movement.",
  itemNotFound: "No such item.",
  recorded: {
    issue: "Issue recorded.",
    receipt: "Receipt recorded.",
    count: "Stock count recorded.",
    opening: "Opening stock recorded.",
  } satisfies Record<EnteredKind, string>,
  reversed: "Movement reversed.",
} as const;

/**
 * The refusal of a change that would take the stock below zero (issue 17's wording), its day
 * written as the tables write dates (dd/mm/yyyy).
 */
export const belowZeroMessage = (inStock: number, on: string) =>
  `Only ${formatQuantity(Math.max(inStock, 0))} in stock on ${formatDateGB(on)}.`;

/**
 * A movement's date: a real date, not after the plant's today (stricter than the records' year
 * ahead: stock not yet moved is not in the ledger) and not before 2000 (lib/dates.ts window).
 */
export function dateProblem(movedOn: string | undefined, today: string): string | null {
  if (!movedOn) return messages.dateRequired;
  if (!isIsoDate(movedOn)) return messages.badDate;
  if (movedOn > today) return messages.futureDate;
  return dateWindowProblem("Date", movedOn, { from: EARLIEST_DATE, to: today });
}

/** The stock at the end of a date: the sum of every movement up to and including it. */
export function stockOn(entries: readonly LedgerEntry[], date: string): number {
  let total = 0;
  for (const entry of entries) if (entry.movedOn <= date) total += toThousandths(entry.quantity);
  return fromThousandths(total);
}

/** The stock at the end of each day that has movements, in date order (thousandths). */
function dailyBalances(entries: readonly LedgerEntry[]): { on: string; thousandths: number }[] {
  const byDay = new Map<string, number>();
  for (const entry of entries) {
    byDay.set(entry.movedOn, (byDay.get(entry.movedOn) ?? 0) + toThousandths(entry.quantity));
  }
  let running = 0;
  return [...byDay.keys()].sort().map((on) => {
    running += byDay.get(on) ?? 0;
    return { on, thousandths: running };
  });
}

/**
 * The lowest stock from a date on: at the end of that date or of any later day with movements.
 * A change on `date` moves every one of those balances by the same amount, so this is the most
 * that may be taken away on that date.
 */
export function lowestStockFrom(
  entries: readonly LedgerEntry[],
  date: string,
): { inStock: number; on: string } {
  let before = 0;
  let lowest: { thousandths: number; on: string } | null = null;
  for (const day of dailyBalances(entries)) {
    if (day.on < date) {
      before = day.thousandths;
      continue;
    }
    // The end of `date` itself: its own balance, or, when it has no movements, the one before it.
    if (lowest === null) lowest = day.on === date ? { ...day } : { thousandths: before, on: date };
    if (day.thousandths < lowest.thousandths) lowest = { ...day };
  }
  const found = lowest ?? { thousandths: before, on: date };
  return { inStock: fromThousandths(found.thousandths), on: found.on };
}

/**
 * Refuses a change that would take the stock below zero on its date or on any later date
 * ("Only 3 in stock on 21-11-2026."). Additions are always allowed.
 */
export function belowZeroProblem(
  entries: readonly LedgerEntry[],
  change: { movedOn: string; quantity: number },
): string | null {
  if (toThousandths(change.quantity) >= 0) return null;
  // The movement's own date first: "only 10 on the day you issue 11" is the answer people expect.
  const onItsDate = stockOn(entries, change.movedOn);
  if (toThousandths(onItsDate) + toThousandths(change.quantity) < 0) {
    return belowZeroMessage(onItsDate, change.movedOn);
  }
  const lowest = lowestStockFrom(entries, change.movedOn);
  if (toThousandths(lowest.inStock) + toThousandths(change.quantity) >= 0) return null;
  return belowZeroMessage(lowest.inStock, lowest.on);
}

/**
 * The signed change an entered movement makes: a receipt or opening adds, an issue takes away,
 * a count records the difference between the counted figure and the stock on its date.
 */
export function signedChange(
  entries: readonly LedgerEntry[],
  input: { kind: EnteredKind; movedOn: string; quantity: number },
): number {
  switch (input.kind) {
    case "issue":
      return fromThousandths(-toThousandths(input.quantity));
    case "count":
      return fromThousandths(toThousandths(input.quantity) - toThousandths(stockOn(entries, input.movedOn)));
    default:
      return fromThousandths(toThousandths(input.quantity));
  }
}

export type PeriodFigures = {
  /** The stock at the start of the period (the end of the day before `from`). */
  opening: number;
  /** Opening figures entered in the period (an item created in it). */
  openings: number;
  receipts: number;
  issues: number;
  /** The net difference stock counts made in the period. */
  counts: number;
  /** opening + openings + receipts − issues + counts: the stock at the end of `to`. */
  closing: number;
};

/** The kind a movement's figures count under: a reversal under the kind it reverses. */
export const effectiveKind = (entry: Pick<LedgerEntry, "kind" | "reversedKind">): EnteredKind =>
  entry.kind === "reversal" ? (entry.reversedKind ?? "receipt") : entry.kind;

/**
 * The period figures of one item, from..to inclusive. A reversal counts, on its own date, under
 * the kind it reverses, so an issue and its reversal in one period cancel out of its issues.
 */
export function periodFigures(entries: readonly LedgerEntry[], from: string, to: string): PeriodFigures {
  const sums = { opening: 0, openings: 0, receipts: 0, issues: 0, counts: 0 };
  for (const entry of entries) {
    const q = toThousandths(entry.quantity);
    if (entry.movedOn < from) {
      sums.opening += q;
      continue;
    }
    if (entry.movedOn > to) continue;
    const kind = effectiveKind(entry);
    if (kind === "opening") sums.openings += q;
    else if (kind === "receipt") sums.receipts += q;
    else if (kind === "issue") sums.issues -= q;
    else sums.counts += q;
  }
  return figuresFromThousandths(sums);
}

/** The figures of sums kept in thousandths (the SQL side sums numerics and lands here too). */
export function figuresFromThousandths(sums: Omit<PeriodFigures, "closing">): PeriodFigures {
  const closing = sums.opening + sums.openings + sums.receipts - sums.issues + sums.counts;
  return {
    opening: fromThousandths(sums.opening),
    openings: fromThousandths(sums.openings),
    receipts: fromThousandths(sums.receipts),
    issues: fromThousandths(sums.issues),
    counts: fromThousandths(sums.counts),
    closing: fromThousandths(closing),
  };
}

export type BalancedEntry<T> = T & { balance: number };

/** Movements in date order (ties in the order given) with the balance after each one. */
export function withRunningBalance<T extends LedgerEntry>(
  entries: readonly T[],
  openingBalance = 0,
): BalancedEntry<T>[] {
  let running = toThousandths(openingBalance);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) =>
      a.entry.movedOn < b.entry.movedOn ? -1 : a.entry.movedOn > b.entry.movedOn ? 1 : a.index - b.index,
    )
    .map(({ entry }) => {
      running += toThousandths(entry.quantity);
      return { ...entry, balance: fromThousandths(running) };
    });
}

/** The first and last day of the month a date is in. */
export function monthOf(isoDate: string): { from: string; to: string } {
  const [y, m] = isoDate.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = String(m).padStart(2, "0");
  return { from: `${y}-${month}-01`, to: `${y}-${month}-${String(last).padStart(2, "0")}` };
}

/** Each movement form's title (its page, the list pages' dialog). */
export const FORM_TITLE: Record<keyof typeof KIND_OF_FORM, string> = {
  issue: "Issue",
  receive: "Receive",
  count: "Stock count",
};

/** The movement kind each form enters. */
export const KIND_OF_FORM = { issue: "issue", receive: "receipt", count: "count" } as const satisfies Record<
  string,
  EnteredKind
>;

/** How a kind reads in the stock card's Kind column. */
export const KIND_LABEL: Record<MovementKind, string> = {
  opening: "Opening stock",
  receipt: "Receipt",
  issue: "Issue",
  count: "Stock count",
  reversal: "Reversal",
};

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** A from/to range from the address: each a real date or left out; never throws. */
export function readDateRange(search: URLSearchParams): { from: string | null; to: string | null } {
  const read = (name: string) => {
    const value = search.get(name)?.trim() ?? "";
    return ISO.test(value) && isIsoDate(value) ? value : null;
  };
  const from = read("from");
  const to = read("to");
  // A range given backwards is read the way round that means something.
  return from && to && from > to ? { from: to, to: from } : { from, to };
}

/**
 * The stock card's page from the address (?page=&size=, sizes as every list: 25/50/100/200, default
 * 50; the loader puts the person's remembered size in the address it reads). Without a page, or
 * with one that is not a page number, the LAST page: the newest movements, which is what a
 * storekeeper opens the card for. Never throws.
 */
export function readCardPaging(search: URLSearchParams): { page: number | "last"; size: number } {
  const { page, size } = readListParams(search, { sorts: ["date"], defaultSort: "date" });
  const given = /^\d{1,9}$/.test(search.get("page")?.trim() ?? "");
  return { page: given ? page : "last", size };
}

/**
 * What the address's from/to say that `readDateRange` could not read (it leaves such a date out),
 * in the stock report's words, so the stock card can say why it shows what it shows.
 */
export function dateRangeProblems(search: URLSearchParams): string[] {
  const problems: string[] = [];
  for (const [name, label] of [
    ["from", "From"],
    ["to", "To"],
  ] as const) {
    const raw = search.get(name)?.trim() ?? "";
    if (raw && !(ISO.test(raw) && isIsoDate(raw)))
      problems.push(`${label} '${raw.slice(0, 20)}' is not a date (write it YYYY-MM-DD).`);
  }
  return problems;
}

// Quantities are numbers ≥ 0 with up to 3 decimals (cable in metres). The
// column holds numeric(14,3); a cap far below it keeps every sum exact in thousandths.
export const MAX_QUANTITY = 1_000_000_000;

export type QuantityProblem = "notNumber" | "negative" | "decimals" | "tooLarge";
export type ParsedQuantity =
  | { kind: "blank" }
  | { kind: "ok"; value: number }
  | { kind: "invalid"; problem: QuantityProblem };

/**
 * Reads a quantity typed in a form ("12", "12.5", ".25") or sent as JSON (a number or such a
 * string). Blank (absent, null, "", spaces) is its own answer: the caller decides what it means.
 */
export function parseQuantity(raw: unknown): ParsedQuantity {
  if (raw === undefined || raw === null) return { kind: "blank" };
  if (typeof raw === "string") {
    // "1,250" as an import reads it (app/lib/numbers.ts: one rule for forms and imports).
    const text = ungroupDigits(raw);
    if (!text) return { kind: "blank" };
    const match = /^([+-])?(\d+\.?\d*|\.\d+)$/.exec(text);
    if (!match) return { kind: "invalid", problem: "notNumber" };
    return checkQuantity(Number(text), match[2].split(".")[1]?.length ?? 0);
  }
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) return { kind: "invalid", problem: "notNumber" };
    const thousandths = raw * SCALE;
    const decimals = Math.abs(thousandths - Math.round(thousandths)) < 1e-6 ? 0 : 4;
    return checkQuantity(raw, decimals);
  }
  return { kind: "invalid", problem: "notNumber" };
}

function checkQuantity(value: number, decimals: number): ParsedQuantity {
  if (value < 0) return { kind: "invalid", problem: "negative" };
  if (decimals > 3) return { kind: "invalid", problem: "decimals" };
  if (value > MAX_QUANTITY) return { kind: "invalid", problem: "tooLarge" };
  return { kind: "ok", value: Object.is(value, -0) ? 0 : value };
}
