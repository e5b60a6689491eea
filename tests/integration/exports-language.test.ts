import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { contractsKind } from "#app/contracts/import.server.ts";
import { loader as contractsApi } from "#app/contracts/routes/api-list.ts";
import { loader as contractsExport } from "#app/contracts/routes/export.ts";
import { db } from "#app/db/client.server.ts";
import { loader as fileIndexExport } from "#app/file-index/routes/export.ts";
import { previewFile } from "#app/imports/engine.server.ts";
import { loader as sparesExport } from "#app/spares/routes/export.ts";
import { createRackItem } from "#app/store-racks/queries.server.ts";
import { loader as racksExport } from "#app/store-racks/routes/export.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// An export downloaded from a page (issue 37) is headed in the language of the person downloading
// it: its column headers and sheet names; what people typed, the dates and the figures as they
// are. The /api's exports stay English, whoever asks.

const english = await signedInUser(); // the first account of the file's database is the admin
const hindi = await signedInUser();
await db.update(users).set({ role: "admin", language: "hi" }).where(eq(users.email, hindi.email));

beforeAll(async () => {
  await db.execute(sql`
    insert into contracts (equipment, company, validity_from, validity_to, pms, next_due_on)
    values ('Compressor', 'Acme', '2026-01-31', '2049-03-31', 'Monthly', '2049-01-01')`);
  await db.execute(
    sql`insert into rack_files (rack_name, file_number, name) values ('Rack1A', 1, 'Boiler licence')`,
  );
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock, min_stock,
      lead_time_days)
    values ('Electrician', 1, 'Motor', 'Bearing', 5, 2, 3)`);
  const [{ id }] = await db.select({ id: users.id }).from(users).where(eq(users.email, english.email));
  const created = await createRackItem(
    db,
    3,
    { section: "A", materialName: "Gasket" },
    { availableStock: 4, issue: 0, receipt: 0 },
    id,
  );
  if (!created.ok) throw new Error(created.message);
});

async function workbook(
  loader: Parameters<typeof run>[0],
  path: string,
  cookie: string,
  params: Record<string, string> = {},
) {
  const response = await run(loader, buildRequest(path, { cookie }), params);
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return book;
}

const header = (book: ExcelJS.Workbook) => (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
const row = (book: ExcelJS.Workbook) => (book.worksheets[0].getRow(2).values as unknown[]).slice(1, 3);

describe("an export for a person who reads Hindi", () => {
  it("heads the contracts' columns and names the sheet in Hindi; an English reader's stay English", async () => {
    const hi = await workbook(contractsExport, "/amc/export?format=xlsx", hindi.cookie);
    expect(hi.worksheets.map((sheet) => sheet.name)).toEqual(["कॉन्ट्रैक्ट"]);
    expect(header(hi).slice(0, 5)).toEqual(["उपकरण", "कंपनी", "वैधता कब से", "वैधता कब तक", "PMS"]);
    expect(header(hi).at(-1)).toBe("स्थिति");
    expect(row(hi)).toEqual(["Compressor", "Acme"]);

    const en = await workbook(contractsExport, "/amc/export?format=xlsx", english.cookie);
    expect(en.worksheets.map((sheet) => sheet.name)).toEqual(["Contracts"]);
    expect(header(en).slice(0, 5)).toEqual(["Equipment", "Company", "Validity From", "Validity To", "PMS"]);
  });

  it("heads the CSV in Hindi too", async () => {
    const response = await run(
      contractsExport,
      buildRequest("/amc/export?format=csv", { cookie: hindi.cookie }),
    );
    const [head, first] = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    expect(head.slice(0, 2)).toEqual(["उपकरण", "कंपनी"]);
    expect(first.slice(0, 2)).toEqual(["Compressor", "Acme"]);
  });

  it("heads the file index, the store racks and a department's spares in Hindi, the rack and department sheets named in Hindi", async () => {
    const files = await workbook(fileIndexExport, "/rackadmin/export?format=xlsx", hindi.cookie);
    expect(header(files)).toEqual(["रैक", "क्रम सं.", "फ़ाइल का नाम"]);
    expect(files.worksheets.map((sheet) => sheet.name)).toEqual(["Rack1A"]);

    const racks = await workbook(racksExport, "/about/export?format=xlsx", hindi.cookie);
    expect(racks.worksheets.map((sheet) => sheet.name)).toEqual(["रैक 3"]);
    expect(header(racks).slice(0, 3)).toEqual(["रैक", "सेक्शन", "सामान का नाम"]);

    const spares = await workbook(sparesExport, "/products/Electrician/export?format=xlsx", hindi.cookie, {
      department: "Electrician",
    });
    expect(header(spares).slice(0, 2)).toEqual(["क्रम संख्या", "एसेट"]);
    expect(spares.worksheets[0].name).toBe("इलेक्ट्रीशियन");
  });

  it("imports again: a file headed in Hindi is read as the list's columns", async () => {
    const response = await run(
      contractsExport,
      buildRequest("/amc/export?format=xlsx", { cookie: hindi.cookie }),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const preview = await previewFile(contractsKind, "amc.xlsx", bytes, await contractsKind.existing(db));
    expect(preview).toMatchObject({ ok: true, counts: { total: 1, unchanged: 1, error: 0 } });
  });

  it("stays English through the /api, whoever asks", async () => {
    const response = await run(
      contractsApi,
      buildRequest("/api/equipment/get?format=xlsx", { token: await apiToken(hindi) }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(["Contracts"]);
    expect(header(book).slice(0, 2)).toEqual(["Equipment", "Company"]);
  });
});
