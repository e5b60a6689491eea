import { type ContractField, contractRecord } from "#app/contracts/record.ts";
import type { ContractState, ContractStatus, StatusReason } from "#app/contracts/rules.ts";
import { readChoice, readListParams } from "#app/lib/list-params.ts";
import { oldSortNames, sortNames } from "#app/lib/record.ts";
import type { AppliedFilter } from "#app/ui/list/print.tsx";

// The /amc list's view in the address (docs/architecture.md "Lists"): shared by the loader, the
// page's links and the print view. Pure.

/** "entered" (the order they were entered) and the definition's sortable fields (record.ts). */
export const CONTRACT_SORTS = ["entered", ...sortNames(contractRecord)] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];
/** Oldest first, the order they were entered (the legacy table's order). */
export const CONTRACT_LIST_DEFAULTS = { sort: "entered", dir: "asc" } as const;

/** ?status=: the contract's status at this moment, decided in the plant's time zone (rules.ts). */
export const STATUS_FILTERS = ["expired", "dueSoon", "fine"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  expired: "Expired",
  dueSoon: "Due soon",
  fine: "Valid",
};

export function readContractView(search: URLSearchParams) {
  const params = readListParams(search, {
    sorts: CONTRACT_SORTS,
    defaultSort: CONTRACT_LIST_DEFAULTS.sort,
    defaultDir: CONTRACT_LIST_DEFAULTS.dir,
    // Saved links and Today's shortcuts may carry the earlier names (?sort=validity, nextDue…).
    oldSorts: oldSortNames(contractRecord),
  });
  return { params, status: readChoice(search, "status", STATUS_FILTERS) };
}

/** The search and filter in force, as the print header names them. */
export function appliedContractFilters(q: string, status: StatusFilter | ""): AppliedFilter[] {
  const applied: AppliedFilter[] = [];
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  if (status) applied.push({ label: "Status", value: STATUS_FILTER_LABELS[status] });
  return applied;
}

/** One contract as the /amc table shows it; its status is decided on the server at load time. */
export type ContractRow = { id: string } & Record<ContractField, string> & {
    status: ContractStatus;
    /** The date that flags an expired or due-soon contract: its validity end or its next due date. */
    reason: StatusReason | null;
  };

/** A row's status with the date that decides it (rules.ts contractState), for its tag and message. */
export function rowState(row: ContractRow): ContractState {
  if (row.status === "fine" || !row.reason) return { status: "fine", reason: null, date: null };
  const date = row.reason === "validity" ? row.validityTo : row.nextDueOn;
  return { status: row.status, reason: row.reason, date };
}
