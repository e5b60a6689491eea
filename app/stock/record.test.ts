import { describe, expect, test } from "vitest";
import { RECORD_TYPES } from "#app/audit-trail/record-types.ts";

// What is derived from a stock movement's definition is what the app had before it was derived:
// the history labels every key stored entries hold, older shapes' keys included.

describe("a stock movement's definition", () => {
  test("the history labels the keys movement entries were written with", () => {
    expect(RECORD_TYPES.stock_movement.labels).toEqual({
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
    });
  });
});
