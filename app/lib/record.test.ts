import { describe, expect, test } from "vitest";
import {
  auditFields,
  cellText,
  columnName,
  defineRecord,
  exportColumns,
  exportFields,
  formFields,
  fromWire,
  importColumns,
  importFields,
  listColumns,
  oldSortNames,
  searchFields,
  sortHows,
  sortNames,
  tableMismatches,
  toWire,
  wireLayout,
  wireName,
} from "#app/lib/record.ts";

const gadget = defineRecord({
  name: {
    label: "Name",
    kind: "text",
    column: "name",
    list: { sort: "text", search: true, rowHeader: true },
    import: { required: true },
    form: { hint: "As on its plate.", maxLength: 50 },
  },
  count: {
    label: "Count",
    kind: "integer",
    column: "item_count",
    list: { sort: "value", oldSorts: ["n"], heading: "How many", format: (n) => n.toFixed(1) },
    wire: "Count",
    form: { label: "Count on hand", marked: true, step: 1, inputMode: "numeric" },
  },
  from: {
    label: "From",
    kind: "date",
    column: "valid_from",
    wire: "validity.from",
    audit: { label: "Valid from" },
  },
  to: {
    label: "To",
    kind: "date",
    column: "valid_to",
    wire: "validity.to",
    export: false,
    import: false,
    list: { sortAs: "end" },
    form: false,
  },
  note: { label: "Note", kind: "text", column: "note", audit: false, export: "text" },
});

describe("defineRecord's derivers", () => {
  test("the names keep the definition's order", () => {
    expect(gadget.names).toEqual(["name", "count", "from", "to", "note"]);
  });

  test("export columns: label as header, the type from the kind unless said, false leaves it out", () => {
    expect(exportColumns(gadget)).toEqual([
      { header: "Name", type: "text" },
      { header: "Count", type: "integer" },
      { header: "From", type: "date" },
      { header: "Note", type: "text" },
    ]);
    expect(exportFields(gadget)).toEqual(["name", "count", "from", "note"]);
  });

  test("import columns: required as said, numbers and dates read as such, text without a kind", () => {
    expect(importColumns(gadget)).toEqual([
      { header: "Name", field: "name", required: true },
      { header: "Count", field: "count", required: false, kind: "number" },
      { header: "From", field: "from", required: false, kind: "date" },
      { header: "Note", field: "note", required: false },
    ]);
    expect(importFields(gadget)).toEqual(["name", "count", "from", "note"]);
  });

  test("audit fields sit at the wire path unless a key is given, with their own label if any", () => {
    expect(auditFields(gadget)).toEqual([
      { path: "name", label: "Name" },
      { path: "Count", label: "Count", kind: "number" },
      { path: "validity.from", label: "Valid from", kind: "date" },
      { path: "validity.to", label: "To", kind: "date" },
    ]);
    const renamed = defineRecord({
      a: { label: "A", kind: "text", column: "a", wire: "x", audit: { key: "old" } },
    });
    expect(auditFields(renamed)).toEqual([{ path: "old", label: "A" }]);
  });

  test("sorts, their old names and the searched fields", () => {
    const sorts: ("name" | "count")[] = sortNames(gadget);
    expect(sorts).toEqual(["name", "count"]);
    expect(sortHows(gadget)).toEqual({ name: "text", count: "value" });
    expect(oldSortNames(gadget)).toEqual({ n: "count" });
    expect(searchFields(gadget)).toEqual(["name"]);
  });

  test("wire names both ways, nested paths included, absent fields left out", () => {
    expect(wireName(gadget, "from")).toBe("validity.from");
    expect(wireName(gadget, "name")).toBe("name");
    expect(wireName(gadget, "version")).toBe("version");
    const wire = toWire(gadget, { name: "A", count: 2, from: "2026-01-01", to: "2026-12-31" });
    expect(JSON.stringify(wire)).toBe(
      '{"name":"A","Count":2,"validity":{"from":"2026-01-01","to":"2026-12-31"}}',
    );
    expect(fromWire(gadget, wire)).toEqual({ name: "A", count: 2, from: "2026-01-01", to: "2026-12-31" });
    expect(fromWire(gadget, { validity: "2026", note: null })).toEqual({ note: null });
  });

  test("the wire's layout: flat keys in field order, a dotted group at its first member's place", () => {
    expect(wireLayout(gadget)).toEqual([
      ["name", "name"],
      ["Count", "count"],
      ["validity", { from: "from", to: "to" }],
      ["note", "note"],
    ]);
    expect(wireLayout(gadget, ["to", "version"])).toEqual([
      ["validity", { to: "to" }],
      ["version", "version"],
    ]);
  });

  test("the form's fields: every field but form: false, its input from the kind unless said", () => {
    expect(formFields(gadget)).toEqual([
      {
        name: "name",
        label: "Name",
        type: "text",
        options: [],
        hint: "As on its plate.",
        marked: true,
        attributes: { maxLength: 50 },
      },
      {
        name: "count",
        label: "Count on hand",
        type: "number",
        options: [],
        marked: true,
        attributes: { step: 1, inputMode: "numeric" },
      },
      { name: "from", label: "From", type: "date", options: [], marked: false, attributes: {} },
      { name: "note", label: "Note", type: "text", options: [], marked: false, attributes: {} },
    ]);
    const choosing = defineRecord({
      size: { label: "Size", kind: "choice", choices: ["S", "M"], column: "size", form: { empty: "Pick" } },
      rack: {
        label: "Rack",
        kind: "integer",
        column: "rack",
        form: { type: "select", options: [["1", "Rack 1"]] },
      },
    });
    expect(formFields(choosing).map(({ type, options, empty }) => ({ type, options, empty }))).toEqual([
      {
        type: "select",
        options: [
          ["S", "S"],
          ["M", "M"],
        ],
        empty: "Pick",
      },
      { type: "select", options: [["1", "Rack 1"]], empty: undefined },
    ]);
  });

  test("the list's columns: the fields with list, headed by their label unless said", () => {
    expect(listColumns(gadget)).toEqual([
      { name: "name", heading: "Name", sort: "name", figure: false, rowHeader: true, searched: true },
      { name: "count", heading: "How many", sort: "count", figure: true, rowHeader: false, searched: false },
      { name: "to", heading: "To", sort: "end", figure: false, rowHeader: false, searched: false },
    ]);
  });

  test.each([
    ["a date as dd/mm/yyyy", "from", "2026-03-09", "09/03/2026"],
    ["no date", "from", null, "N/A"],
    ["text as it is", "name", "Pump", "Pump"],
    ["blank text", "name", "  ", "N/A"],
    ["a figure by the list's format", "count", 2, "2.0"],
    ["no figure", "count", null, ""],
  ])("a cell reads %s", (_, name, value, text) => {
    expect(cellText(gadget, name, value)).toBe(text);
  });

  test("a misspelt field name is a type error", () => {
    // @ts-expect-error: "nmae" is no field of the definition
    const wrong: (typeof gadget.names)[number] = "nmae";
    expect(wrong).toBe("nmae");
  });

  test("a field's column is its name in snake_case unless said", () => {
    expect(columnName("validityFrom", { label: "From", kind: "date" })).toBe("validity_from");
    expect(columnName("srno", { label: "No", kind: "integer" })).toBe("srno");
    expect(columnName("count", gadget.fields.count)).toBe("item_count");
  });

  test("tableMismatches names every field without its column and every column without its field", () => {
    const columns = {
      id: { name: "id" },
      name: { name: "name" },
      count: { name: "count" },
      extra: { name: "extra_col" },
    };
    expect(tableMismatches(gadget, columns, ["id"])).toEqual([
      "field count: the table's column is count, the definition says item_count",
      "field from has no table column",
      "field to has no table column",
      "field note has no table column",
      "table column extra_col (extra) is no field of the definition",
    ]);
  });
});
