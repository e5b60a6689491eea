import { inEnglish, type Translate } from "#app/i18n/translate.ts";
import { readChoice, readListParams } from "#app/lib/list-params.ts";
import { oldSortNames, sortNames } from "#app/lib/record.ts";
import { sparesRecord } from "#app/spares/record.ts";
import { AVAILABLE, ORDER_TO_PLACE } from "#app/spares/rules.ts";

// A department list's view in the address (docs/architecture.md "Lists"): shared by the loader,
// the page's links and the print view.

/** The definition's sortable fields (record.ts), then the two figures worked out from the stock. */
export const SPARES_SORTS = [...sortNames(sparesRecord), "shortfall", "status"] as const;
export type SparesSort = (typeof SPARES_SORTS)[number];
export const SPARES_LIST_DEFAULTS = { sort: "srno", dir: "asc" } as const;

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

export type SparesFilters = {
  stock: (typeof STOCK_FILTERS)[number] | "";
  status: (typeof STATUS_FILTERS)[number] | "";
};

/** The list's view from the address; never throws (bad values mean the default). */
export function readSparesView(search: URLSearchParams) {
  const params = readListParams(search, {
    sorts: SPARES_SORTS,
    // Links saved before the sorts took the fields' names (?sort=available…).
    oldSorts: oldSortNames(sparesRecord),
    defaultSort: SPARES_LIST_DEFAULTS.sort,
    defaultDir: SPARES_LIST_DEFAULTS.dir,
  });
  const filters: SparesFilters = {
    stock: readChoice(search, "stock", STOCK_FILTERS),
    status: readChoice(search, "status", STATUS_FILTERS),
  };
  return { params, filters };
}

/** The filters in force, as the print header names them (values in `_`'s language). */
export function appliedSparesFilters(q: string, filters: SparesFilters, _: Translate = inEnglish) {
  const applied: { label: string; value: string }[] = [];
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  if (filters.stock) applied.push({ label: "Stock", value: _(STOCK_FILTER_LABELS[filters.stock]) });
  if (filters.status)
    applied.push({ label: "Status of Order", value: _(STATUS_FILTER_LABELS[filters.status]) });
  return applied;
}
