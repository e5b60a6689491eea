import { defineRecord } from "#app/lib/record.ts";

// A rack item's fields, each once (app/lib/record.ts): the export's and import's columns, the
// history's field list and the legacy /api name derive from this. A field's name is the table's
// property (table.server.ts); the legacy API says `receit` (and audit entries keep it). The
// figures a list, export or API shows are a period's (this month's), worked out from the stock
// ledger; the stored ones are what the item was put in with, and its cached closing balance.
// Pure: the browser and the server read it.

export const rackItemRecord = defineRecord({
  rackNumber: { label: "Rack", kind: "integer", column: "rack_number", import: { required: true } },
  section: {
    label: "Section",
    kind: "text",
    column: "section",
    list: { search: true },
    import: { required: true },
  },
  materialName: {
    label: "Material Name",
    kind: "text",
    column: "material_name",
    list: { search: true },
    import: { required: true },
  },
  availableStock: {
    label: "Available Stock",
    kind: "number",
    column: "available_stock",
    import: { required: true },
  },
  issue: { label: "Issue", kind: "number", column: "issue", import: { required: false } },
  receipt: {
    label: "Receipt",
    kind: "number",
    column: "receipt",
    import: { required: false },
    wire: "receit",
  },
  // Never read as a figure: when filled in, it must agree with the other three (import.server.ts).
  closingStock: {
    label: "Closing Stock",
    kind: "number",
    column: "closing_stock",
    import: { required: false },
  },
});

export type RackItemField = (typeof rackItemRecord.names)[number];
