import { and, count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { contractsKind } from "#app/contracts/import.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { action as previewAction } from "#app/imports/routes/preview.tsx";
import { action as uploadAction } from "#app/imports/routes/upload.tsx";
import { imports } from "#app/imports/table.server.ts";
import { sparesKind } from "#app/spares/import.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { ImportKind } from "#app/spreadsheets/import-kind.ts";
import {
  EXTRA_IMPORT_COLUMNS,
  importMessages,
  MAX_IMPORT_ROWS,
  MAX_PREVIEWS_PER_PERSON,
  MAX_SHARED_STRINGS,
} from "#app/spreadsheets/import-rules.ts";
import { rackItemsKind } from "#app/store-racks/import.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, ORIGIN, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Imports bounded in every dimension (issue 31): hostile workbooks made here (exceljs, and JSZip
// for what exceljs would not write) are refused with a 400 naming the limit, before the server
// spends its time and memory on them (a reading that blocked as before would time the test out);
// NUL bytes never reach PostgreSQL; a confirmation re-checks the preview's keys.

const staff = await signedInUser();
const [{ id: staffId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));

const SPARES = sparesKind("Electrician");
const headersOf = (kind: ImportKind) => kind.template.map((column) => column.header);
const SPARE_ROW = [990_001, "Pump", "Seal", 1, 1, 1, null, ""];

type Params = { department: string } | { kind: string };
const sparesAt = { path: "/import/products/Electrician", params: { department: "Electrician" } };
const kindAt = (kind: string) => ({ path: `/import/${kind}`, params: { kind } });

async function upload(file: File, at: { path: string; params: Params } = sparesAt) {
  const form = new FormData();
  form.set("file", file);
  const request = new Request(new URL(at.path, ORIGIN), {
    method: "POST",
    body: form,
    headers: { cookie: staff.cookie, origin: ORIGIN },
  });
  return run(uploadAction, request, at.params);
}

/** The upload's refusal: its status and message. */
async function refusal(file: File, at?: { path: string; params: Params }) {
  const answer = await upload(file, at);
  return {
    status: answer.status,
    error: answer.status === 302 ? "" : ((await answer.json()) as { error: string }).error,
  };
}

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void, headers = headersOf(SPARES)) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Sheet");
  sheet.addRow(headers);
  fill(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A workbook with one part replaced (or added), zipped again. */
async function withPart(bytes: Buffer, name: string, content: string) {
  const zip = await JSZip.loadAsync(bytes);
  zip.file(name, content);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } });
}

/** Sets the sizes a zip declares for its part `name` (local header and central directory). */
function declareSize(bytes: Buffer, name: string, size: number) {
  const copy = Buffer.from(bytes);
  const label = Buffer.from(name);
  for (let at = copy.indexOf(label); at >= 0; at = copy.indexOf(label, at + 1)) {
    if (copy.readUInt32LE(at - 30) === 0x04034b50) copy.writeUInt32LE(size, at - 30 + 22);
    else if (copy.readUInt32LE(at - 46) === 0x02014b50) copy.writeUInt32LE(size, at - 46 + 24);
  }
  return copy;
}

const xlsx = (bytes: Uint8Array, name = "hostile.xlsx") => new File([new Uint8Array(bytes)], name);
const importsOf = async () =>
  (await db.select({ n: count() }).from(imports).where(eq(imports.createdBy, staffId)))[0].n;

describe("hostile workbooks are refused with the limit's message", () => {
  const cap = SPARES.columns.length + EXTRA_IMPORT_COLUMNS;

  it("a value in the last column (XFD) on 2,000 rows: refused, naming the columns", async () => {
    const bytes = await workbook((sheet) => {
      for (let n = 2; n <= 2_001; n++) sheet.getRow(n).getCell(16_384).value = "x";
    });
    expect(await refusal(xlsx(bytes))).toEqual({
      status: 400,
      error: importMessages.tooManyColumns(cap, "XFD"),
    });
  });

  it("a value just past the template's columns and margin is refused; one within it is an unknown column", async () => {
    const past = await workbook((sheet) => {
      sheet.addRow(SPARE_ROW);
      sheet.getRow(2).getCell(cap + 1).value = "note";
    });
    const answer = await refusal(xlsx(past));
    expect(answer.status).toBe(400);
    expect(answer.error).toContain(`beyond the ${cap} columns`);
  });

  it("a CSV of wide lines: refused the same way; empty cells past the columns are ignored", async () => {
    const header = headersOf(SPARES).join(",");
    const wide = `${header}\r\n${SPARE_ROW.map((cell) => cell ?? "").join(",")}${",".repeat(16_000)}x`;
    const answer = await refusal(new File([wide], "wide.csv"));
    expect(answer.status).toBe(400);
    expect(answer.error).toMatch(/^The file has values in column [A-Z]+, beyond the \d+ columns/);
    const trailing = `${header}\r\n${SPARE_ROW.map((cell) => cell ?? "").join(",")}${",".repeat(16_000)}`;
    expect((await upload(new File([trailing], "trailing.csv"))).status).toBe(302);
  });

  it("more rows than an import takes: refused, naming the limit", async () => {
    const bytes = await workbook((sheet) => {
      for (let n = 0; n <= MAX_IMPORT_ROWS + 1_000; n++) sheet.addRow([n + 1]);
    });
    expect(await refusal(xlsx(bytes))).toEqual({ status: 400, error: importMessages.tooManyRows });
    expect(importMessages.tooManyRows).toContain("20,000 rows");
  });

  it("a part that unzips to 70 MB (a zip bomb): refused by its declared size, and when it lies, while inflating", async () => {
    const base = await workbook((sheet) => sheet.addRow(SPARE_ROW));
    const bomb = await withPart(base, "xl/bomb.xml", `<x>${" ".repeat(70 * 1024 * 1024)}</x>`);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(xlsx(bomb))).toEqual({ status: 400, error: importMessages.tooLargeUnzipped });
    const lying = declareSize(bomb, "xl/bomb.xml", 1_000);
    expect(await refusal(xlsx(lying))).toEqual({ status: 400, error: importMessages.tooLargeUnzipped });
  });

  it("a small workbook of huge or countless shared strings: refused before they are read", async () => {
    const base = await workbook((sheet) => sheet.addRow(SPARE_ROW));
    const huge = await withPart(
      base,
      "xl/sharedStrings.xml",
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${"a".repeat(40 * 1024 * 1024)}</t></si></sst>`,
    );
    expect(await refusal(xlsx(huge))).toEqual({ status: 400, error: importMessages.tooManyStrings });
    const many = await withPart(
      base,
      "xl/sharedStrings.xml",
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${"<si><t>a</t></si>".repeat(MAX_SHARED_STRINGS + 1)}</sst>`,
    );
    expect(await refusal(xlsx(many))).toEqual({ status: 400, error: importMessages.tooManyStrings });
  });

  it("nothing of a refused file is kept", async () => {
    const before = await importsOf();
    const bytes = await workbook((sheet) => {
      sheet.getRow(2).getCell(16_384).value = "x";
    });
    expect((await upload(xlsx(bytes))).status).toBe(400);
    expect(await importsOf()).toBe(before);
  });
});

describe("NUL and other control characters", () => {
  it("in a cell of a CSV or a workbook, and in the file's name: dropped, the preview made", async () => {
    const csv = `\uFEFF${headersOf(SPARES).join(",")}\r\n990101,Pu\u0000mp\u0007,Seal,1,1,1,,\r\n`;
    const answer = await upload(new File([csv], "spa\u0000res\u0001.csv"));
    expect(answer.status).toBe(302);
    const id = (answer.headers.get("location") ?? "").split("/").pop() ?? "";
    const [saved] = await db.select().from(imports).where(eq(imports.id, id));
    expect(saved.fileName).toBe("spares.csv");
    expect(JSON.stringify(saved.rows)).not.toMatch(/\\u000[0-7]/);
    expect((saved.rows as { texts: Record<string, string> }[])[0].texts.Assets).toBe("Pump");

    const bytes = await workbook((sheet) =>
      sheet.addRow([990_102, "Val\u0000ve", "Seal", 1, 1, 1, null, ""]),
    );
    const book = await upload(xlsx(bytes, "val\u0000ves.xlsx"));
    expect(book.status).not.toBe(500);
    if (book.status === 302) {
      const bookId = (book.headers.get("location") ?? "").split("/").pop() ?? "";
      const [stored] = await db.select().from(imports).where(eq(imports.id, bookId));
      expect(stored.fileName).toBe("valves.xlsx");
      expect(JSON.stringify(stored.rows)).not.toContain("\\u0000");
    }
  });
});

describe("a person's previews", () => {
  it(`are kept ${MAX_PREVIEWS_PER_PERSON} at most, the newest`, async () => {
    const ids: string[] = [];
    for (let n = 0; n < MAX_PREVIEWS_PER_PERSON + 2; n++) {
      const csv = `${headersOf(SPARES).join(",")}\r\n${990_200 + n},Pump,Seal,1,1,1,,\r\n`;
      const answer = await upload(new File([csv], `p${n}.csv`));
      expect(answer.status).toBe(302);
      ids.push((answer.headers.get("location") ?? "").split("/").pop() ?? "");
    }
    const waiting = await db
      .select({ id: imports.id })
      .from(imports)
      .where(and(eq(imports.createdBy, staffId), eq(imports.status, "preview")));
    expect(waiting.map((row) => row.id).sort()).toEqual(ids.slice(-MAX_PREVIEWS_PER_PERSON).sort());
  });
});

describe("confirming after someone else added the same key", () => {
  async function previewed(file: File, at: { path: string; params: Params }) {
    const answer = await upload(file, at);
    expect(answer.status).toBe(302);
    const location = answer.headers.get("location") ?? "";
    return { location, id: location.split("/").pop() ?? "" };
  }
  const confirm = ({ location, id }: { location: string; id: string }, params: Params) =>
    run(previewAction, buildRequest(location, { form: {}, cookie: staff.cookie }), { ...params, id });
  const errorOf = async (answer: Response) => ((await answer.json()) as { error: string }).error;

  it("spares: the import is stale, never a 500", async () => {
    const csv = `${headersOf(SPARES).join(",")}\r\n990300,Pump,Seal,1,1,1,,\r\n`;
    const preview = await previewed(new File([csv], "s.csv"), sparesAt);
    await db.insert(inventoryItems).values({
      department: "Electrician",
      srno: 990_300,
      assets: "Pump",
      componentsAndEquipments: "Seal",
      availableStock: 0,
      minStock: 0,
      leadTimeDays: 0,
    });
    const answer = await confirm(preview, sparesAt.params);
    expect(answer.status).not.toBe(500);
    expect(await errorOf(answer)).toBe(importMessages.stale);
  });

  it("rack items: stale, no second item of the key", async () => {
    const at = kindAt("rack-items");
    const csv = `${headersOf(rackItemsKind).join(",")}\r\n3,A,Widget 31,1,0,0,1\r\n`;
    const preview = await previewed(new File([csv], "r.csv"), at);
    await db.insert(rackItems).values({
      rackNumber: 3,
      section: "B",
      materialName: "Widget 31",
      availableStock: 0,
      closingStock: 0,
    });
    expect(await errorOf(await confirm(preview, at.params))).toBe(importMessages.stale);
    const [{ n }] = await db
      .select({ n: count() })
      .from(rackItems)
      .where(eq(rackItems.materialName, "Widget 31"));
    expect(n).toBe(1);
  });

  it("contracts: stale, no second contract of the key", async () => {
    const at = kindAt("contracts");
    const csv = `${headersOf(contractsKind).join(",")}\r\nBoiler 31,Thermax,2026-04-01,2027-03-31,Yearly,,,,,,,\r\n`;
    const preview = await previewed(new File([csv], "c.csv"), at);
    await db.insert(contracts).values({ equipment: "Boiler 31", company: "Thermax" });
    expect(await errorOf(await confirm(preview, at.params))).toBe(importMessages.stale);
    const [{ n }] = await db
      .select({ n: count() })
      .from(contracts)
      .where(eq(contracts.equipment, "Boiler 31"));
    expect(n).toBe(1);
  });
});
