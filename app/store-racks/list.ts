import { readListParams } from "#app/lib/list-params.ts";
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

export function appliedRackFilters(q: string, rack: number | null) {
  const applied: { label: string; value: string }[] = [];
  if (rack) applied.push({ label: "Rack", value: rackLabel(rack) });
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  return applied;
}
