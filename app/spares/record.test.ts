import { describe, expect, expectTypeOf, test } from "vitest";
import { RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { SPARES_COLUMNS } from "#app/spares/export.server.ts";
import { sparesKind } from "#app/spares/import.server.ts";
import { readSparesView } from "#app/spares/list.ts";
import type { SparesFields, SparesWire } from "#app/spares/record.ts";

// What is derived from the spares line's definition is what the app had before it was derived:
// the same headers (an exported file imports back), the same import fields (stored imports undo),
// the same history paths (stored entries read the same).

describe("the spares line's definition", () => {
  test("the export's columns are the ones files were written with", () => {
    expect(SPARES_COLUMNS).toEqual([
      { header: "Serial Number", type: "integer" },
      { header: "Assets", type: "text" },
      { header: "Components/Equipments", type: "text" },
      { header: "Available stock", type: "number" },
      { header: "Min Stock", type: "number" },
      { header: "Lead time", type: "number" },
      { header: "Excess/Short Fall", type: "number" },
      { header: "Status of Order", type: "text" },
    ]);
  });

  test("the import reads the export's headers into the fields stored imports hold", () => {
    const kind = sparesKind("Electrician");
    expect(kind.columns).toEqual([
      { header: "Serial Number", field: "srno", required: true, kind: "number" },
      { header: "Assets", field: "Assets", required: true },
      { header: "Components/Equipments", field: "ComponentsAndEquipments", required: true },
      { header: "Available stock", field: "AvailableStock", required: true, kind: "number" },
      { header: "Min Stock", field: "MinStock", required: true, kind: "number" },
      { header: "Lead time", field: "LeadTime", required: true, kind: "number" },
      { header: "Excess/Short Fall", required: false },
      { header: "Status of Order", required: false },
    ]);
    expect(kind.template).toBe(SPARES_COLUMNS);
  });

  test("the history reads stored entries at the paths they were written with", () => {
    expect(RECORD_TYPES.inventory_item.fields).toEqual([
      { path: "department", label: "Department" },
      { path: "srno", label: "Serial Number", kind: "number" },
      { path: "Assets", label: "Assets" },
      { path: "ComponentsAndEquipments", label: "Components/Equipments" },
      { path: "AvailableStock", label: "Available stock", kind: "number" },
      { path: "MinStock", label: "Min Stock", kind: "number" },
      { path: "LeadTime", label: "Lead time", kind: "number" },
      { path: "ExcessShortFall", label: "Excess/Short Fall", kind: "number" },
      { path: "StatusofOrder", label: "Status of Order" },
    ]);
  });
});

describe("the spares line's values", () => {
  test("are typed by their fields' kinds, under their names and their legacy names", () => {
    type Names =
      | "srno"
      | "assets"
      | "componentsAndEquipments"
      | "availableStock"
      | "minStock"
      | "leadTimeDays";
    expectTypeOf<keyof SparesFields>().toEqualTypeOf<Names>();
    expectTypeOf<SparesFields["assets"]>().toEqualTypeOf<string>();
    expectTypeOf<SparesFields["srno"]>().toEqualTypeOf<number>();
    type Wire = "srno" | "Assets" | "ComponentsAndEquipments" | "AvailableStock" | "MinStock" | "LeadTime";
    expectTypeOf<keyof SparesWire>().toEqualTypeOf<Wire>();
    expectTypeOf<SparesWire["Assets"]>().toEqualTypeOf<string>();
    expectTypeOf<SparesWire["LeadTime"]>().toEqualTypeOf<number>();
  });
});

describe("the spares list's sorts", () => {
  test("sort by the fields' names, and a link saved with an earlier name still sorts the same column", () => {
    expect(readSparesView(new URLSearchParams("sort=availableStock")).params.sort).toBe("availableStock");
    expect(readSparesView(new URLSearchParams("sort=available&dir=desc")).params).toMatchObject({
      sort: "availableStock",
      dir: "desc",
    });
    expect(readSparesView(new URLSearchParams("sort=components")).params.sort).toBe(
      "componentsAndEquipments",
    );
    expect(readSparesView(new URLSearchParams("sort=leadTime")).params.sort).toBe("leadTimeDays");
    expect(readSparesView(new URLSearchParams("sort=status")).params.sort).toBe("status");
  });
});
