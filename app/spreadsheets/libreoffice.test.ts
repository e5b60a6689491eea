import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";
import { writeCsv } from "#app/spreadsheets/writer.server.ts";

// What a spreadsheet program makes of our CSV: the workbooks in tests/fixtures/exports/ are the
// CSV below as LibreOffice 7.4 opened it in the en-US, en-GB and en-IN locales (its CSV filter,
// UTF-8, comma-separated, "detect special numbers" off as its dialog starts) and saved it as .xlsx.
// LibreOffice is not needed to run this test; to make the fixtures again after the CSV changes:
//   LIBREOFFICE_FIXTURES=1 npx vitest run --project unit app/spreadsheets/libreoffice.test.ts

const FIXTURES = join(import.meta.dirname, "../../tests/fixtures/exports");
const LOCALES = { "en-US": 1033, "en-GB": 2057, "en-IN": 16393 } as const;

const spec: ExportSpec = {
  what: "libreoffice",
  columns: [
    { header: "Name", type: "text" },
    { header: "Date", type: "date" },
    { header: "Saved at", type: "datetime" },
    { header: "Mobile", type: "text" },
    { header: "Stock", type: "number" },
  ],
  sheets: [
    {
      name: "Rows",
      rows: async function* () {
        yield [
          ["Spaced phone", "2026-01-04", "2026-01-04T09:05", "+91 98220 12345", "12.500"],
          ["Late in the month", "2026-11-23", "2026-11-23T23:59", "+44 20 7946 0958", "-2"],
          ["Phone without spaces", "2026-12-31", null, "+919822012345", null],
          ["Phone with dashes", null, null, "+91-98220-12345", "0"],
          ['=HYPERLINK("http://evil.test","x")', null, null, "+1+cmd|' /C calc'!A0", null],
          ["@SUM(1+1)", null, null, "-2+3", null],
        ];
      },
    },
  ],
};

async function csvBytes() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(spec, out);
  out.end();
  return Buffer.concat(chunks);
}

const csvFixture = join(FIXTURES, "libreoffice.csv");
const workbookFixture = (locale: keyof typeof LOCALES) => join(FIXTURES, `libreoffice-${locale}.xlsx`);

/** Makes the fixtures with the machine's LibreOffice (soffice on the PATH). */
function makeFixtures(csv: Buffer) {
  writeFileSync(csvFixture, csv);
  const work = mkdtempSync(join(tmpdir(), "plantops-libreoffice-"));
  for (const [locale, language] of Object.entries(LOCALES)) {
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${work}/profile`,
        "--headless",
        `--infilter=CSV:44,34,76,1,,${language}`,
        "--convert-to",
        "xlsx",
        "--outdir",
        work,
        csvFixture,
      ],
      { stdio: "ignore", timeout: 120_000 },
    );
    renameSync(join(work, "libreoffice.xlsx"), workbookFixture(locale as keyof typeof LOCALES));
  }
}

describe("a CSV export opened in LibreOffice", () => {
  let csv: Buffer;
  beforeAll(async () => {
    csv = await csvBytes();
    if (process.env.LIBREOFFICE_FIXTURES) makeFixtures(csv);
  }, 300_000);

  it("is the CSV the fixtures were made from (else make them again, see above)", () => {
    expect(csv.toString("utf8")).toBe(readFileSync(csvFixture, "utf8"));
  });

  describe.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])("in %s", (locale) => {
    const rows = async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(workbookFixture(locale));
      const sheet = workbook.worksheets[0];
      return [2, 3, 4, 5, 6, 7].map((row) => sheet.getRow(row));
    };

    it("has dates and date-times as dates, 4 January read as January", async () => {
      const [first, second, third] = await rows();
      expect(first.getCell(2).type).toBe(ExcelJS.ValueType.Date);
      expect(first.getCell(2).value).toEqual(new Date(Date.UTC(2026, 0, 4)));
      expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 0, 4, 9, 5)));
      expect(second.getCell(2).value).toEqual(new Date(Date.UTC(2026, 10, 23)));
      expect(second.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 23, 23, 59)));
      expect(third.getCell(2).value).toEqual(new Date(Date.UTC(2026, 11, 31)));
      expect(first.getCell(5).value).toBe(12.5);
    });

    it("shows a phone number written with spaces as it is, without an apostrophe", async () => {
      const [first, second] = await rows();
      expect(first.getCell(4).type).toBe(ExcelJS.ValueType.String);
      expect(first.getCell(4).value).toBe("+91 98220 12345");
      expect(second.getCell(4).value).toBe("+44 20 7946 0958");
    });

    it("keeps every guarded text as text, never a formula", async () => {
      const all = await rows();
      const guarded = [
        all[2].getCell(4),
        all[3].getCell(4),
        ...all.slice(4).flatMap((row) => [row.getCell(1), row.getCell(4)]),
      ];
      expect(guarded.map((cell) => cell.value)).toEqual([
        "'+919822012345",
        "'+91-98220-12345",
        '\'=HYPERLINK("http://evil.test","x")',
        "'+1+cmd|' /C calc'!A0",
        "'@SUM(1+1)",
        "'-2+3",
      ]);
      for (const cell of guarded) expect(cell.type).toBe(ExcelJS.ValueType.String);
    });
  });
});
