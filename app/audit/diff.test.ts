import { describe, expect, it } from "vitest";
import {
  BLANK,
  type FieldSpec,
  fieldChanges,
  formatValue,
  humanize,
  leafChanges,
  leafPaths,
  sayLabel,
  sayValue,
  specsFromLeaves,
  valueAt,
} from "#app/audit/diff.ts";
import { contractHistory } from "#app/contracts/history.ts";
import { rackItemHistory } from "#app/store-racks/history.ts";

const contractFields = contractHistory.fields;

const contract = {
  _id: "c1",
  equipment: "Fire pump",
  company: "Kirloskar",
  validity: { from: "2026-04-01", to: "2027-03-31" },
  pms: "Quarterly",
  vendorCode: "",
  contractNumber: "AMC/7",
  concernedPerson: "Ravi",
  mobileNumber: "",
  lastDateOfChecking: "2026-01-10",
  nextDueDate: "2026-04-10",
  version: 1,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
};

describe("field changes of an update", () => {
  it("lists only the fields that changed, before → after, with the form's labels, in the form's order", () => {
    const after = {
      ...contract,
      company: "Atlas",
      validity: { from: "2026-04-01", to: "2028-03-31" },
      version: 2,
      updatedAt: "2026-11-24T10:00:00.000Z",
    };
    expect(fieldChanges("update", contract, after, contractFields)).toEqual([
      { path: "company", label: "Company", before: "Kirloskar", after: "Atlas" },
      { path: "validity.to", label: "Validity To", before: "31/03/2027", after: "31/03/2028" },
    ]);
  });

  it("ignores the version and timestamps: a save that changed nothing people see has no lines", () => {
    const after = { ...contract, version: 2, updatedAt: "2026-11-24T10:00:00.000Z" };
    expect(fieldChanges("update", contract, after, contractFields)).toEqual([]);
  });

  it("shows a value cleared or filled in as a blank dash, and treats missing and empty alike", () => {
    const after = { ...contract, concernedPerson: "", vendorCode: "V-101" };
    expect(fieldChanges("update", contract, after, contractFields)).toEqual([
      { path: "vendorCode", label: "Vendor Code", before: BLANK, after: "V-101" },
      { path: "concernedPerson", label: "Concerned Person", before: "Ravi", after: BLANK },
    ]);
    const { mobileNumber: _left, ...older } = contract;
    expect(fieldChanges("update", older, contract, contractFields)).toEqual([]);
  });

  it("reads a partial entry (only the changed key stored) without inventing changes", () => {
    const fields: FieldSpec[] = [
      { path: "role", label: "Role" },
      { path: "name", label: "Name" },
    ];
    expect(fieldChanges("update", { role: "staff" }, { role: "admin" }, fields)).toEqual([
      { path: "role", label: "Role", before: "staff", after: "admin" },
    ]);
  });

  it("formats numbers as the page does", () => {
    const fields = rackItemHistory.fields;
    expect(
      fieldChanges(
        "update",
        { availableStock: 1200, issue: 0 },
        { availableStock: 1250.5, issue: 3 },
        fields,
      ),
    ).toEqual([
      { path: "availableStock", label: "Available Stock", before: "1,200", after: "1,250.5" },
      { path: "issue", label: "Issue", before: "0", after: "3" },
    ]);
  });
});

describe("field changes of a create or a delete", () => {
  it("a create lists the values the record was made with, blank ones left out", () => {
    const changes = fieldChanges("create", null, contract, contractFields);
    expect(changes.map((change) => change.label)).toEqual([
      "Equipment",
      "Company",
      "Validity From",
      "Validity To",
      "PMS",
      "Contract Number",
      "Concerned Person",
      "Last Date of Checking",
      "Next Due Date",
    ]);
    expect(changes[0]).toEqual({ path: "equipment", label: "Equipment", before: BLANK, after: "Fire pump" });
  });

  it("a delete lists the values the record had, the after side blank", () => {
    const changes = fieldChanges("delete", contract, null, contractFields);
    expect(changes[1]).toEqual({ path: "company", label: "Company", before: "Kirloskar", after: BLANK });
    expect(changes.every((change) => change.after === BLANK)).toBe(true);
  });
});

describe("values", () => {
  it("dates read dd/mm/yyyy, flags Yes/No, blanks a dash, lists joined", () => {
    expect(formatValue("2026-11-23", "date")).toBe("23/11/2026");
    expect(formatValue(true)).toBe("Yes");
    expect(formatValue(false, "flag")).toBe("No");
    expect(formatValue(null)).toBe(BLANK);
    expect(formatValue("")).toBe(BLANK);
    expect(formatValue(["a", "b"])).toBe("a, b");
    expect(formatValue("12.5", "number")).toBe("12.5");
    expect(formatValue(12345)).toBe("12,345");
  });

  it("a choice shows the words of the form, not the stored value", () => {
    const fields: FieldSpec[] = [{ path: "status", label: "Status", choices: { ok: "OK", nok: "Not OK" } }];
    expect(fieldChanges("update", { status: "ok" }, { status: "nok" }, fields)).toEqual([
      { path: "status", label: "Status", before: "OK", after: "Not OK", worded: true },
    ]);
  });

  it("reads a dotted path and answers undefined past a leaf", () => {
    expect(valueAt(contract, "validity.from")).toBe("2026-04-01");
    expect(valueAt(contract, "equipment.length")).toBeUndefined();
    expect(valueAt(null, "a")).toBeUndefined();
  });
});

describe("records without a fixed field list", () => {
  it("walks nested data to leaves, leaving the bookkeeping keys out", () => {
    expect(leafPaths({ _id: "x", version: 3, kind: "issue", entries: [{ date: "2026-11-01" }, {}] })).toEqual(
      ["kind", "entries.0.date", "entries.1"],
    );
  });

  it("labels the union of both sides' leaves, known keys by their label, others humanized", () => {
    const specs = specsFromLeaves({ kind: "issue" }, { kind: "issue", issuedTo: "Boiler house" }, (path) =>
      path === "kind" ? { path, label: "Kind" } : null,
    );
    expect(specs).toEqual([
      { path: "kind", label: "Kind" },
      { path: "issuedTo", label: "Issued to" },
    ]);
  });

  it("compares the leaves under a record's data key in people's order, and names them by their full path", () => {
    const before = { format: "AS99", data: { remark: "ok", lorryNo: "KA01" } };
    const after = { format: "AS99", data: { remark: "seal loose", lorryNo: "KA01", extra: "x" } };
    const changes = leafChanges("update", before, after, {
      within: "data",
      label: (path) => (path === "remark" ? { path, label: "Remarks" } : null),
      rank: (path) => [["extra", "lorryNo", "remark"].indexOf(path)],
    });
    expect(changes).toEqual([
      { path: "data.extra", label: "Extra", before: BLANK, after: "x" },
      { path: "data.remark", label: "Remarks", before: "ok", after: "seal loose" },
    ]);
  });

  it("humanizes keys and counts rows from one", () => {
    expect(humanize("mustChangePassword")).toBe("Must change password");
    expect(humanize("entries.2.date")).toBe("Entries · 3 · Date");
    expect(humanize("rack_name")).toBe("Rack name");
  });
});

describe("sayLabel and sayValue: a history's words in a language", () => {
  const say = (english: string, values: Record<string, string | number> = {}) =>
    `[${english.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))}]`;

  it("looks up each part of a label, a SOP paper's row as one sentence with its number", () => {
    expect(sayLabel("Company", say)).toBe("[Company]");
    expect(sayLabel("Item · Id", say)).toBe("[Item] · [Id]");
    expect(sayLabel("Row 3 · Vehicle No", say)).toBe("[Row 3 · [Vehicle No]]");
    expect(sayLabel("Row 3", say)).toBe("[Row 3]");
  });

  it("translates a choice's words and a yes or no, never what was typed", () => {
    expect(sayValue("Yes", say)).toBe("[Yes]");
    expect(sayValue("Staff", say, true)).toBe("[Staff]");
    expect(sayValue("Yes please", say)).toBe("Yes please");
    expect(sayValue("Kirloskar", say)).toBe("Kirloskar");
  });
});
