import { type RecordHistoryView, type RecordTypeInfo, readHistory } from "#app/audit/history.server.ts";
import { type Area, can } from "#app/auth/permissions.ts";
import { userNames } from "#app/auth/queries.server.ts";
import type { Role } from "#app/auth/roles.ts";
import type { Tx } from "#app/db/client.server.ts";

/**
 * A record's history (app/audit/history.server.ts) for a user who may read it, its authors named
 * from the accounts; else null: the page shows nothing rather than another area's changes. Record
 * pages call it in their loader with their feature's declaration (e.g. app/contracts/history.ts).
 */
export async function recordHistory(
  db: Tx,
  user: { role: Role },
  type: RecordTypeInfo<Area>,
  entityId: string,
  url: URL,
): Promise<RecordHistoryView | null> {
  if (!can(user.role, type.area, "read")) return null;
  return readHistory(db, type, entityId, url, (ids) => userNames(db, ids));
}
