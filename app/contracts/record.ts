import { PMS_CHOICES } from "#app/contracts/rules.ts";
import { defineRecord } from "#app/lib/record.ts";

// A maintenance contract's fields, each once (app/lib/record.ts): the form's inputs, the list's
// and print view's columns, sorts and search, the export's and import's columns, the history's
// field list and the legacy /api names derive from this. A field's name is the table's property
// (table.server.ts) and the form's input name, its column the name in snake_case; the legacy API
// keeps its own names (`wire`), and audit entries are stored in those wire names.
// Pure: the browser's form and the server's modules read it.

export const contractRecord = defineRecord({
  equipment: {
    label: "Equipment",
    kind: "text",
    list: { sort: "text", search: true },
    import: { required: true },
  },
  company: {
    label: "Company",
    kind: "text",
    list: { sort: "text", search: true },
    import: { required: true },
  },
  // The list shows the validity in one column, "from to to", sorted by its start.
  validityFrom: {
    label: "Validity From",
    kind: "date",
    list: { sort: "value", search: true, oldSorts: ["validity"], heading: "Validity From and To" },
    import: { required: true },
    wire: "validity.from",
  },
  validityTo: {
    label: "Validity To",
    kind: "date",
    import: { required: true },
    wire: "validity.to",
  },
  pms: {
    label: "PMS",
    kind: "choice",
    choices: PMS_CHOICES,
    form: { empty: "Select PMS" },
    list: { sort: "value", search: true },
    import: { required: true },
  },
  vendorCode: {
    label: "Vendor Code",
    kind: "text",
    list: { sort: "text", search: true },
  },
  contractNumber: {
    label: "Contract Number",
    kind: "text",
    list: { sort: "text", search: true },
  },
  concernedPerson: {
    label: "Concerned Person",
    kind: "text",
    list: { sort: "text", search: true },
  },
  mobileNumber: {
    label: "Mobile Number",
    kind: "text",
    list: { sort: "value", search: true },
    form: { type: "tel", hint: "10 digits, or with the country code (+91…).", autoComplete: "off" },
  },
  lastCheckedOn: {
    label: "Last Date of Checking",
    kind: "date",
    list: { sort: "value", search: true, oldSorts: ["lastChecked"] },
    wire: "lastDateOfChecking",
  },
  nextDueOn: {
    label: "Next Due Date",
    kind: "date",
    list: { sort: "value", search: true, oldSorts: ["nextDue"] },
    // With JavaScript the form suggests the date as the schedule is typed (contract-form.tsx).
    form: { hint: "Left empty, it is worked out from the last date of checking and the PMS." },
    wire: "nextDueDate",
  },
});

export type ContractField = (typeof contractRecord.names)[number];
