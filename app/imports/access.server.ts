import type { Area } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { kindOfAddress } from "#app/imports/kinds/index.server.ts";
import { notFound } from "#app/lib/http.server.ts";

// An import page's first line: the list its address names, and the right to write it (the
// spares' import needs the spares area, the contracts' the contracts area, …). The area guard
// comes first, so a role without the area learns nothing from a 404; an address naming no list
// is checked as the spares' (the first kind), then not found.

type Need = "read" | "write";

export async function requireImportPage(
  request: Request,
  params: { department?: string; kind?: string },
  need?: Need,
  /** An area of its own instead of the list's (undo is the admin's: importsUndo). */
  area?: Area,
) {
  const found = kindOfAddress(params);
  const user = await requirePermission(request, area ?? found.kind?.area ?? "spares", need);
  if (found.kind === null) notFound(found.message);
  return { user, kind: found.kind };
}
