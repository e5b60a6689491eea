import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { auditFields } from "#app/lib/record.ts";
import { DERIVED, sparesRecord } from "#app/spares/record.ts";

// How a spares line's audit entries read (its page's History, /audit): its definition's fields in
// the form's order and words, then the two figures derived from the stock, as they were at the save
// (entries before issue 30 hold a typed status). Pure data; app/audit-trail/record-types.ts lists it.
export const sparesLineHistory = {
  entity: "inventory_item",
  label: "Spares line",
  area: "spares",
  fields: [
    ...auditFields(sparesRecord),
    { path: DERIVED.shortfall.audit, label: DERIVED.shortfall.label, kind: "number" },
    { path: DERIVED.status.audit, label: DERIVED.status.label },
  ],
} as const satisfies RecordTypeInfo<Area>;
