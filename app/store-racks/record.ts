import { defineRecord } from "#app/lib/record.ts";
import { formatQuantity, RACKS, rackLabel } from "#app/store-racks/rules.ts";

// A rack item's fields, each once (app/lib/record.ts): the form's inputs, the list's and print
// view's columns (their sorts are the list's own words, list.ts RACK_SORTS), the export's and
// import's columns, the history's field list and the legacy /api name derive from this. A field's
// name is the table's property (table.server.ts), its column the name in snake_case; the legacy API says `receit` (and audit entries keep it). The
// figures a list, export or API shows are a period's (this month's), worked out from the stock
// ledger; the stored ones are what the item was put in with, and its cached closing balance.
// Pure: the browser and the server read it.

export const rackItemRecord = defineRecord({
  // Asked for on the insert form from "All racks" only (the rack's own insert knows it).
  rackNumber: {
    label: "Rack",
    kind: "integer",
    list: { sortAs: "rack", figure: false },
    import: { required: true },
    form: {
      type: "select",
      options: RACKS.map(({ number }) => [String(number), rackLabel(number)] as const),
      empty: "Choose a rack",
    },
  },
  section: {
    label: "Section",
    kind: "text",
    list: { search: true, sortAs: "section" },
    import: { required: true },
    form: { autoComplete: "off" },
  },
  // The row's name: its actions are announced with it.
  materialName: {
    label: "Material Name",
    kind: "text",
    list: { search: true, sortAs: "material", rowHeader: true },
    import: { required: true },
    form: { autoComplete: "off" },
  },
  // Typed on the insert form only, as the opening stock; movements change it after that.
  availableStock: {
    label: "Available Stock",
    kind: "number",
    list: { sortAs: "available", format: formatQuantity },
    import: { required: true },
    form: {
      label: "Opening Stock",
      type: "text",
      inputMode: "decimal",
      autoComplete: "off",
      hint: "The stock the item is put in with, recorded as its first movement (dated today).",
    },
  },
  issue: {
    label: "Issue",
    kind: "number",
    list: { sortAs: "issue", format: formatQuantity },
    import: { required: false },
    form: false,
  },
  receipt: {
    label: "Receipt",
    kind: "number",
    list: { sortAs: "receipt", format: formatQuantity },
    import: { required: false },
    wire: "receit",
    form: false,
  },
  // Never read as a figure: when filled in, it must agree with the other three (import.server.ts).
  closingStock: {
    label: "Closing Stock",
    kind: "number",
    list: { sortAs: "closing", format: formatQuantity },
    import: { required: false },
    form: false,
  },
});

export type RackItemField = (typeof rackItemRecord.names)[number];
