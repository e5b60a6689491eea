import { cleanText, readListParams } from "#app/ui/list/params.ts";
import { CUPBOARDS, type Cupboard, cupboardOf, findCupboard, isRackName, type RackName } from "./rules.ts";

// Admin Racks' view in the address (docs/architecture.md "Lists"): ?q= searches every rack on the
// server (file numbers and names), ?rack= narrows the index to one cupboard ("1", "2") or one rack,
// ?sort=&dir= orders each rack's files, ?open= names the rack to show open (where a save comes
// back to). No paging: a rack is a shelf of at most ~100 folders (plant scale 100 a rack, 800 in
// all), and a rack split over pages would no longer match the shelf it indexes. Pure.

export const FILE_SORTS = ["number", "name"] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export const FILE_LIST_DEFAULTS = { sort: "number", dir: "asc" } as const;

export type FileView = {
  q: string;
  sort: FileSort;
  dir: "asc" | "desc";
  /** "", a cupboard's number ("1", "2") or a rack's name. */
  rack: string;
  openRack: RackName | null;
};

export function readFileView(search: URLSearchParams): FileView {
  const params = readListParams(search, {
    sorts: FILE_SORTS,
    defaultSort: FILE_LIST_DEFAULTS.sort,
    defaultDir: FILE_LIST_DEFAULTS.dir,
  });
  const rack = search.get("rack") ?? "";
  const open = search.get("open");
  return {
    // ?files= was this page's search before the kit: old links keep working.
    q: params.q || cleanText(search.get("files")),
    sort: params.sort,
    dir: params.dir,
    rack: isRackName(rack) || findCupboard(rack) ? rack : "",
    openRack: isRackName(open) ? open : null,
  };
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
