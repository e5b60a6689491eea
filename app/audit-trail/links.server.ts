import type { RecordType } from "#app/audit-trail/record-types.ts";
import { userNames } from "#app/auth/queries.server.ts";
import { contractHrefs } from "#app/contracts/queries.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { isRecordId } from "#app/db/records.server.ts";
import { fileHrefs } from "#app/file-index/queries.server.ts";
import { recordHrefs } from "#app/sop/queries.server.ts";
import { lineHrefs } from "#app/spares/queries.server.ts";
import { rackItemHrefs } from "#app/store-racks/queries.server.ts";

type Hrefs = (db: Tx, ids: string[]) => Promise<ReadonlyMap<string, string>>;

/**
 * Each registered record type's pages of the records that still exist, by id, from the feature's
 * own queries; null for a type whose records have no page of their own (a stock movement shows on
 * its item's card; the settings are one page, linked below). A type registered in
 * record-types.ts without its entry here does not compile.
 */
const HREFS: { [Type in RecordType]: Hrefs | null } = {
  contract: contractHrefs,
  rack_item: rackItemHrefs,
  inventory_item: lineHrefs,
  rack_file: fileHrefs,
  sop_record: recordHrefs,
  user: async (db, ids) => new Map([...(await userNames(db, ids)).keys()].map((id) => [id, `/users/${id}`])),
  stock_movement: null,
  settings: null,
};

/**
 * The pages of the records that still exist, by "entity:id": where /audit links each row. One
 * query per record type on the page, by primary key.
 */
export async function recordLinks(
  db: Tx,
  refs: readonly { entity: string; entityId: string }[],
): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const [entity, hrefs] of Object.entries(HREFS)) {
    if (!hrefs) continue;
    const ids = [
      ...new Set(
        refs.filter((ref) => ref.entity === entity && isRecordId(ref.entityId)).map((ref) => ref.entityId),
      ),
    ];
    if (ids.length === 0) continue;
    for (const [id, href] of await hrefs(db, ids)) links.set(`${entity}:${id}`, href);
  }
  for (const ref of refs) if (ref.entity === "settings") links.set(`settings:${ref.entityId}`, "/settings");
  return links;
}
