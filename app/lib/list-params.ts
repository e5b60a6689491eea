// A list's view held in the address (issue 14): ?q=&sort=&dir=&page=&size= plus the list's own
// filters, so every view is a link that works without JavaScript, survives reload and back.
// Pure: the loader reads it, the page builds its links with it.

// 50 by default (issue 33): a storekeeper scans a screenful, then searches, and a slow terminal
// lays out 100 rows in several long frames. A person's own choice is remembered per list
// (app/auth/list-size.server.ts).
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE = 1_000_000;
/** Longer search text finds nothing a shorter one would not, and costs the database more. */
export const MAX_QUERY_LENGTH = 100;

export type SortDir = "asc" | "desc";
export type ListParams<Sort extends string = string> = {
  q: string;
  sort: Sort;
  dir: SortDir;
  page: number;
  size: number;
};
export type ListOptions<Sort extends string> = {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDir?: SortDir;
  /** Earlier names of sorts (a saved link's ?sort=), each read as the sort it is now. */
  oldSorts?: Readonly<Record<string, Sort>>;
};

type ParamSource = URLSearchParams | { get(name: string): string | null };

/** Text from the address, trimmed, control characters dropped, length capped; never throws. */
export function cleanText(value: string | null | undefined, max = MAX_QUERY_LENGTH): string {
  return (value ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, max)
    .trim();
}

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** `?size=` when it is one of PAGE_SIZES, else null. */
export function readPageSize(value: string | null): number | null {
  const size = wholeNumber(value);
  return PAGE_SIZES.find((allowed) => allowed === size) ?? null;
}

/** The list's view from the address: bad or missing values fall back to the defaults. */
export function readListParams<Sort extends string>(
  params: ParamSource,
  options: ListOptions<Sort>,
): ListParams<Sort> {
  const sortValue = params.get("sort");
  const sort =
    options.sorts.find((name) => name === sortValue) ??
    (sortValue !== null && options.oldSorts && Object.hasOwn(options.oldSorts, sortValue)
      ? options.oldSorts[sortValue]
      : options.defaultSort);
  const dirValue = params.get("dir");
  const dir: SortDir = dirValue === "asc" || dirValue === "desc" ? dirValue : (options.defaultDir ?? "asc");
  const size = readPageSize(params.get("size")) ?? DEFAULT_PAGE_SIZE;
  const pageValue = wholeNumber(params.get("page"));
  const page = Math.min(MAX_PAGE, Math.max(1, pageValue ?? 1));
  return { q: cleanText(params.get("q")), sort, dir, page, size };
}

/** The params that are left out of the address when they hold these values. */
export type ListDefaults = { sort: string; dir: SortDir };

/**
 * "?…" for the current view with `changes` applied (a null or "" value removes the parameter).
 * Other parameters (the list's filters) are kept; defaults are dropped so addresses stay short;
 * any change other than the page itself starts again at page 1.
 */
export function listHref(
  current: URLSearchParams | string,
  changes: Record<string, string | number | null | undefined>,
  defaults?: ListDefaults,
): string {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(name);
    else next.set(name, String(value));
  }
  if (!("page" in changes)) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  if (next.get("size") === String(DEFAULT_PAGE_SIZE)) next.delete("size");
  if (defaults) {
    if (next.get("sort") === defaults.sort && (next.get("dir") ?? defaults.dir) === defaults.dir) {
      next.delete("sort");
      next.delete("dir");
    }
  }
  const text = next.toString();
  return text ? `?${text}` : "?";
}

/** The rows a page shows, 1-based ("Rows 101–200 of 1,000"); first = 0 when there are none. */
export function rowRange(page: number, size: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (total === 0) return { first: 0, last: 0, total, pages };
  const first = Math.min((page - 1) * size + 1, total + 1);
  const last = Math.min(page * size, total);
  return { first, last: Math.max(first - 1, last), total, pages };
}

/** Rows to skip for a page. */
export const offsetOf = (page: number, size: number) => (page - 1) * size;

/** A filter value from the address that must be one of `allowed` (else ""). */
export function readChoice<Choice extends string>(
  params: ParamSource,
  name: string,
  allowed: readonly Choice[],
): Choice | "" {
  const value = params.get(name);
  return allowed.find((choice) => choice === value) ?? "";
}
