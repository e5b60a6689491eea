import { rackAnchor } from "#app/file-index/hrefs.ts";
import { fileRecord } from "#app/file-index/record.ts";
import {
  CUPBOARDS,
  type Cupboard,
  cupboardOf,
  findCupboard,
  isRackName,
  type RackName,
} from "#app/file-index/rules.ts";
import { cleanText, readListParams } from "#app/lib/list-params.ts";
import { oldSortNames, sortNames } from "#app/lib/record.ts";

// Admin Racks' view in the address (docs/architecture.md "Lists"): ?q= searches every rack on the
// server (file numbers and names), ?rack= narrows the index to one cupboard ("1", "2") or one rack,
// ?sort=&dir= orders each rack's files, ?open= names the racks shown open (where a save comes back
// to; repeatable). The page of this list is the rack: a rack is a shelf of at most ~100 folders
// and a rack split over pages would no longer match the shelf it indexes, so the files of a rack
// are sent only when the rack is shown open (?open=, a one-rack ?rack=, or a search's hits). The
// whole index (800 files at plant scale) on one page cost a slowed-down terminal seconds of
// hydration (docs/performance.md). Pure.

/** The definition's sortable fields (record.ts): the file's number and its name. */
export const FILE_SORTS = sortNames(fileRecord);
export type FileSort = (typeof FILE_SORTS)[number];
export const FILE_LIST_DEFAULTS = { sort: "fileNumber", dir: "asc" } as const;

export type FileView = {
  q: string;
  sort: FileSort;
  dir: "asc" | "desc";
  /** "", a cupboard's number ("1", "2") or a rack's name. */
  rack: string;
  /** The racks shown open, in the order they were opened (the last one's cupboard opens). */
  openRacks: RackName[];
};

export function readFileView(search: URLSearchParams): FileView {
  const params = readListParams(search, {
    sorts: FILE_SORTS,
    defaultSort: FILE_LIST_DEFAULTS.sort,
    defaultDir: FILE_LIST_DEFAULTS.dir,
    // A saved link may carry the number's earlier sort name (?sort=number).
    oldSorts: oldSortNames(fileRecord),
  });
  const rack = search.get("rack") ?? "";
  const open = [...new Set(search.getAll("open"))].filter(isRackName).slice(0, 8);
  return {
    // ?files= was this page's search before the kit: old links keep working.
    q: params.q || cleanText(search.get("files")),
    sort: params.sort,
    dir: params.dir,
    rack: isRackName(rack) || findCupboard(rack) ? rack : "",
    openRacks: open,
  };
}

/** The racks whose files the page sends: the open ones and a one-rack filter (a search sends its hits). */
export function racksToLoad(view: Pick<FileView, "rack" | "openRacks">): RackName[] {
  return [...new Set([...view.openRacks, ...(isRackName(view.rack) ? [view.rack] : [])])];
}

/**
 * Whether a view's address (its `?…` part) sends the rack's files whatever they become: the rack
 * is open in it, or is its one-rack filter, or the view is a search (which sends every match).
 */
export function sendsRackFiles(search: string, rackName: RackName) {
  const params = new URLSearchParams(search);
  return (
    params.getAll("open").includes(rackName) || params.get("rack") === rackName || Boolean(params.get("q"))
  );
}

/**
 * The address of a view of the index (its `?…` part) with one more rack open: what a closed rack's
 * "Show files" link, or opening the rack with JavaScript, goes to.
 */
export function withRackOpen(search: string, rackName: RackName) {
  const params = new URLSearchParams(search);
  const open = params.getAll("open").filter((name) => name !== rackName);
  params.delete("open");
  for (const name of [...open, rackName]) params.append("open", name);
  return `/rackadmin?${params}#${rackAnchor(rackName)}`;
}

/** The racks ?rack= leaves in view, cupboard by cupboard. */
export function racksInView(rack: string): { cupboard: Cupboard; racks: RackName[] }[] {
  return CUPBOARDS.map((cupboard) => ({
    cupboard,
    racks: cupboard.racks.filter(
      (name) => !rack || rack === name || rack === String(cupboard.number),
    ) as RackName[],
  })).filter((group) => group.racks.length > 0);
}

/** The label of a ?rack= value, as the filter's select names it. */
export const rackFilterLabel = (rack: string) =>
  isRackName(rack) ? `${rack} (${cupboardOf(rack).label})` : (findCupboard(rack)?.label ?? "All racks");
