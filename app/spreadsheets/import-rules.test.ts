import { describe, expect, it } from "vitest";
import { storedByKey } from "#app/spreadsheets/import-kind.ts";
import {
  type Cell,
  type DateOrder,
  dateMessages,
  dateOrderOf,
  headerFit,
  type ImportColumn,
  isUnitsRow,
  naturalKey,
  readDate,
} from "#app/spreadsheets/import-rules.ts";

describe("naturalKey", () => {
  // Matches as people do (case, surrounding spaces and runs of spaces ignored), and keeps the parts
  // apart, so moving a word between them makes another key.
  it.each([
    [[3, " Pressure  Gauge "], ["3", "pressure gauge"], true],
    [["Fire pump", "Kirloskar"], ["Fire", "pump Kirloskar"], false],
    [["Rack1A", 1], ["Rack1A", 11], false],
  ])("of %j and of %j is the same key: %s", (one, other, same) => {
    expect(naturalKey(...one) === naturalKey(...other)).toBe(same);
  });
});

describe("storedByKey", () => {
  it("keeps the first record of a key and counts the records that share it", () => {
    const record = (id: string) => ({ id, version: 1, values: {} });
    const byKey = storedByKey([
      ["a", record("1")],
      ["b", record("2")],
      ["a", record("3")],
      ["a", record("4")],
    ]);
    expect(byKey.get("a")).toMatchObject({ id: "1", sameKey: 3 });
    expect(byKey.get("b")?.sameKey).toBeUndefined();
  });
});

const columns: ImportColumn[] = [
  { header: "Serial Number", field: "srno", required: true, kind: "number" },
  { header: "Assets", field: "Assets", required: true },
  { header: "Lead time", field: "LeadTime", required: false, kind: "number" },
  { header: "Validity To", field: "validityTo", required: false, kind: "date" },
];
const HEADERS = ["Serial Number", "Assets", "Lead time", "Validity To"];

describe("readDate", () => {
  const read = (cell: Cell, order: DateOrder = "unknown") => readDate(cell, order, "7");

  it("reads an Excel date's serial number (a date cell whose format was not seen) as its day", () => {
    expect(read(46_349)).toEqual({ ok: true, text: "2026-11-23" });
    expect(read(61)).toEqual({ ok: true, text: "1900-03-01" });
  });

  it("reads yyyy-mm-dd, and dd-mm-yyyy or dd/mm/yyyy where the day is above 12 or both are the same", () => {
    expect(read("2026-4-1")).toEqual({ ok: true, text: "2026-04-01" });
    expect(read("23-11-2026")).toEqual({ ok: true, text: "2026-11-23" });
    expect(read("23/11/2026")).toEqual({ ok: true, text: "2026-11-23" });
    expect(read("05/05/2026")).toEqual({ ok: true, text: "2026-05-05" });
    expect(read("")).toEqual({ ok: true, text: "" });
  });

  it("names the accepted formats for what is no date (not only YYYY-MM-DD)", () => {
    for (const text of ["31-02-2026", "2026-02-30", "next week", "04/01/202", "4/1"])
      expect(read(text)).toEqual({ ok: false, text, message: dateMessages.notADate(text) });
    expect(dateMessages.notADate("x")).toContain("dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd");
    expect(read(12.5)).toMatchObject({ ok: false, text: "12.5" });
  });

  it("reads a two-digit year as spreadsheets do (1930–2029)", () => {
    expect(read("25/04/26")).toEqual({ ok: true, text: "2026-04-25" });
    expect(read("25-04-29")).toEqual({ ok: true, text: "2029-04-25" });
    expect(read("25/04/30")).toEqual({ ok: true, text: "1930-04-25" });
  });

  it("reads a month-first date month first, and an ambiguous one in the order the file shows", () => {
    expect(read("04/25/2026")).toEqual({ ok: true, text: "2026-04-25" });
    expect(read("04/01/2026", "month-first")).toEqual({ ok: true, text: "2026-04-01" });
    expect(read("04/01/2026", "day-first")).toEqual({ ok: true, text: "2026-01-04" });
  });

  it("refuses an ambiguous date the file does not settle, naming its row and both readings", () => {
    const refused = read("04/01/2026");
    expect(refused).toMatchObject({ ok: false, text: "04/01/2026" });
    expect(refused.ok ? "" : refused.message).toBe(
      dateMessages.ambiguous("04/01/2026", "7", "4 January", "1 April"),
    );
    expect(refused.ok ? "" : refused.message).toMatch(/^Row 7: /);
  });

  it("refuses the day/month dates of a file that has both orders", () => {
    expect(read("25/04/2026", "mixed")).toMatchObject({
      ok: false,
      message: dateMessages.mixed("25/04/2026", "7"),
    });
    expect(read("04/25/2026", "mixed")).toMatchObject({ ok: false });
    expect(read("2026-04-25", "mixed")).toEqual({ ok: true, text: "2026-04-25" });
  });
});

describe("dateOrderOf", () => {
  it("is what the file's unambiguous day/month dates show", () => {
    expect(dateOrderOf(["04/01/2026", "04/25/2026", null])).toBe("month-first");
    expect(dateOrderOf(["04/01/2026", "25/04/2026"])).toBe("day-first");
    expect(dateOrderOf(["04/25/2026", "25/04/2026"])).toBe("mixed");
    expect(dateOrderOf(["04/01/2026", "2026-04-25", new Date(), 46_349])).toBe("unknown");
  });
});

describe("the header row and a units row", () => {
  it("knows the header among title rows by the required columns it names", () => {
    expect(headerFit(["Spare parts of the plant", null], columns)).toEqual({ named: 0, complete: false });
    expect(headerFit(["Sr. No", "ASSETS"], columns)).toEqual({ named: 1, complete: false });
    expect(headerFit(["Serial Number", "ASSETS "], columns)).toEqual({ named: 2, complete: true });
    expect(headerFit(["Serial Number"], columns)).toEqual({ named: 1, complete: false });
  });

  it("takes units under the figures and dates, with nothing under the text, for a units row", () => {
    expect(isUnitsRow(["nos", null, "days", "(dd/mm/yyyy)"], HEADERS, columns)).toBe(true);
    expect(isUnitsRow(["nos", null, "days"], HEADERS, columns)).toBe(true);
    expect(isUnitsRow([null, "", "(days)", "date"], HEADERS, columns)).toBe(true);
  });

  it("does not take a row of data for units", () => {
    expect(isUnitsRow(["nos", "Pump", "days"], HEADERS, columns)).toBe(false);
    expect(isUnitsRow([5, null, "days"], HEADERS, columns)).toBe(false);
    expect(isUnitsRow(["5 nos", null, null], HEADERS, columns)).toBe(false);
    expect(isUnitsRow([null, "Pump"], HEADERS, columns)).toBe(false);
    expect(isUnitsRow(["nos", null, "days", "01/02/2026"], HEADERS, columns)).toBe(false);
  });
});
