import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { historyOf } from "#app/lib/record.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";

// How a rack item's audit entries read (its page's History, /audit): its definition's fields in
// the form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const rackItemHistory = historyOf(rackItemRecord, {
  entity: "rack_item",
  label: "Rack item",
  area: "racks",
}) satisfies RecordTypeInfo<Area>;
