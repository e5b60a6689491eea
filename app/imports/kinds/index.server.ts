import { sparesKind } from "#app/imports/kinds/spares.server.ts";
import type { ImportKind } from "#app/imports/kinds/types.ts";
import { isDepartment } from "#app/inventory/rules.ts";

/** The kind an imports row names ("spares:Electrician"), or null for one this version does not know. */
export function kindOf(id: string): ImportKind | null {
  const [table, detail] = id.split(":");
  if (table === "spares" && isDepartment(detail)) return sparesKind(detail);
  return null;
}
