import { count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { contractsKind } from "#app/contracts/import.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { filesKind } from "#app/file-index/import.server.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import { type PreviewRow, previewImport } from "#app/imports/engine.server.ts";
import { imports } from "#app/imports/table.server.ts";
import { sparesKind } from "#app/spares/import.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { ImportKind } from "#app/spreadsheets/import-kind.ts";
import { headerKey, importMessages, MAX_IMPORT_BYTES } from "#app/spreadsheets/import-rules.ts";
import { rackItemsKind } from "#app/store-racks/import.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { signedInUser } from "#tests/support/users.ts";

// Bad files (issue 18), generated (fast-check), for every kind of import: random bytes, truncated
// workbooks, empty files, files of another type, a header with no rows, a huge cell, unknown and
// missing columns. Each gets a clear message (or, for a cell, the row's error) and nothing is
// stored: no record in the list, no waiting preview; never a throw, which a page would turn into
// a 500.

const user = await signedInUser();
const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));

/** Each kind, a row it accepts (by its template's columns) and the text cell a huge value goes in. */
const KINDS: {
  name: string;
  kind: ImportKind;
  row: unknown[];
  textColumn: number;
  field: string;
  /** The form's longest text in that column. */
  maxText: number;
}[] = [
  {
    name: "spares",
    kind: sparesKind("Electrician"),
    row: [990_001, "Pump", "Seal", 1, 1, 1, null, ""],
    textColumn: 1,
    field: "Assets",
    maxText: 500,
  },
  {
    name: "rack items",
    kind: rackItemsKind,
    row: [3, "A", "Bolt", 1, 0, 0, 1],
    textColumn: 2,
    field: "materialName",
    maxText: 200,
  },
  {
    name: "contracts",
    kind: contractsKind,
    row: ["Fire pump", "Kirloskar", "2026-04-01", "2027-03-31", "Yearly", "", "", "", "", "", "", ""],
    textColumn: 1,
    field: "company",
    maxText: 200,
  },
  {
    name: "files",
    kind: filesKind,
    row: ["Rack1A", 5, "Permits"],
    textColumn: 2,
    field: "name",
    maxText: 200,
  },
];

const headersOf = (kind: ImportKind) => kind.template.map((column) => column.header);

/** Every record of every list, and the imports waiting or done: what "nothing stored" compares. */
async function stored() {
  const counts = await Promise.all(
    [inventoryItems, rackItems, contracts, rackFiles, imports].map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row.n;
    }),
  );
  return counts.join(",");
}

async function workbook(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Sheet");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const csv = (rows: unknown[][]) =>
  rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell))).join(",")).join("\r\n");

const FIXED_MESSAGES = new Set(
  Object.values(importMessages).filter((message): message is string => typeof message === "string"),
);

/** A message the upload form may show for a file: one of the limits', or the columns'. */
const isFileMessage = (message: string) =>
  FIXED_MESSAGES.has(message) ||
  message.startsWith("The file lacks") ||
  message.startsWith("The file has column");

describe.each(KINDS)("bad files for $name", ({ kind, row, textColumn, field, maxText }) => {
  const headers = headersOf(kind);

  it("random bytes under any name: a message, nothing stored", async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom("a.xlsx", "a.csv", "a.txt", "a.bin", "a.pdf", "noextension"),
        async (bytes, name) => {
          const outcome = await previewImport(db, kind, new File([bytes], name), userId);
          expect(outcome.ok).toBe(false);
          if (!outcome.ok) expect(isFileMessage(outcome.message), outcome.message).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
    expect(await stored()).toBe(before);
  });

  it("a workbook cut short anywhere: damaged (or empty), nothing stored", async () => {
    const whole = await workbook([headers, row]);
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: whole.length - 1 }), async (length) => {
        const outcome = await previewImport(db, kind, new File([whole.slice(0, length)], "cut.xlsx"), userId);
        expect(outcome).toEqual({
          ok: false,
          reason: "unreadable",
          message: length === 0 ? importMessages.empty : importMessages.corrupt,
        });
      }),
      { numRuns: 30 },
    );
    expect(await stored()).toBe(before);
  });

  it("an empty file, no file, another type of file: their messages", async () => {
    const before = await stored();
    const answer = async (file: File | null) => previewImport(db, kind, file, userId);
    expect(await answer(null)).toEqual({ ok: false, reason: "unreadable", message: importMessages.noFile });
    expect(await answer(new File([], "list.xlsx"))).toEqual({
      ok: false,
      reason: "unreadable",
      message: importMessages.empty,
    });
    expect(await answer(new File([], "list.csv"))).toEqual({
      ok: false,
      reason: "unreadable",
      message: importMessages.empty,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 200 }).filter((bytes) => bytes[0] !== 0xd0),
        fc.constantFrom("list.pdf", "list.docx", "list.json", "list.ods", "list"),
        async (bytes, name) => {
          expect(await answer(new File([bytes], name))).toEqual({
            ok: false,
            reason: "unreadable",
            message: importMessages.wrongType,
          });
        },
      ),
      { numRuns: 20 },
    );
    expect(await answer(new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], "big.csv"))).toEqual({
      ok: false,
      reason: "unreadable",
      message: importMessages.tooLarge,
    });
    expect(await stored()).toBe(before);
  });

  it("a header row alone (with or without blank rows): 'no rows', nothing stored", async () => {
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5 }), fc.boolean(), async (blankRows, asCsv) => {
        const rows = [headers, ...Array.from({ length: blankRows }, () => headers.map(() => null))];
        const file = asCsv
          ? new File([csv(rows)], "header.csv")
          : new File([await workbook(rows)], "header.xlsx");
        expect(await previewImport(db, kind, file, userId)).toEqual({
          ok: false,
          reason: "unreadable",
          message: importMessages.noRows,
        });
      }),
      { numRuns: 12 },
    );
    expect(await stored()).toBe(before);
  });

  it("missing and unknown columns are named, nothing stored", async () => {
    const required = kind.columns.filter((column) => column.required && column.field);
    const known = new Set(kind.columns.map((column) => headerKey(column.header)));
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(required, { minLength: 0 }),
        fc.uniqueArray(
          fc
            .stringMatching(/^[A-Za-z][A-Za-z ]{0,14}[A-Za-z]$/)
            .filter((name) => !known.has(headerKey(name))),
          { maxLength: 3, selector: headerKey },
        ),
        fc.boolean(),
        async (dropped, unknown, asCsv) => {
          fc.pre(dropped.length + unknown.length > 0);
          const kept = kind.template
            .map((column) => column.header)
            .filter((header) => !dropped.some((column) => column.header === header));
          // A header row with no cell at all is "empty", tested above.
          fc.pre(kept.length + unknown.length > 0);
          const rows = [
            [...kept, ...unknown],
            [...kept.map(() => "1"), ...unknown.map(() => "x")],
          ];
          const file = asCsv
            ? new File([csv(rows)], "cols.csv")
            : new File([await workbook(rows)], "cols.xlsx");
          const expected = [
            dropped.length ? importMessages.missingColumns(dropped.map((column) => column.header)) : "",
            unknown.length ? importMessages.unknownColumns(unknown) : "",
          ]
            .filter(Boolean)
            .join(" ");
          expect(await previewImport(db, kind, file, userId)).toEqual({
            ok: false,
            reason: "columns",
            message: expected,
          });
        },
      ),
      { numRuns: 25 },
    );
    expect(await stored()).toBe(before);
  });

  it("a huge cell is that row's error (the form's 'at most' message) and writes no record", async () => {
    const records = await stored();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: maxText + 1, max: 300_000 }),
        fc.boolean(),
        async (length, asCsv) => {
          const huge = [...row];
          huge[textColumn] = "x".repeat(length);
          const rows = [headers, huge];
          const file = asCsv
            ? new File([csv(rows)], "huge.csv")
            : new File([await workbook(rows)], "huge.xlsx");
          const outcome = await previewImport(db, kind, file, userId);
          expect(outcome.ok).toBe(true);
          if (!outcome.ok) return;
          const [saved] = await db.select().from(imports).where(eq(imports.id, outcome.id));
          const [only] = saved.rows as PreviewRow[];
          expect(only.outcome).toBe("error");
          expect(only.errors?.[field]).toMatch(new RegExp(`at most ${maxText} characters`, "i"));
          await db.delete(imports).where(eq(imports.id, outcome.id));
        },
      ),
      { numRuns: 6 },
    );
    expect(await stored()).toBe(records);
  });
});
