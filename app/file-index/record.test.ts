import { expect, test } from "vitest";
import { fileRecord } from "#app/file-index/record.ts";
import { auditFields, exportColumns, importColumns, sortNames, wireLayout } from "#app/lib/record.ts";

// The lists derived from the file's definition are the ones the app had before they were derived
// (one check, a row each).

test.each<[string, unknown, unknown]>([
  [
    "the export's columns are the ones files were written with",
    exportColumns(fileRecord),
    [
      { header: "Rack", type: "text" },
      { header: "Sr. No", type: "integer" },
      { header: "Name of the File", type: "text" },
    ],
  ],
  [
    "the import reads the export's headers",
    importColumns(fileRecord),
    [
      { header: "Rack", field: "rackName", required: true },
      { header: "Sr. No", field: "fileNumber", required: true, kind: "number" },
      { header: "Name of the File", field: "name", required: true },
    ],
  ],
  [
    "the history reads stored entries at their paths, with the labels it had",
    auditFields(fileRecord),
    [
      { path: "rackName", label: "Rack" },
      { path: "id", label: "File ID", kind: "number" },
      { path: "name", label: "File Name" },
    ],
  ],
  ["the index sorts by number and name", sortNames(fileRecord), ["fileNumber", "name"]],
  [
    "the wire calls the number id",
    wireLayout(fileRecord),
    [
      ["rackName", "rackName"],
      ["id", "fileNumber"],
      ["name", "name"],
    ],
  ],
])("the file index's definition: %s", (_, derived, before) => {
  expect(derived).toEqual(before);
});
