import { isIsoDate } from "#app/lib/dates.ts";
import { cleanText, readListParams } from "#app/lib/list-params.ts";
import type { Translate } from "#app/sop/engine/words.ts";
import type { AppliedFilter } from "#app/ui/list/print.tsx";

// A format's records list in the address (docs/architecture.md "Lists"): the kit's
// ?q=&sort=&dir=&page=&size= plus the date range ?from=&to=. Shared by the loader, the page's links
// and the print view. Pure.

export const RECORD_SORTS = ["date", "savedBy", "savedAt"] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];
/** Newest first, as the list has always shown them. */
export const RECORD_LIST_DEFAULTS = { sort: "date", dir: "desc" } as const;

export type RecordRange = { from: string; to: string };

/** A saved record as the list shows it: dates already in the plant's format, key fields as text. */
export type RecordRow = {
  id: string;
  date: string;
  keys: string[];
  savedBy: string;
  savedAt: string;
  /** May the signed-in user edit and delete it (a guard: only their own of today; a viewer: never). */
  mayChange?: boolean;
};

export function readRecordView(search: URLSearchParams) {
  const params = readListParams(search, {
    sorts: RECORD_SORTS,
    defaultSort: RECORD_LIST_DEFAULTS.sort,
    defaultDir: RECORD_LIST_DEFAULTS.dir,
  });
  const date = (name: string) => {
    const value = cleanText(search.get(name), 10);
    return isIsoDate(value) ? value : "";
  };
  // ?text= was this list's search before the kit: old links and bookmarks keep working.
  const q = params.q || cleanText(search.get("text"));
  return { params: { ...params, q }, range: { from: date("from"), to: date("to") } };
}

/** The search and date range in force, as the print header names them. */
export function appliedRecordFilters(q: string, range: RecordRange, formatDate: (iso: string) => string) {
  const applied: AppliedFilter[] = [];
  if (q) applied.push({ label: "Search", value: `'${q}'` });
  if (range.from) applied.push({ label: "From", value: formatDate(range.from) });
  if (range.to) applied.push({ label: "To", value: formatDate(range.to) });
  return applied;
}

/** An AS15 entry whose material has not come back. */
export type ReturnRow = {
  recordId: string;
  date: string;
  gatePassNo: string;
  descriptionOfItems: string;
  quantity: string;
  issuedTo: string;
  /** The expected return date, or NOT_GIVEN. */
  expected: string;
  overdue: boolean;
};

/** An outstanding return's expected date when the register gives none. */
export const NOT_GIVEN = "Not given";

/**
 * How a row's links name the record for a screen reader: "record of 02/01/2025 KA-01-AB-1234", in
 * the page's language (`_`, the page's translator).
 */
export const recordNameOf = (row: RecordRow, _: Translate) =>
  `${_("record of {date}", { date: row.date })}${row.keys[0] ? ` ${row.keys[0]}` : ""}`;
