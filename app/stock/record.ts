import { defineRecord } from "#app/lib/record.ts";

// A stock movement's fields, each once (app/lib/record.ts): the table's columns, the stock card
// export's headings of them and the history's labels derive from this. The item it moves
// (rack_item_id or inventory_item_id) and the movement a reversal takes back are its references,
// not fields. Movements are never edited, so there is no list sort or import; the API answers
// under the same names. Pure: the browser and the server read it.

export const MOVEMENT_KINDS = ["opening", "receipt", "issue", "count", "reversal"] as const;

export const movementRecord = defineRecord({
  movedOn: { label: "Date", kind: "date" },
  kind: { label: "Kind", kind: "choice", choices: MOVEMENT_KINDS },
  // Signed: + receipt, − issue, a count's difference, a reversal's −(reversed quantity).
  quantity: { label: "Quantity", kind: "number" },
  // The history has always shown these two by their keys ("Counted", "Party"): kept so.
  counted: { label: "Counted", kind: "number", audit: false },
  party: { label: "Received from / issued to", kind: "text", audit: false },
  reference: { label: "Reference", kind: "text" },
  remark: { label: "Remark", kind: "text" },
});

export type MovementFieldName = (typeof movementRecord.names)[number];

/** The table's columns that are no field: the key, the references and who entered it when. */
export const MOVEMENT_BOOKKEEPING = [
  "id",
  "createdAt",
  "createdBy",
  "rackItemId",
  "inventoryItemId",
  "reversesId",
] as const;

/**
 * Keys entries written before the ledger's present shape hold (the legacy issue and receipt
 * records), with their labels: they still read in the history.
 */
export const OLDER_MOVEMENT_KEYS = {
  materialName: { label: "Material Name" },
  ComponentsAndEquipments: { label: "Components/Equipments" },
  rackNumber: { label: "Rack", kind: "number" },
  department: { label: "Department" },
  date: { label: "Date", kind: "date" },
  receivedFrom: { label: "Received from" },
  issuedTo: { label: "Issued to" },
} as const;
