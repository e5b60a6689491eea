import { RECORD_TYPE_NAMES, type RecordType } from "#app/audit-trail/record-types.ts";
import { formatDateGB, isIsoDate } from "#app/lib/dates.ts";
import { type ListDefaults, readChoice, readListParams } from "#app/lib/list-params.ts";
import { isRecordId } from "#app/lib/record-id.ts";
import type { AppliedFilter } from "#app/ui/list/print.tsx";

// /audit's view in the address (docs/architecture.md "Lists"): every change, newest first,
// filtered by user, record type and a date range in the plant's time zone. Pure: the loader, the
// page's links and the print view share it.

export const AUDIT_SORTS = ["when"] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const AUDIT_LIST_DEFAULTS: ListDefaults = { sort: "when", dir: "desc" };

export type AuditFilters = {
  /** A user's id, or "". */
  user: string;
  type: RecordType | "";
  /** YYYY-MM-DD calendar days in the plant's zone, inclusive, or "". */
  from: string;
  to: string;
};

/**
 * The list's params and filters from the address; never throws. A filter that cannot be read is
 * left out and named in `problems` (the page says so instead of failing).
 */
export function readAuditView(search: URLSearchParams) {
  const params = readListParams(search, {
    sorts: AUDIT_SORTS,
    defaultSort: "when",
    defaultDir: "desc",
  });
  const problems: string[] = [];
  const date = (name: "from" | "to", label: string) => {
    const value = (search.get(name) ?? "").trim();
    if (!value) return "";
    if (isIsoDate(value)) return value;
    problems.push(`${label} is not a date (YYYY-MM-DD): it was left out.`);
    return "";
  };
  const userValue = (search.get("user") ?? "").trim();
  if (userValue && !isRecordId(userValue))
    problems.push("That user is not known: the user filter was left out.");
  const filters: AuditFilters = {
    user: isRecordId(userValue) ? userValue.toLowerCase() : "",
    type: readChoice(search, "type", RECORD_TYPE_NAMES),
    from: date("from", "From"),
    to: date("to", "To"),
  };
  if (filters.from && filters.to && filters.to < filters.from) {
    problems.push("To is before From: the dates were swapped.");
    [filters.from, filters.to] = [filters.to, filters.from];
  }
  return { params, filters, problems };
}

export const hasFilters = (filters: AuditFilters) =>
  Boolean(filters.user || filters.type || filters.from || filters.to);

/** The filters in force, as the print header names them. */
export function appliedAuditFilters(
  q: string,
  filters: AuditFilters,
  names: { user: string; type: string },
): AppliedFilter[] {
  const applied: AppliedFilter[] = [];
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  if (filters.user) applied.push({ label: "User", value: names.user });
  if (filters.type) applied.push({ label: "Record type", value: names.type });
  if (filters.from) applied.push({ label: "From", value: formatDateGB(filters.from) });
  if (filters.to) applied.push({ label: "To", value: formatDateGB(filters.to) });
  return applied;
}
