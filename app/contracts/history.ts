import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { historyOf } from "#app/lib/record.ts";

// How a contract's audit entries read (its page's History, /audit): its definition's fields in
// the form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const contractHistory = historyOf(contractRecord, {
  entity: "contract",
  label: "Contract",
  area: "contracts",
}) satisfies RecordTypeInfo<Area>;
