import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  historyHref,
  isLoggedEvent,
  isRecordType,
  LOGGED_EVENTS,
  RECORD_TYPE_NAMES,
  RECORD_TYPES,
  type RecordType,
  recordTitle,
  recordTypeLabel,
} from "#app/audit-trail/record-types.ts";

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

  // One entry each registered type holds, and the name /audit gives its record. A type
  // registered without a title rule, or without an entry here, fails.
  const held: Record<RecordType, [unknown, string]> = {
    inventory_item: [
      { department: "Electrician", srno: 4, ComponentsAndEquipments: "MCB" },
      "Electrician · 4 · MCB",
    ],
    rack_item: [{ rackNumber: 7, materialName: "Gasket" }, "Rack 7 · Gasket"],
    contract: [contract, "Fire pump · Kirloskar"],
    rack_file: [{ rackName: "A", id: 12, name: "Purchase orders" }, "A · 12 · Purchase orders"],
    sop_record: [{ format: "AS06", values: {} }, "AS06"],
    stock_movement: [
      { kind: "receipt", quantity: 2, ComponentsAndEquipments: "MCB", reference: "GRN 9" },
      "receipt · 2 · MCB · GRN 9",
    ],
    user: [{ email: "asha@plant.example", name: "Asha" }, "asha@plant.example · Asha"],
    // Named by its key: the row shows the entry's id.
    settings: [{ open: true }, ""],
  };

  it.each(RECORD_TYPE_NAMES)("names a %s from its registered title rule", (entity) => {
    expect(RECORD_TYPES[entity].title).toBeTypeOf("function");
    expect(held[entity], `an entry of ${entity} in this test`).toBeDefined();
    const [after, title] = held[entity];
    expect(recordTitle(entity, null, after)).toBe(title);
    expect(recordTitle(entity, after, null)).toBe(title);
  });

  it.each(
    RECORD_TYPE_NAMES,
  )("links a %s to its history exactly when its registration says its page has one", (entity) => {
    const link = historyHref(entity, "/record/1");
    expect(link).toBe(RECORD_TYPES[entity].historyPage ? "/record/1?history=all#history" : null);
    expect(historyHref(entity, null)).toBeNull();
  });

  it("opens the history beside a page's own parameters, and knows none for a type not registered", () => {
    expect(historyHref("rack_item", "/rackupdate/3/abc?x=1")).toBe(
      "/rackupdate/3/abc?x=1&history=all#history",
    );
    expect(historyHref("gate_pass", "/gate-passes/1")).toBeNull();
    expect(recordTitle("gate_pass", null, { number: 7 })).toBe("");
  });

  it("a type it does not know is still named", () => {
    expect(recordTypeLabel("contract")).toBe("Contract");
    expect(recordTypeLabel("gate_pass")).toBe("Gate pass");
    expect(recordTypeLabel("import")).toBe("Import");
  });

  it("names every kind the code writes to the log: a registered record or an event with no page", () => {
    // The literals the app hands the log (`entity: "backup"`, `const ENTITY = "rack_file"`): one
    // left unnamed would show humanized in English on a Hindi Today and /audit.
    const written = new Set<string>();
    for (const file of readdirSync("app", { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const source = readFileSync(`app/${file}`, "utf8");
      for (const [, entity] of source.matchAll(/\b(?:entity:|ENTITY =) "([a-z_]+)"/g)) written.add(entity);
    }
    expect(written).toContain("backup_download");
    expect([...written].filter((entity) => !isRecordType(entity) && !isLoggedEvent(entity))).toEqual([]);
    expect(recordTypeLabel("backup_download")).toBe(LOGGED_EVENTS.backup_download);
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
