import { inEnglish, type Translate } from "#app/i18n/translate.ts";
import { formatDateGB, isIsoDate } from "#app/lib/dates.ts";
import { type ListParams, readChoice, readListParams } from "#app/lib/list-params.ts";
import { DEPARTMENTS, type Department } from "#app/spares/rules.ts";
import { monthOf } from "#app/stock/rules.ts";
import { RACK_COUNT, type RackCategory, rackCategory, rackLabel } from "#app/store-racks/rules.ts";

// The stock report's view in the address (issue 17; docs/architecture.md "Lists"): the period
// (?from=&to=, or ?month=YYYY-MM; the plant's current month by default), the items (rack items,
// spares lines or both), a rack, a department, the search text and the page. Pure: the page, its
// print view and GET /api/stock/report read it the same way.

export const REPORT_ITEMS = ["rack", "spare"] as const;
export type ReportItems = (typeof REPORT_ITEMS)[number];
export const REPORT_ITEMS_LABELS: Record<ReportItems, string> = {
  rack: "Store rack items",
  spare: "Spares lines",
};

/** The report has one order, the racks page's (rack, then as put in), then the departments by serial number. */
export const REPORT_SORTS = ["rack"] as const;
export const REPORT_LIST_DEFAULTS = { sort: "rack", dir: "asc" } as const;

/** The store racks of a department's trade (the legacy app "Rack categories"). */
const RACK_CATEGORIES_OF: Record<Department, RackCategory[]> = {
  Electrician: ["Electrician"],
  FireFight: ["Fire Fighting"],
  Technician: ["Technician", "Technician/Kosan"],
};
export const racksOfDepartment = (department: Department) =>
  Array.from({ length: RACK_COUNT }, (_, index) => index + 1).filter((rack) =>
    RACK_CATEGORIES_OF[department].includes(rackCategory(rack)),
  );

/** An item's (or a group's) figures over the period: closing = opening + receipts − issues + counts. */
export type ReportFigures = {
  opening: number;
  receipts: number;
  issues: number;
  counts: number;
  closing: number;
};

export type ReportFilters = {
  from: string;
  to: string;
  items: ReportItems | "";
  rack: number | null;
  department: Department | "";
};

export type ReportView = {
  params: ListParams<"rack">;
  filters: ReportFilters;
  /** What in the address could not be read, and what the report shows instead (never a failure). */
  problems: { field: "from" | "to" | "month" | "rack" | "department" | "items"; message: string }[];
};

/** "2026-11" for a month picker / link. */
export const monthOfDate = (isoDate: string) => isoDate.slice(0, 7);

/** The month before or after a date's month, as its first day. */
export function shiftMonth(isoDate: string, months: number): string {
  const [y, m] = isoDate.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  return first.toISOString().slice(0, 10);
}

const MONTH = /^(\d{4})-(\d{2})$/;
/** A month written YYYY-MM, or null. */
function readMonth(value: string | null): string | null {
  const match = MONTH.exec(value?.trim() ?? "");
  if (!match) return null;
  const first = `${match[1]}-${match[2]}-01`;
  return isIsoDate(first) ? first : null;
}

const notADate = (label: string, value: string) =>
  `${label} '${value.slice(0, 20)}' is not a date (write it YYYY-MM-DD).`;

/**
 * The report's view from the address; never throws. A value that cannot be read is left out and
 * named in `problems` (the page says so; the API answers 400 with them).
 */
export function readReportView(search: URLSearchParams, today: string): ReportView {
  const problems: ReportView["problems"] = [];
  const params = readListParams(search, {
    sorts: REPORT_SORTS,
    defaultSort: REPORT_LIST_DEFAULTS.sort,
    defaultDir: REPORT_LIST_DEFAULTS.dir,
  });

  const date = (name: "from" | "to", label: string) => {
    const raw = search.get(name)?.trim() ?? "";
    if (!raw) return null;
    if (isIsoDate(raw)) return raw;
    problems.push({ field: name, message: notADate(label, raw) });
    return null;
  };
  let from = date("from", "From");
  let to = date("to", "To");
  const rawMonth = search.get("month")?.trim() ?? "";
  const month = readMonth(rawMonth);
  if (rawMonth && !month)
    problems.push({
      field: "month",
      message: `Month '${rawMonth.slice(0, 20)}' is not a month (write it YYYY-MM).`,
    });
  if (!from && !to) {
    ({ from, to } = monthOf(month ?? today));
  } else if (!from) {
    from = monthOf(to ?? today).from;
  } else if (!to) {
    to = monthOf(from).to;
  }
  if ((from as string) > (to as string)) {
    problems.push({
      field: "to",
      message: `The period ended (${formatDateGB(to)}) before it began (${formatDateGB(from)}); showing ${formatDateGB(to)} to ${formatDateGB(from)}.`,
    });
    [from, to] = [to, from];
  }

  const items = readChoice(search, "items", REPORT_ITEMS);
  if (search.get("items") && !items)
    problems.push({ field: "items", message: "Items must be 'rack' or 'spare'; showing both." });
  const department = readChoice(search, "department", DEPARTMENTS);
  if (search.get("department") && !department)
    problems.push({
      field: "department",
      message: `Department must be one of ${DEPARTMENTS.join(", ")}; showing every department.`,
    });
  const rawRack = search.get("rack")?.trim() ?? "";
  const rackNumber = /^\d{1,2}$/.test(rawRack) ? Number(rawRack) : Number.NaN;
  const rack = rackNumber >= 1 && rackNumber <= RACK_COUNT ? rackNumber : null;
  if (rawRack && rack === null)
    problems.push({
      field: "rack",
      message: `Rack must be a number from 1 to ${RACK_COUNT}; showing every rack.`,
    });

  return { params, filters: { from: from as string, to: to as string, items, rack, department }, problems };
}

/** The kinds of item the report lists for these filters (a rack means its items only). */
export function reportedKinds(filters: Pick<ReportFilters, "items" | "rack">, maySeeSpares: boolean) {
  return {
    racks: filters.items !== "spare",
    spares: maySeeSpares && filters.items !== "rack" && filters.rack === null,
  };
}

/** The filters in force, as the print header and the page's status name them (values in `_`'s language). */
export function appliedReportFilters(q: string, filters: ReportFilters, _: Translate = inEnglish) {
  const applied: { label: string; value: string }[] = [
    {
      label: "Period",
      value: _("{from} to {to}", { from: formatDateGB(filters.from), to: formatDateGB(filters.to) }),
    },
  ];
  if (filters.items) applied.push({ label: "Items", value: _(REPORT_ITEMS_LABELS[filters.items]) });
  if (filters.rack) applied.push({ label: "Rack", value: _(rackLabel(filters.rack)) });
  if (filters.department) applied.push({ label: "Department", value: _(filters.department) });
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  return applied;
}

/** The address parameters of a period that is exactly one month, else null. */
export function periodMonth(filters: Pick<ReportFilters, "from" | "to">): string | null {
  const month = monthOf(filters.from);
  return month.from === filters.from && month.to === filters.to ? monthOfDate(filters.from) : null;
}
