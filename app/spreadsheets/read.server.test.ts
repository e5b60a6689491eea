import ExcelJS from "exceljs";
import fc from "fast-check";
import iconv from "iconv-lite";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { cleanText } from "#app/lib/text.ts";
import { type ImportColumn, importMessages, readNotes } from "#app/spreadsheets/import-rules.ts";
import { readUpload, readXlsxStreaming, readXlsxWhole } from "#app/spreadsheets/read.server.ts";

// The workbook readers (app/spreadsheets/read.server.ts): the streaming one, and the whole-workbook one
// a valid workbook falls back to when exceljs's streaming reader throws.

type Sheet = { name: string; rows: (string | number | null)[][] };

async function workbook(sheets: Sheet[]) {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const added = book.addWorksheet(sheet.name);
    for (const row of sheet.rows) added.addRow(row);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The same workbook with its zip entries in another order (the first matching pattern first). */
async function reordered(bytes: Uint8Array, order: RegExp[]) {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir);
  const rank = (name: string) => {
    const at = order.findIndex((pattern) => pattern.test(name));
    return at === -1 ? order.length : at;
  };
  const out = new JSZip();
  for (const name of [...names].sort((a, b) => rank(a) - rank(b)))
    out.file(name, await zip.files[name].async("uint8array"));
  return new Uint8Array(await out.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
}

const PARTS = {
  header: ["Rack", "File Number", "File Name"],
  rows: [
    ["Rack1A", 5, "Permits"],
    ["Rack2B", 7, "Fire drills"],
  ],
};

describe("a workbook whose xl/workbook.xml comes after its sheets", () => {
  it("is read (exceljs's streaming reader throws on it; the whole-workbook reader does not)", async () => {
    // Relationships and shared strings before the sheet, the workbook part after it: the order
    // in which exceljs's streaming reader parses the sheet before it knows the workbook.
    const bytes = await reordered(await workbook([{ name: "Files", rows: [PARTS.header, ...PARTS.rows] }]), [
      /^\[Content_Types\]/,
      /^_rels\//,
      /^xl\/_rels\//,
      /^xl\/sharedStrings/,
      /^xl\/styles/,
      /^xl\/worksheets\//,
    ]);
    await expect(readXlsxStreaming(bytes)).rejects.toThrow(TypeError);
    expect(await readUpload(new File([bytes], "files.xlsx"))).toEqual({
      ok: true,
      headers: PARTS.header,
      rows: [
        { line: "2", cells: PARTS.rows[0] },
        { line: "3", cells: PARTS.rows[1] },
      ],
      notes: [],
    });
  });
});

describe("the whole-workbook reader", () => {
  it("reads any workbook as the streaming reader does", async () => {
    const cell = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -1000, max: 1000 }),
      fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/),
    );
    const sheet = fc.record({
      name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/),
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(sheet, { minLength: 1, maxLength: 3, selector: (s) => s.name.toLowerCase() }),
        async (sheets) => {
          const bytes = await workbook(sheets);
          // The streaming reader's own race (readXlsx) strikes here too, now and then, on a quiet
          // machine: such a draw compares nothing and is drawn again.
          const streamed = await readXlsxStreaming(bytes).catch(() => null);
          fc.pre(streamed !== null);
          expect(await readXlsxWhole(bytes)).toEqual(streamed);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("a CSV file's text encoding", () => {
  const header = "Name,Where\r\n";
  const body = "Café gasket,80 °C – 120 °C\r\n";
  const expected = {
    ok: true,
    headers: ["Name", "Where"],
    rows: [{ line: "2", cells: ["Café gasket", "80 °C – 120 °C"] }],
  };
  const read = (bytes: Buffer) => readUpload(new File([new Uint8Array(bytes)], "parts.csv"));

  it("reads UTF-8, with or without its byte order mark", async () => {
    const utf8 = Buffer.from(header + body, "utf8");
    expect(await read(utf8)).toEqual({ ...expected, notes: [] });
    expect(await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toEqual({
      ...expected,
      notes: [],
    });
  });

  it("reads Windows-1252 (Excel's CSV on Windows) and UTF-16 (with its mark), and says so", async () => {
    expect(await read(iconv.encode(header + body, "windows-1252"))).toEqual({
      ...expected,
      notes: [readNotes.encoding("Windows-1252")],
    });
    const utf16 = { ...expected, notes: [readNotes.encoding("UTF-16")] };
    expect(await read(iconv.encode(header + body, "utf-16le", { addBOM: true }))).toEqual(utf16);
    expect(await read(iconv.encode(header + body, "utf-16be", { addBOM: true }))).toEqual(utf16);
    // Excel's "Unicode Text": UTF-16 separated by tabs.
    expect(
      await read(iconv.encode((header + body).replaceAll(",", "\t"), "utf-16le", { addBOM: true })),
    ).toEqual(utf16);
  });

  it("refuses text it cannot tell, rather than import wrong characters", async () => {
    const refused = { ok: false, message: importMessages.encoding };
    // UTF-16 without its mark: NUL bytes between the letters.
    expect(await read(iconv.encode(header + body, "utf-16le"))).toEqual(refused);
    // Bytes Windows-1252 leaves undefined (0x81, 0x8D).
    expect(await read(Buffer.from([...Buffer.from(header), 0x81, 0x8d, 0x2c, 0x41]))).toEqual(refused);
  });
});

describe("the header row", () => {
  const columns: ImportColumn[] = [
    { header: "Rack", field: "rackName", required: true },
    { header: "Sr. No", field: "number", required: true, kind: "number" },
    { header: "Name of the File", field: "name", required: true },
  ];
  const csv = (lines: string[]) => readUpload(new File([lines.join("\r\n")], "files.csv"), columns);

  it("is found below title rows, which are skipped with a note", async () => {
    expect(
      await csv([
        "File index of the plant,,",
        "printed 26/11/2026,,",
        ",,",
        "Rack,Sr. No,Name of the File",
        "Rack1A,5,Permits",
      ]),
    ).toEqual({
      ok: true,
      headers: ["Rack", "Sr. No", "Name of the File"],
      rows: [{ line: "5", cells: ["Rack1A", "5", "Permits"] }],
      notes: [readNotes.titleRows(["1", "2"])],
    });
  });

  it("skips a units row right under it, with a note", async () => {
    expect(await csv(["Rack,Sr. No,Name of the File", ",no.,", "Rack1A,5,Permits"])).toEqual({
      ok: true,
      headers: ["Rack", "Sr. No", "Name of the File"],
      rows: [{ line: "3", cells: ["Rack1A", "5", "Permits"] }],
      notes: [readNotes.unitsRow("2", ["no."])],
    });
  });

  it("is the row naming the most columns when none names them all (the message names the rest)", async () => {
    const read = await csv(["Files,,", "Rack,Number,Name of the File", "Rack1A,5,Permits"]);
    expect(read).toMatchObject({ ok: true, headers: ["Rack", "Number", "Name of the File"] });
  });

  it("is searched for in each sheet of a workbook", async () => {
    const bytes = await workbook([
      {
        name: "One",
        rows: [["Store files"], ["Rack", "Sr. No", "Name of the File"], ["Rack1A", 5, "Permits"]],
      },
      {
        name: "Two",
        rows: [["More files"], ["Rack", "Sr. No", "Name of the File"], ["Rack2A", 6, "Drills"]],
      },
    ]);
    expect(await readUpload(new File([bytes], "files.xlsx"), columns)).toEqual({
      ok: true,
      headers: ["Rack", "Sr. No", "Name of the File"],
      rows: [
        { line: "One!3", cells: ["Rack1A", 5, "Permits"] },
        { line: "Two!3", cells: ["Rack2A", 6, "Drills"] },
      ],
      notes: [readNotes.titleRows(["One!1"]), readNotes.titleRows(["Two!1"])],
    });
  });
});

describe("bounds (issue 31)", () => {
  const columns: ImportColumn[] = [
    { header: "Name", field: "name", required: true },
    { header: "Qty", field: "qty", required: false, kind: "number" },
  ];

  it("drops NUL and the other control characters but tab, CR and LF (the shared cleanText)", () => {
    expect(cleanText("a\u0000b\u0001c\u001fd\u007fe\tf\r\ng")).toBe("abcde\tf\r\ng");
  });

  it("ignores empty formatted cells past the columns, refuses a value there, naming its column", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Sheet");
    sheet.addRow(["Name", "Qty"]);
    sheet.addRow(["Bolt", 3]);
    sheet.getRow(2).getCell(40).border = { top: { style: "thin" } };
    const formatted = new Uint8Array(await book.xlsx.writeBuffer());
    const read = await readUpload(new File([formatted], "f.xlsx"), columns);
    expect(read.ok && read.rows.map((row) => row.cells)).toEqual([["Bolt", 3]]);

    sheet.getRow(2).getCell(40).value = "note";
    const valued = new Uint8Array(await book.xlsx.writeBuffer());
    expect(await readUpload(new File([valued], "v.xlsx"), columns)).toEqual({
      ok: false,
      message: importMessages.tooManyColumns(12, "AN"),
    });
  });
});
