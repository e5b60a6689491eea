import { defineRecord, fromWire, toWire, type ValuesOf, type WireValuesOf } from "#app/lib/record.ts";
import { DEPARTMENTS } from "#app/spares/rules.ts";

// A spares line's fields, each once (app/lib/record.ts): the forms' inputs, the list's and print
// view's columns and sorts, the export's and import's columns, the history's field list and the
// legacy /api names derive from this. A field's name is the table's property (table.server.ts),
// its column the name in snake_case; the legacy API, the forms and the audit entries keep the
// legacy names (`wire`: "AvailableStock"…). Pure: the browser and the server read it.
// Excess/Short Fall and Status of Order are not fields: both are worked out from the two stock
// figures (rules.ts), never stored; the list, the export and the history add them (DERIVED below).

/** A stock figure's input: a decimal, never below 0. */
const FIGURE = { min: 0, step: "any", inputMode: "decimal" } as const;

export const sparesRecord = defineRecord({
  // The page's department: not a column of the list, its export or its import.
  department: {
    label: "Department",
    kind: "choice",
    choices: DEPARTMENTS,
    export: false,
    import: false,
    form: false,
  },
  srno: {
    label: "Serial Number",
    kind: "integer",
    list: { sort: "value", search: true },
    import: { required: true },
    form: { min: 1, step: 1, inputMode: "numeric" },
  },
  assets: {
    label: "Assets",
    kind: "text",
    list: { sort: "text", search: true },
    import: { required: true },
    wire: "Assets",
    form: { maxLength: 500 },
  },
  componentsAndEquipments: {
    label: "Components/Equipments",
    kind: "text",
    list: { sort: "text", search: true, oldSorts: ["components"] },
    import: { required: true },
    wire: "ComponentsAndEquipments",
    form: { maxLength: 500 },
  },
  // The stock ledger's cached balance of the line's movements (app/ledger).
  availableStock: {
    label: "Available stock",
    kind: "number",
    list: { sort: "value", search: true, oldSorts: ["available"] },
    import: { required: true },
    wire: "AvailableStock",
    // Typed on the insert form only: the update form shows the balance and what changes it.
    form: {
      ...FIGURE,
      hint: "Recorded as the line's opening stock; later, Issue, Receive and Count change it.",
    },
  },
  minStock: {
    label: "Min Stock",
    kind: "number",
    list: { sort: "value", search: true, oldSorts: ["min"] },
    import: { required: true },
    wire: "MinStock",
    form: FIGURE,
  },
  leadTimeDays: {
    label: "Lead time",
    kind: "number",
    list: { sort: "value", search: true, oldSorts: ["leadTime"] },
    import: { required: true },
    wire: "LeadTime",
    // The legacy app: no required marker, yet required.
    form: { ...FIGURE, hint: "In days.", marked: false },
  },
});

export type SparesField = (typeof sparesRecord.names)[number];

/**
 * The two figures worked out from the stock, after the fields wherever a line is shown whole: their
 * list sort, export column and the key audit entries hold them under (as they were at the save).
 */
export const DERIVED = {
  shortfall: { label: "Excess/Short Fall", export: "number", audit: "ExcessShortFall" },
  status: { label: "Status of Order", export: "text", audit: "StatusofOrder" },
} as const;

/** A line's stored fields (the table's properties), the department aside. */
export type SparesFields = Omit<ValuesOf<typeof sparesRecord>, "department">;

/** The same fields under their legacy names: the /api's, the forms', the audit entries', stored imports'. */
export type SparesWire = Omit<WireValuesOf<typeof sparesRecord>, "department">;

/** A line's fields as the legacy edge names them, in the definition's order (the /api's key order). */
export const toSparesWire = (line: SparesFields): SparesWire => toWire(sparesRecord, line) as SparesWire;

/** The fields a legacy body or form holds (those present and given), by their names in the app. */
export function fromSparesWire(wire: SparesWire): SparesFields;
export function fromSparesWire(wire: Partial<SparesWire>): Partial<SparesFields>;
export function fromSparesWire(wire: Partial<SparesWire>): Partial<SparesFields> {
  const values = fromWire(sparesRecord, wire);
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => value !== undefined && name !== "department"),
  ) as Partial<SparesFields>;
}
