import { describe, expect, it } from "vitest";
import type { SopData } from "#app/sop/engine/types.ts";
import { sopRecordsLayout } from "#app/sop/export-columns.ts";
import { findFormat, formats } from "#app/sop/formats/index.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";

// A SOP format's records export carries every field of the format, derived from its definition.

const saved = { date: "2025-03-14", savedBy: "clerk@plant.test", savedAt: "2025-03-14T10:05" };

/** Every value a record's data holds, at any depth. */
function leavesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leavesOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(leavesOf);
  return [value];
}

/** How a stored value reads in a cell: Yes / No answers and ticks as the paper shows them. */
const BOOLEAN_CELLS = new Set(["Yes", "No", "✓"]);

describe("a SOP format's records export", () => {
  it("has AS11's header fields, each criterion's status and remarks, and the signatures, in the paper's order", () => {
    const as11 = findFormat("AS11")!;
    const { columns, rowsOf } = sopRecordsLayout(as11);
    const headers = columns.map((column) => column.header);
    expect(headers.slice(0, 5)).toEqual([
      "Date",
      "Box lorry number",
      "Transporter",
      "1. Engine exhaust under the driver's cabin, fitted with a spark arrestor",
      "1. Remarks, if any",
    ]);
    expect(headers.slice(-7)).toEqual([
      "15. Seat belt fitted and working",
      "15. Remarks, if any",
      "Driver's signature",
      "Prepared by (operator)",
      "Officer's signature",
      "Saved by",
      "Saved at",
    ]);
    expect(headers).toHaveLength(1 + 2 + 15 * 2 + 3 + 2);
    const data: SopData = {
      date: "2025-03-14",
      lorryNo: "MH12AB1234",
      transporter: "Speedy",
      criteria: [{ status: "Yes", remarks: "Arrestor new" }, { status: "No", remarks: "" }, {}],
      driverSignature: "R. Patil",
      prepareByOperator: "S. Rao",
      officerSignature: "",
    };
    const rows = rowsOf({ ...saved, data });
    expect(rows).toHaveLength(1);
    const cell = (header: string) => rows[0][headers.indexOf(header)];
    expect(cell("Date")).toBe("2025-03-14");
    expect(cell("Box lorry number")).toBe("MH12AB1234");
    expect(cell("1. Engine exhaust under the driver's cabin, fitted with a spark arrestor")).toBe("Yes");
    expect(cell("1. Remarks, if any")).toBe("Arrestor new");
    expect(rows[0][headers.indexOf("1. Remarks, if any") + 1]).toBe("No");
    expect(cell("3. One numbered 10 kg DCP fire extinguisher carried within easy reach")).toBe(""); // unanswered
    expect(cell("Driver's signature")).toBe("R. Patil");
    expect(cell("Prepared by (operator)")).toBe("S. Rao");
    expect(cell("Saved by")).toBe("clerk@plant.test");
    expect(cell("Saved at")).toBe("2025-03-14T10:05");
    expect(columns.find((column) => column.header === "Saved at")?.type).toBe("datetime");
  });

  it("is a row per register entry (AS15), the record's other fields repeated, dates and numbers typed", () => {
    const as15 = findFormat("AS15")!;
    const { columns, rowsOf } = sopRecordsLayout(as15);
    const headers = columns.map((column) => column.header);
    expect(headers.slice(0, 3)).toEqual(["Record date", "Sr No.", "Date"]);
    expect(headers).toContain("Expected date of return");
    expect(headers.at(-3)).toBe("Signature of officer");
    const typeOf = (header: string) => columns.find((column) => column.header === header)?.type;
    expect(typeOf("Expected date of return")).toBe("date");
    expect(typeOf("Sr No.")).toBe("integer");
    const data = sampleRecord(as15, "Gate", 3);
    const rows = rowsOf({ ...saved, data });
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row[1])).toEqual([1, 2, 3]);
    expect(rows.map((row) => row[2])).toEqual(["2025-03-14", "2025-03-15", "2025-03-16"]);
    expect(rows.map((row) => row[headers.indexOf("Gate pass number")])).toEqual([
      "Gate r1 Gate pass number",
      "Gate r2 Gate pass number",
      "Gate r3 Gate pass number",
    ]);
    for (const row of rows) {
      expect(row[0]).toBe("2025-03-14");
      expect(row[headers.indexOf("Signature of officer")]).toBe("Gate Signature of officer");
    }
  });

  it("leaves out a fixed register's empty rows (AS17: seven lines, two filled), numbered as on paper", () => {
    const as17 = findFormat("AS17")!;
    const { columns, rowsOf } = sopRecordsLayout(as17);
    expect(columns.map((column) => column.header)).toEqual([
      "Date",
      "Sr No.",
      "Time",
      "Area / checkpoint",
      "Observation",
      "Officer's signature",
      "Saved by",
      "Saved at",
    ]);
    const blank = { time: "", area: "", observation: "" };
    const entries = [
      { time: "22:00", area: "Gate 1", observation: "All clear" },
      blank,
      { time: "02:00", area: "Shed", observation: "" },
      blank,
      blank,
      blank,
      blank,
    ];
    const rows = rowsOf({ ...saved, data: { date: "2025-03-14", entries, officerSignature: "K. Das" } });
    expect(rows.map((row) => row.slice(1, 6))).toEqual([
      [1, "22:00", "Gate 1", "All clear", "K. Das"],
      [3, "02:00", "Shed", "", "K. Das"],
    ]);
    // Nothing filled in: the record is still a row.
    const empty = rowsOf({ ...saved, data: { date: "2025-03-14", entries: [blank] } });
    expect(empty).toEqual([["2025-03-14", null, "", "", "", "", "clerk@plant.test", "2025-03-14T10:05"]]);
  });

  it("names each AS16 item by its section (numbers restart), and has the cylinder counts and their total", () => {
    const as16 = findFormat("AS16")!;
    const { columns, rowsOf } = sopRecordsLayout(as16);
    const headers = columns.map((column) => column.header);
    expect(headers).toContain("B. Bulk storage area – 1. No visible leak");
    expect(headers).toContain("C. Pump house / compressor room – 1. No visible leak");
    expect(headers).toContain("C. Pump house / compressor room – 1. Remarks");
    expect(headers).toContain("G. Inventory of cylinders – 5 kg");
    const data = sampleRecord(as16, "Shift");
    const [row] = rowsOf({ ...saved, data });
    expect(row[headers.indexOf("G. Inventory of cylinders – Total")]).toBe(45); // 1 + 2 + … + 9
    expect(row[headers.indexOf("Date and time")]).toBe("2025-03-14T09:30");
    expect(columns[headers.indexOf("Date and time")].type).toBe("datetime");
  });

  it.each(
    formats.map((definition) => [definition.code, definition] as const),
  )("%s: every value of a filled-in record is in a column, each column headed once", (_, definition) => {
    const { columns, rowsOf } = sopRecordsLayout(definition);
    const headers = columns.map((column) => column.header);
    expect(new Set(headers).size).toBe(headers.length);
    const data = sampleRecord(definition, "Every");
    const rows = rowsOf({ ...saved, data });
    for (const row of rows) expect(row).toHaveLength(columns.length);
    const cells = new Set(rows.flat());
    const leaves = leavesOf(data);
    for (const value of leaves.filter((leaf) => typeof leaf !== "boolean")) expect(cells).toContain(value);
    // Booleans (Yes / No answers, ticks) read as the paper shows them: one cell each.
    const answers = rows.flat().filter((cell) => BOOLEAN_CELLS.has(cell as string)).length;
    expect(answers).toBeGreaterThanOrEqual(leaves.filter((leaf) => typeof leaf === "boolean").length);
  });
});
