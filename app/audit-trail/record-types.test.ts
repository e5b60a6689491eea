import { describe, expect, it } from "vitest";
import { RECORD_TYPES, recordTitle, recordTypeLabel } from "#app/audit-trail/record-types.ts";

const contract = { equipment: "Fire pump", company: "Kirloskar", contractNumber: "AMC/7" };

describe("record types", () => {
  it("names each record from what its entry holds", () => {
    expect(recordTitle("contract", null, contract)).toBe("Fire pump · Kirloskar");
    expect(recordTitle("rack_item", { rackNumber: 7, materialName: "Gasket" }, null)).toBe("Rack 7 · Gasket");
    expect(
      recordTitle("inventory_item", null, {
        department: "Electrician",
        srno: 4,
        ComponentsAndEquipments: "MCB",
      }),
    ).toBe("Electrician · 4 · MCB");
    expect(recordTitle("stock_movement", null, { kind: "issue", quantity: 3, materialName: "Gasket" })).toBe(
      "issue · 3 · Gasket",
    );
    expect(recordTitle("contract", null, null)).toBe("");
  });

  it("a type it does not know is still named", () => {
    expect(recordTypeLabel("contract")).toBe("Contract");
    expect(recordTypeLabel("gate_pass")).toBe("gate pass");
  });

  it("lists each feature's declaration under the entity name it writes to the log", () => {
    for (const [entity, type] of Object.entries(RECORD_TYPES)) expect(type.entity).toBe(entity);
    expect(Object.keys(RECORD_TYPES)).toEqual([
      "inventory_item",
      "rack_item",
      "contract",
      "rack_file",
      "sop_record",
      "stock_movement",
      "user",
      "settings",
    ]);
  });
});
