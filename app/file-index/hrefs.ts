import { isFileId, isRackName, type RackName } from "./rules.ts";

// The file index's addresses. A file's row links carry its rack and id in the address, so with
// JavaScript one click handler for all 800 rows can tell which file a click meant.

export const rackAnchor = (rackName: string) => `rack-${rackName}`;
/** Where to go back to a rack: the list with that rack (and its cupboard) open. */
export const rackHref = (rackName: string) => `/rackadmin?open=${rackName}#${rackAnchor(rackName)}`;
/** The Update File page of a file; its confirmation page to delete is this plus `/delete`. */
export const fileHref = (rackName: string, fileId: string) => `/rackadmin/racks/${rackName}/${fileId}`;

const FILE_PATH = /^\/rackadmin\/racks\/([^/?#]+)\/([^/?#]+)(\/delete)?$/;

/** Which file (and which of its two pages) an address names, or null for any other address. */
export function fileOfHref(
  href: string,
): { rackName: RackName; fileId: string; page: "update" | "delete" } | null {
  const match = FILE_PATH.exec(new URL(href, "http://plant.invalid").pathname);
  if (!match || !isRackName(match[1]) || !isFileId(match[2])) return null;
  return { rackName: match[1], fileId: match[2], page: match[3] ? "delete" : "update" };
}
