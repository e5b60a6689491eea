import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  columnWidth,
  csvCell,
  excelCell,
  exportFileName,
  exportFormatOf,
  fromCsvText,
  MAX_WIDTH,
  periodInFileName,
  sheetName,
  toCsvText,
} from "#app/spreadsheets/cells.ts";

describe("formula injection", () => {
  it.each([
    "=1+1",
    "+1",
    "-2",
    "@SUM(A1)",
    "\tx",
    "\rx",
    // Not a phone number written with spaces (a plus and digits with spaces, which no
    // spreadsheet runs: below), so these keep the apostrophe too.
    "+1+cmd|' /C calc'!A0",
    "+91 98220 12345+cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.test","+91 98220 12345")',
    "+919822012345",
    "+91-98220-12345",
    "+91  98220 12345",
    "+91 98220 12345 ",
    "+91 98220\t12345",
    "+ 91 98220",
    "+91",
    "-91 98220 12345",
  ])("prefixes %j with an apostrophe in a CSV", (text) => {
    expect(toCsvText(text)).toBe(`'${text}`);
    expect(csvCell("text", text)).toBe(`'${text}`);
  });

  it("leaves ordinary text, and numbers in number columns, alone", () => {
    expect(toCsvText("Motor 5")).toBe("Motor 5");
    expect(toCsvText("'quoted'")).toBe("'quoted'");
    expect(csvCell("number", "-2.500")).toBe("-2.5");
  });

  it.each([
    "+91 98220 12345",
    "+1 555 0100",
    "+44 20 7946 0958",
  ])("writes the phone number %j as it is: a plus and digits with spaces, which no spreadsheet runs", (text) => {
    expect(toCsvText(text)).toBe(text);
    expect(csvCell("text", text)).toBe(text);
    expect(fromCsvText(text)).toBe(text);
  });

  it("imports a phone number exported with the apostrophe before (older files) as the number", () => {
    expect(fromCsvText("'+91 98220 12345")).toBe("+91 98220 12345");
    expect(fromCsvText(toCsvText("'+91 98220 12345"))).toBe("'+91 98220 12345");
  });

  it("prefixes a text whose own apostrophes come before a formula's first character", () => {
    // Found by the round trip below: "'-" came back as "-".
    expect(toCsvText("'-ve earth")).toBe("''-ve earth");
    expect(fromCsvText("''-ve earth")).toBe("'-ve earth");
    expect(fromCsvText(toCsvText("''=1"))).toBe("''=1");
  });

  it("takes the apostrophe off again on import: any text survives the round trip", () => {
    fc.assert(fc.property(fc.string(), (text) => fromCsvText(toCsvText(text)) === text));
    // Texts made of apostrophes and formula characters, which random strings rarely start with.
    const tricky = fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "x") });
    fc.assert(fc.property(tricky, (text) => fromCsvText(toCsvText(text)) === text));
    // Phone-like texts, written with or without their apostrophe.
    const phoneLike = fc.string({ unit: fc.constantFrom("'", "+", " ", "1", "9", "-", "=") });
    fc.assert(fc.property(phoneLike, (text) => fromCsvText(toCsvText(text)) === text));
    const phones = fc
      .array(fc.stringMatching(/^\d{1,5}$/), { minLength: 2, maxLength: 4 })
      .map((groups) => `+${groups.join(" ")}`);
    fc.assert(
      fc.property(phones, fc.constantFrom("", "'", "''"), (phone, quotes) => {
        const text = quotes + phone;
        return fromCsvText(toCsvText(text)) === text && (quotes !== "" || toCsvText(text) === text);
      }),
    );
  });
});

describe("cells", () => {
  it("reads PostgreSQL's numeric text as numbers and blanks as empty cells", () => {
    expect(excelCell("number", "1234.500")).toBe(1234.5);
    expect(excelCell("integer", 7)).toBe(7);
    expect(excelCell("number", null)).toBeNull();
    expect(csvCell("number", null)).toBe("");
  });

  it("writes calendar dates as Excel dates (UTC fields) and ISO 8601 in a CSV, read as dates in any locale", () => {
    expect(excelCell("date", "2026-11-23")).toEqual(new Date(Date.UTC(2026, 10, 23)));
    expect(csvCell("date", "2026-11-23")).toBe("2026-11-23");
    expect(csvCell("date", "2026-01-04")).toBe("2026-01-04");
    expect(excelCell("datetime", "2026-11-23T09:05")).toEqual(new Date(Date.UTC(2026, 10, 23, 9, 5)));
    expect(csvCell("datetime", "2026-11-23T09:05")).toBe("2026-11-23 09:05");
    expect(excelCell("date", null)).toBeNull();
    expect(csvCell("date", "not a date")).toBe("");
  });
});

describe("names and widths", () => {
  it("names the file by what and the plant's date", () => {
    expect(exportFileName("Electrician", "2026-11-23", "xlsx")).toBe("plantops-electrician-2026-11-23.xlsx");
    expect(exportFileName("AS11-records", "2026-11-23", "csv")).toBe("plantops-as11-records-2026-11-23.csv");
    expect(exportFileName("../..", "2026-11-23", "csv")).toBe("plantops-export-2026-11-23.csv");
  });

  it("names a period's file by its first and last day (an open end runs to today)", () => {
    expect(periodInFileName("2026-11-01", "2026-11-30", "2026-11-23")).toBe("2026-11-01-to-2026-11-30");
    expect(periodInFileName("2026-10-01", null, "2026-11-23")).toBe("2026-10-01-to-2026-11-23");
    expect(periodInFileName(null, "2026-10-31", "2026-11-23")).toBe("to-2026-10-31");
    expect(periodInFileName(null, null, "2026-11-23")).toBe("2026-11-23");
    expect(exportFileName("stock-report", "2026-11-01-to-2026-11-30", "xlsx")).toBe(
      "plantops-stock-report-2026-11-01-to-2026-11-30.xlsx",
    );
  });

  it("keeps sheet names within Excel's rules", () => {
    expect(sheetName("a/b:c*d?e[f]g\\h")).toBe("a b c d e f g h");
    expect(sheetName("x".repeat(40))).toHaveLength(31);
    expect(sheetName("")).toBe("Sheet");
  });

  it("fits a column to its header and widest sampled cell, within bounds", () => {
    expect(columnWidth({ header: "Assets", type: "text" }, ["Motor"])).toBe(8);
    expect(columnWidth({ header: "Assets", type: "text" }, ["A much longer asset name"])).toBe(26);
    expect(columnWidth({ header: "Assets", type: "text" }, ["x".repeat(500)])).toBe(MAX_WIDTH);
  });

  it("reads ?format= as xlsx or csv only", () => {
    expect(exportFormatOf(new URLSearchParams("format=xlsx"))).toBe("xlsx");
    expect(exportFormatOf(new URLSearchParams("format=csv"))).toBe("csv");
    expect(exportFormatOf(new URLSearchParams("format=pdf"))).toBeNull();
    expect(exportFormatOf(new URLSearchParams(""))).toBeNull();
  });
});
