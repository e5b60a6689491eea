import { inEnglish, type Translate } from "#app/i18n/translate.ts";
import { formatDateGB, MONTH_NAMES } from "#app/lib/dates.ts";
import { readListParams } from "#app/lib/list-params.ts";
import { monthOf, readDateRange } from "#app/stock/rules.ts";
import { parseRackNumber, rackLabel } from "#app/store-racks/rules.ts";

// The Store Racks list's view in the address (docs/architecture.md "Lists"): every rack's items in
// one server-side list, filtered to one rack with ?rack=n.

export const RACK_SORTS = [
  "rack",
  "section",
  "material",
  "available",
  "issue",
  "receipt",
  "closing",
] as const;
export type RackSort = (typeof RACK_SORTS)[number];
export const RACK_LIST_DEFAULTS = { sort: "rack", dir: "asc" } as const;

/**
 * The period whose figures the racks show (issue 17): a month (`?month=2026-11`, by default the
 * plant's current month) or a from/to range (`?from=&to=`, which wins when given; a missing end
 * is the other end's month's). Never throws: anything unreadable is the current month.
 */
export type RackPeriod = { from: string; to: string; month: string | null };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function readRackPeriod(search: URLSearchParams, today: string): RackPeriod {
  const range = readDateRange(search);
  if (range.from || range.to) {
    const from = range.from ?? monthOf(range.to ?? today).from;
    const to = range.to ?? (monthOf(from).to < today ? monthOf(from).to : today < from ? from : today);
    return { from, to, month: null };
  }
  const month = search.get("month")?.trim() ?? "";
  const chosen = MONTH.test(month) ? month : today.slice(0, 7);
  return { ...monthOf(`${chosen}-01`), month: chosen };
}

/** The period as people read it: "November 2026" or "01/11/2026 to 15/11/2026" (in `_`'s language). */
export function periodLabel(period: RackPeriod, _: Translate = inEnglish): string {
  if (period.month)
    return `${_(MONTH_NAMES[Number(period.month.slice(5, 7)) - 1])} ${period.month.slice(0, 4)}`;
  return _("{from} to {to}", { from: formatDateGB(period.from), to: formatDateGB(period.to) });
}

/** The view from the address; never throws (a rack outside 1–24 means all racks). */
export function readRackView(search: URLSearchParams) {
  const params = readListParams(search, {
    sorts: RACK_SORTS,
    defaultSort: RACK_LIST_DEFAULTS.sort,
    defaultDir: RACK_LIST_DEFAULTS.dir,
  });
  const raw = search.get("rack");
  // Only the plain number: "rack7" is for the old API's paths, not this filter.
  const rack = raw && /^\d{1,2}$/.test(raw) ? parseRackNumber(raw) : null;
  return { params, rack };
}

export function appliedRackFilters(
  q: string,
  rack: number | null,
  period?: RackPeriod,
  _: Translate = inEnglish,
) {
  const applied: { label: string; value: string }[] = [];
  if (period) applied.push({ label: "Period", value: periodLabel(period, _) });
  if (rack) applied.push({ label: "Rack", value: _(rackLabel(rack)) });
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  return applied;
}
