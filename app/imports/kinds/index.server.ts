import { contractsKind } from "#app/contracts/import.server.ts";
import { filesKind } from "#app/file-index/import.server.ts";
import { sparesKind } from "#app/spares/import.server.ts";
import { isDepartment, unknownDepartmentMessage } from "#app/spares/rules.ts";
import type { ImportKind } from "#app/spreadsheets/import-kind.ts";
import { rackItemsKind } from "#app/store-racks/import.server.ts";

// Every list that can be imported into, found by its address (/import/products/{department},
// /import/{kind}) or by the id an imports row records ("spares:Electrician", "contracts").

/** The lists with an address of their own: /import/rack-items, /import/contracts, /import/files. */
const BY_SLUG: Record<string, ImportKind> = {
  [rackItemsKind.id]: rackItemsKind,
  [contractsKind.id]: contractsKind,
  [filesKind.id]: filesKind,
};

export const IMPORT_KINDS: readonly ImportKind[] = Object.values(BY_SLUG);

/** The kind an imports row names, or null for one this version does not know. */
export function kindOf(id: string): ImportKind | null {
  const [table, detail] = id.split(":");
  if (table === "spares" && isDepartment(detail)) return sparesKind(detail);
  return Object.hasOwn(BY_SLUG, id) ? BY_SLUG[id] : null;
}

/** The kind an import page's address names, or why there is none (its 404 message). */
export function kindOfAddress(params: {
  department?: string;
  kind?: string;
}): { kind: ImportKind } | { kind: null; message: string } {
  if (params.department !== undefined)
    return isDepartment(params.department)
      ? { kind: sparesKind(params.department) }
      : { kind: null, message: unknownDepartmentMessage(params.department) };
  const slug = String(params.kind);
  return Object.hasOwn(BY_SLUG, slug)
    ? { kind: BY_SLUG[slug] }
    : { kind: null, message: "There is no list to import into at this address." };
}
