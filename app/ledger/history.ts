import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";

// How a stock movement's audit entries read (/audit). Its shape is read from the entry, whatever
// it holds; these are the words of the keys it may hold. app/audit-trail/record-types.ts lists it.
export const stockMovementHistory = {
  entity: "stock_movement",
  label: "Stock movement",
  area: "racks",
  fields: null,
  labels: {
    kind: { label: "Kind" },
    quantity: { label: "Quantity", kind: "number" },
    materialName: { label: "Material Name" },
    ComponentsAndEquipments: { label: "Components/Equipments" },
    rackNumber: { label: "Rack", kind: "number" },
    department: { label: "Department" },
    date: { label: "Date", kind: "date" },
    movedOn: { label: "Date", kind: "date" },
    reference: { label: "Reference" },
    receivedFrom: { label: "Received from" },
    issuedTo: { label: "Issued to" },
    remark: { label: "Remark" },
  },
} as const satisfies RecordTypeInfo<Area>;
