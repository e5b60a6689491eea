import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";

// How a rack item's audit entries read (its page's History, /audit): the form's fields in the
// form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const rackItemHistory = {
  entity: "rack_item",
  label: "Rack item",
  area: "racks",
  fields: [
    { path: "rackNumber", label: "Rack", kind: "number" },
    { path: "section", label: "Section" },
    { path: "materialName", label: "Material Name" },
    { path: "availableStock", label: "Available Stock", kind: "number" },
    { path: "issue", label: "Issue", kind: "number" },
    { path: "receit", label: "Receipt", kind: "number" },
    { path: "closingStock", label: "Closing Stock", kind: "number" },
  ],
} as const satisfies RecordTypeInfo<Area>;
