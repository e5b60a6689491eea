import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";

// How a spares line's audit entries read (its page's History, /audit): the form's fields in the
// form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const sparesLineHistory = {
  entity: "inventory_item",
  label: "Spares line",
  area: "spares",
  fields: [
    { path: "department", label: "Department" },
    { path: "srno", label: "Serial Number", kind: "number" },
    { path: "Assets", label: "Assets" },
    { path: "ComponentsAndEquipments", label: "Components/Equipments" },
    { path: "AvailableStock", label: "Available stock", kind: "number" },
    { path: "MinStock", label: "Min Stock", kind: "number" },
    { path: "LeadTime", label: "Lead time", kind: "number" },
    // Both derived from the stock, as it was at the save (entries before issue 30 hold a typed status).
    { path: "ExcessShortFall", label: "Excess/Short Fall", kind: "number" },
    { path: "StatusofOrder", label: "Status of Order" },
  ],
} as const satisfies RecordTypeInfo<Area>;
