import { describe, expect, test } from "vitest";
import { fileRecord } from "#app/file-index/record.ts";
import { auditFields, exportColumns, importColumns, sortNames, wireLayout } from "#app/lib/record.ts";

// The lists derived from the file's definition are the ones the app had before they were derived.

describe("the file index's definition", () => {
  test("the export's and the import's columns are the ones files were written with", () => {
    expect(exportColumns(fileRecord)).toEqual([
      { header: "Rack", type: "text" },
      { header: "Sr. No", type: "integer" },
      { header: "Name of the File", type: "text" },
    ]);
    expect(importColumns(fileRecord)).toEqual([
      { header: "Rack", field: "rackName", required: true },
      { header: "Sr. No", field: "fileNumber", required: true, kind: "number" },
      { header: "Name of the File", field: "name", required: true },
    ]);
  });

  test("the history reads stored entries at their paths, with the labels it had", () => {
    expect(auditFields(fileRecord)).toEqual([
      { path: "rackName", label: "Rack" },
      { path: "id", label: "File ID", kind: "number" },
      { path: "name", label: "File Name" },
    ]);
  });

  test("the index sorts by number and name; the wire calls the number id", () => {
    expect(sortNames(fileRecord)).toEqual(["fileNumber", "name"]);
    expect(wireLayout(fileRecord)).toEqual([
      ["rackName", "rackName"],
      ["id", "fileNumber"],
      ["name", "name"],
    ]);
  });
});
