import { expect, test } from "vitest";
import { contractRecord } from "#app/contracts/record.ts";
import { auditFields, exportColumns, importColumns, sortNames } from "#app/lib/record.ts";

// The lists derived from the contract's definition are the ones the app had before they were
// derived (one check, a row each): the same headers (an exported file imports back), the same
// history paths (stored entries read the same).
test.each<[string, unknown, unknown]>([
  [
    "the export's columns, Status aside, are the ones files were written with",
    exportColumns(contractRecord),
    [
      { header: "Equipment", type: "text" },
      { header: "Company", type: "text" },
      { header: "Validity From", type: "date" },
      { header: "Validity To", type: "date" },
      { header: "PMS", type: "text" },
      { header: "Vendor Code", type: "text" },
      { header: "Contract Number", type: "text" },
      { header: "Concerned Person", type: "text" },
      { header: "Mobile Number", type: "text" },
      { header: "Last Date of Checking", type: "date" },
      { header: "Next Due Date", type: "date" },
    ],
  ],
  [
    "the import reads the export's headers; a new contract needs what the insert form needs",
    importColumns(contractRecord),
    [
      { header: "Equipment", field: "equipment", required: true },
      { header: "Company", field: "company", required: true },
      { header: "Validity From", field: "validityFrom", required: true, kind: "date" },
      { header: "Validity To", field: "validityTo", required: true, kind: "date" },
      { header: "PMS", field: "pms", required: true },
      { header: "Vendor Code", field: "vendorCode", required: false },
      { header: "Contract Number", field: "contractNumber", required: false },
      { header: "Concerned Person", field: "concernedPerson", required: false },
      { header: "Mobile Number", field: "mobileNumber", required: false },
      { header: "Last Date of Checking", field: "lastCheckedOn", required: false, kind: "date" },
      { header: "Next Due Date", field: "nextDueOn", required: false, kind: "date" },
    ],
  ],
  [
    "the history reads stored entries at the paths they were written with",
    auditFields(contractRecord),
    [
      { path: "equipment", label: "Equipment" },
      { path: "company", label: "Company" },
      { path: "validity.from", label: "Validity From", kind: "date" },
      { path: "validity.to", label: "Validity To", kind: "date" },
      { path: "pms", label: "PMS" },
      { path: "vendorCode", label: "Vendor Code" },
      { path: "contractNumber", label: "Contract Number" },
      { path: "concernedPerson", label: "Concerned Person" },
      { path: "mobileNumber", label: "Mobile Number" },
      { path: "lastDateOfChecking", label: "Last Date of Checking", kind: "date" },
      { path: "nextDueDate", label: "Next Due Date", kind: "date" },
    ],
  ],
  [
    "the list sorts every column but the validity's end (shown with its start)",
    sortNames(contractRecord),
    [
      "equipment",
      "company",
      "validityFrom",
      "pms",
      "vendorCode",
      "contractNumber",
      "concernedPerson",
      "mobileNumber",
      "lastCheckedOn",
      "nextDueOn",
    ],
  ],
])("the contract's definition: %s", (_, derived, before) => {
  expect(derived).toEqual(before);
});
