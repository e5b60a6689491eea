import { describe, expect, test } from "vitest";
import { contractRecord } from "#app/contracts/record.ts";
import { auditFields, exportColumns, importColumns, sortNames } from "#app/lib/record.ts";

// The lists derived from the contract's definition are the ones the app had before they were
// derived: the same headers (an exported file imports back), the same history paths (stored
// entries read the same).

describe("the contract's definition", () => {
  test("the export's columns, Status aside, are the ones files were written with", () => {
    expect(exportColumns(contractRecord)).toEqual([
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
    ]);
  });

  test("the import reads the export's headers; a new contract needs what the insert form needs", () => {
    expect(importColumns(contractRecord)).toEqual([
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
    ]);
  });

  test("the history reads stored entries at the paths they were written with", () => {
    expect(auditFields(contractRecord)).toEqual([
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
    ]);
  });

  test("the list sorts every column but the validity's end (shown with its start)", () => {
    expect(sortNames(contractRecord)).toEqual([
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
    ]);
  });
});
