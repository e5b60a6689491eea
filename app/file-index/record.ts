import { RACK_NAMES } from "#app/file-index/rules.ts";
import { defineRecord } from "#app/lib/record.ts";

// A file of the file index, its fields each once (app/lib/record.ts): the index's columns, sorts
// and print cells, the export's and import's columns, the history's field list and the legacy /api
// names derive from this. A field's name is the table's property (table.server.ts), its column the
// name in snake_case. On the legacy wire (and in the
// audit entries, written in the wire's shape) the file's number is `id` and the record's id `_id`.
// Pure.

export const fileRecord = defineRecord({
  rackName: {
    label: "Rack",
    kind: "choice",
    choices: RACK_NAMES,
    import: { required: true },
  },
  fileNumber: {
    label: "Sr. No",
    kind: "integer",
    list: { sort: "value", search: true, oldSorts: ["number"] },
    import: { required: true },
    wire: "id",
    audit: { label: "File ID" },
  },
  name: {
    label: "Name of the File",
    kind: "text",
    list: { sort: "text", search: true },
    import: { required: true },
    audit: { label: "File Name" },
  },
});

export type FileField = (typeof fileRecord.names)[number];
