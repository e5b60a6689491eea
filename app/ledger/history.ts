import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { auditFields } from "#app/lib/record.ts";
import { movementRecord, OLDER_MOVEMENT_KEYS } from "#app/stock/record.ts";

// How a stock movement's audit entries read (/audit). Its shape is read from the entry, whatever
// it holds; the words of the keys it may hold are the definition's (app/stock/record.ts), with the
// keys entries written before the present shape hold. app/audit-trail/record-types.ts lists it.

const words: Record<string, { label: string; kind?: "date" | "number" }> = {
  ...Object.fromEntries(auditFields(movementRecord).map(({ path, ...words }) => [path, words])),
  ...OLDER_MOVEMENT_KEYS,
};

/** The keys in the order an entry's changes are listed (the history's order since the first ledger). */
const ORDER = [
  "kind",
  "quantity",
  "materialName",
  "ComponentsAndEquipments",
  "rackNumber",
  "department",
  "date",
  "movedOn",
  "reference",
  "receivedFrom",
  "issuedTo",
  "remark",
] as const;

export const stockMovementHistory = {
  entity: "stock_movement",
  label: "Stock movement",
  area: "racks",
  fields: null,
  labels: Object.fromEntries(ORDER.map((key) => [key, words[key]])),
} as const satisfies RecordTypeInfo<Area>;
