import { describe, expect, test } from "vitest";
import { RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { RACK_COLUMNS } from "#app/store-racks/export.server.ts";
import { rackItemsKind } from "#app/store-racks/import.server.ts";

// What is derived from the rack item's definition is what the app had before it was derived:
// the same headers (an exported file imports back), the same history paths (stored entries read
// the same, `receit` included).

describe("the rack item's definition", () => {
  test("the export's columns are the ones files were written with", () => {
    expect(RACK_COLUMNS).toEqual([
      { header: "Rack", type: "integer" },
      { header: "Section", type: "text" },
      { header: "Material Name", type: "text" },
      { header: "Available Stock", type: "number" },
      { header: "Issue", type: "number" },
      { header: "Receipt", type: "number" },
      { header: "Closing Stock", type: "number" },
    ]);
  });

  test("the import reads the export's headers", () => {
    expect(rackItemsKind.columns).toEqual([
      { header: "Rack", field: "rackNumber", required: true, kind: "number" },
      { header: "Section", field: "section", required: true },
      { header: "Material Name", field: "materialName", required: true },
      { header: "Available Stock", field: "availableStock", required: true, kind: "number" },
      { header: "Issue", field: "issue", required: false, kind: "number" },
      { header: "Receipt", field: "receipt", required: false, kind: "number" },
      { header: "Closing Stock", field: "closingStock", required: false, kind: "number" },
    ]);
    expect(rackItemsKind.template).toBe(RACK_COLUMNS);
  });

  test("the history reads stored entries at the paths they were written with", () => {
    expect(RECORD_TYPES.rack_item.fields).toEqual([
      { path: "rackNumber", label: "Rack", kind: "number" },
      { path: "section", label: "Section" },
      { path: "materialName", label: "Material Name" },
      { path: "availableStock", label: "Available Stock", kind: "number" },
      { path: "issue", label: "Issue", kind: "number" },
      { path: "receit", label: "Receipt", kind: "number" },
      { path: "closingStock", label: "Closing Stock", kind: "number" },
    ]);
  });
});
