import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { auditFields } from "#app/lib/record.ts";

// How a contract's audit entries read (its page's History, /audit): its definition's fields in
// the form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const contractHistory = {
  entity: "contract",
  label: "Contract",
  area: "contracts",
  fields: auditFields(contractRecord),
} as const satisfies RecordTypeInfo<Area>;
