import { describe, expect, it } from "vitest";
import { departmentGroup, groupDepartment, groupLabel } from "#app/ledger/report/labels.ts";
import {
  appliedReportFilters,
  periodMonth,
  racksOfDepartment,
  readReportView,
  reportedKinds,
  shiftMonth,
} from "#app/ledger/report/view.ts";
import { monthOf } from "#app/stock/rules.ts";

const TODAY = "2026-11-23";
const read = (query: string) => readReportView(new URLSearchParams(query), TODAY);

describe("the stock report's period", () => {
  it("is the plant's current month by default", () => {
    expect(read("").filters).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    expect(read("").problems).toEqual([]);
  });

  it("takes a month (the month links) or a from/to range", () => {
    expect(read("month=2024-02").filters).toMatchObject({ from: "2024-02-01", to: "2024-02-29" });
    expect(read("from=2026-10-05&to=2026-11-10").filters).toMatchObject({
      from: "2026-10-05",
      to: "2026-11-10",
    });
  });

  it("lets a from/to range win over a month, and ends an open range with its month", () => {
    expect(read("month=2026-01&from=2026-10-05&to=2026-10-06").filters).toMatchObject({
      from: "2026-10-05",
      to: "2026-10-06",
    });
    expect(read("from=2026-10-05").filters).toMatchObject({ from: "2026-10-05", to: "2026-10-31" });
    expect(read("to=2026-09-12").filters).toMatchObject({ from: "2026-09-01", to: "2026-09-12" });
  });

  it("turns a period that ends before it begins the right way round, and says so", () => {
    const view = read("from=2026-11-20&to=2026-11-02");
    expect(view.filters).toMatchObject({ from: "2026-11-02", to: "2026-11-20" });
    expect(view.problems).toEqual([
      {
        field: "to",
        message:
          "The period ended (02/11/2026) before it began (20/11/2026); showing 02/11/2026 to 20/11/2026.",
      },
    ]);
  });

  it("names a date or month it cannot read and falls back to the default", () => {
    const view = read("from=2026-02-30&month=Nov");
    expect(view.filters).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    expect(view.problems.map((problem) => problem.field)).toEqual(["from", "month"]);
    expect(view.problems[0].message).toBe("From '2026-02-30' is not a date (write it YYYY-MM-DD).");
  });
});

describe("the stock report's filters", () => {
  it("reads rack, department, items and the list's own parameters", () => {
    const view = read("rack=7&department=Electrician&items=rack&q=%20cable%20&page=3&size=50");
    expect(view.filters).toMatchObject({ rack: 7, department: "Electrician", items: "rack" });
    expect(view.params).toMatchObject({ q: "cable", page: 3, size: 50 });
    expect(view.problems).toEqual([]);
  });

  it("names a rack, department or item kind it does not know, and shows all instead", () => {
    const view = read("rack=25&department=electrician&items=both");
    expect(view.filters).toMatchObject({ rack: null, department: "", items: "" });
    expect(view.problems.map((problem) => problem.field).sort()).toEqual(["department", "items", "rack"]);
  });

  it("maps a department to the racks of its trade", () => {
    expect(racksOfDepartment("Electrician")).toEqual([7, 8, 9, 10, 18, 21, 22]);
    expect(racksOfDepartment("FireFight")).toEqual([11, 12, 13, 19, 20]);
    expect(racksOfDepartment("Technician")).toEqual([1, 2, 3, 4, 5, 6, 14, 15, 16, 17, 23, 24]);
  });

  it("lists the spares lines only for a role that may see them, and never for one rack", () => {
    expect(reportedKinds({ items: "", rack: null }, true)).toEqual({ racks: true, spares: true });
    expect(reportedKinds({ items: "", rack: null }, false)).toEqual({ racks: true, spares: false });
    expect(reportedKinds({ items: "", rack: 3 }, true)).toEqual({ racks: true, spares: false });
    expect(reportedKinds({ items: "spare", rack: null }, true)).toEqual({ racks: false, spares: true });
    expect(reportedKinds({ items: "rack", rack: null }, true)).toEqual({ racks: true, spares: false });
  });

  it("names the period and every filter in force for the print header", () => {
    const view = read("from=2026-11-01&to=2026-11-15&rack=3&department=Technician&items=rack&q=valve");
    expect(appliedReportFilters(view.params.q, view.filters)).toEqual([
      { label: "Period", value: "01/11/2026 to 15/11/2026" },
      { label: "Items", value: "Store rack items" },
      { label: "Rack", value: "RACK 3 - Technician" },
      { label: "Department", value: "Technician" },
      { label: "Search", value: "'valve'" },
    ]);
  });
});

describe("months and groups", () => {
  it("steps a month back and forth across a year end", () => {
    expect(shiftMonth("2026-01-15", -1)).toBe("2025-12-01");
    expect(shiftMonth("2026-12-31", 1)).toBe("2027-01-01");
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("knows a period that is one whole month", () => {
    expect(periodMonth({ from: "2026-11-01", to: "2026-11-30" })).toBe("2026-11");
    expect(periodMonth({ from: "2026-11-01", to: "2026-11-29" })).toBeNull();
  });

  it("numbers racks 1–24 first, then the departments, and labels each", () => {
    expect(departmentGroup("Electrician")).toBeGreaterThan(24);
    expect(departmentGroup("Technician")).toBeGreaterThan(departmentGroup("FireFight"));
    expect(groupDepartment(departmentGroup("FireFight"))).toBe("FireFight");
    expect(groupDepartment(12)).toBeNull();
    expect(groupLabel(12)).toBe("RACK 12 - Fire Fighting");
    expect(groupLabel(departmentGroup("Electrician"))).toBe("Electrician spares lines");
  });
});
