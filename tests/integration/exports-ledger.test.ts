import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as auditExport } from "#app/audit-trail/routes/export.ts";
import { users } from "#app/auth/table.server.ts";
import { createContract } from "#app/contracts/queries.server.ts";
import { db } from "#app/db/client.server.ts";
import { recordMovement, reverseMovement } from "#app/ledger/movements.server.ts";
import { loader as apiReport } from "#app/ledger/report/routes/api-report.ts";
import { loader as stockReportExport } from "#app/ledger/report/routes/export.ts";
import { loader as apiMovements } from "#app/ledger/routes/api-movements.ts";
import { loader as stockCardExport } from "#app/ledger/routes/export.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// The stock report's, a stock card's and the audit list's exports (issue 18), read back with
// exceljs and csv-parse: the page's period and filters, numbers as numbers, dates as dates, the
// file names, formula injection, and who may download them.

const admin = await signedInUser(); // the first account of the file's database is the admin
const staff = await signedInUser();
const viewer = await signedInUser();
await db.update(users).set({ role: "staff" }).where(eq(users.email, staff.email));
await db.update(users).set({ role: "viewer" }).where(eq(users.email, viewer.email));
const today = dateInZone(new Date(), "Asia/Kolkata");
const OCTOBER = "from=2026-10-01&to=2026-10-31";
const FORMULA = '=HYPERLINK("http://evil.test","x")';

let adminId: string;
const items: Record<string, StockItemRef> = {};

async function rackItem(rackNumber: number, materialName: string, section = "Shelf A-1") {
  const [row] = await db
    .insert(rackItems)
    .values({ rackNumber, section, materialName, availableStock: 0, closingStock: 0 })
    .returning({ id: rackItems.id });
  return { type: "rack", id: row.id } as const;
}

async function move(
  item: StockItemRef,
  kind: "opening" | "receipt" | "issue" | "count",
  movedOn: string,
  quantity: number,
  extra: { reference?: string; party?: string; remark?: string } = {},
) {
  const outcome = await recordMovement(db, item, { kind, movedOn, quantity, ...extra }, adminId);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.movement;
}

beforeAll(async () => {
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
  adminId = me.id;
  // Rack 7 is made first, rack 3 after: the report (and so the workbook) still lists rack 3 first.
  items.fuse = await rackItem(7, "Fuse 10 A");
  await move(items.fuse, "opening", "2026-09-01", 7);
  const wrong = await move(items.fuse, "issue", "2026-10-18", 3, { reference: FORMULA, party: "@Ravi" });
  expect((await reverseMovement(db, wrong.id, adminId, "Wrong item")).ok).toBe(true);
  await move(items.fuse, "receipt", "2026-10-20", 2.5, { reference: "GRN-7", party: "Acme" });

  items.valve = await rackItem(3, "-Valve, kosan", "Shelf B-2");
  await move(items.valve, "opening", "2026-09-10", 10);
  await move(items.valve, "issue", "2026-10-12", 4);
  await move(items.valve, "count", "2026-10-25", 5);

  const [line] = await db
    .insert(inventoryItems)
    .values({
      department: "Electrician",
      srno: 41,
      assets: "DG Set 1",
      componentsAndEquipments: "Armoured cable 4C [m]",
      availableStock: 0,
      minStock: 1,
      leadTimeDays: 7,
    })
    .returning({ id: inventoryItems.id });
  items.cable = { type: "spare", id: line.id };
  await move(items.cable, "opening", "2026-09-01", 20.5);
  await move(items.cable, "issue", "2026-10-15", 6.25);

  await createContract(
    db,
    {
      equipment: FORMULA,
      company: "Acme",
      validityFrom: "2026-01-01",
      validityTo: "2026-12-31",
      pms: "Monthly",
    },
    adminId,
  );
});

async function download(
  loader: Parameters<typeof run>[0],
  path: string,
  params: Record<string, string> = {},
  auth: { cookie?: string; token?: string } = { cookie: admin.cookie },
) {
  const response = await run(loader, buildRequest(path, auth), params);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
const csvRows = (bytes: Buffer) => parse(bytes, { bom: true, relax_column_count: true }) as string[][];

describe("the stock report's export", () => {
  it("is a workbook named for its period: a sheet per rack and department, header bold and frozen, figures as numbers", async () => {
    const { response, bytes } = await download(
      stockReportExport,
      `/stock/report/export?format=xlsx&${OCTOBER}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="plantops-stock-report-2026-10-01-to-2026-10-31.xlsx"',
    );
    const workbook = await workbookOf(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Rack 3",
      "Rack 7",
      "Electrician spares",
    ]);
    const rack3 = workbook.getWorksheet("Rack 3")!;
    expect(rowValues(rack3, 1)).toEqual([
      "Rack",
      "Department",
      "Serial Number",
      "Section / Asset",
      "Item",
      "Opening",
      "Receipts",
      "Issues",
      "Counts ±",
      "Closing",
    ]);
    expect(rack3.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(rack3.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(rack3.autoFilter).toBeTruthy();
    // The valve: 10 at the start of October, 4 issued, counted 5 (−1): closing 5.
    expect(rowValues(rack3, 2)).toEqual([
      3,
      undefined,
      undefined,
      "Shelf B-2",
      "-Valve, kosan",
      10,
      0,
      4,
      -1,
      5,
    ]);
    // The fuse's reversed issue cancels out; a receipt of 2.5 stays a number with its decimal.
    expect(rowValues(workbook.getWorksheet("Rack 7")!, 2)).toEqual([
      7,
      undefined,
      undefined,
      "Shelf A-1",
      "Fuse 10 A",
      7,
      2.5,
      0,
      0,
      9.5,
    ]);
    expect(rowValues(workbook.getWorksheet("Electrician spares")!, 2)).toEqual([
      undefined,
      "Electrician",
      41,
      "DG Set 1",
      "Armoured cable 4C [m]",
      20.5,
      0,
      6.25,
      0,
      14.25,
    ]);
  });

  it("keeps formula-looking text as text in the workbook, and prefixes it with ' in the CSV", async () => {
    const workbook = await workbookOf(
      (await download(stockReportExport, `/stock/report/export?format=xlsx&${OCTOBER}`)).bytes,
    );
    const name = workbook.getWorksheet("Rack 3")!.getRow(2).getCell(5);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe("-Valve, kosan");
    expect(name.numFmt).toBe("@");
    const rows = csvRows(
      (await download(stockReportExport, `/stock/report/export?format=csv&${OCTOBER}`)).bytes,
    );
    expect(rows[1]).toEqual(["3", "", "", "Shelf B-2", "'-Valve, kosan", "10", "0", "4", "-1", "5"]);
  });

  it("applies the page's filters (one rack, rack items only) and search, and defaults to this month", async () => {
    const one = csvRows(
      (await download(stockReportExport, `/stock/report/export?format=csv&${OCTOBER}&rack=7`)).bytes,
    );
    expect(one.slice(1).map((row) => row[4])).toEqual(["Fuse 10 A"]);
    const racksOnly = await workbookOf(
      (await download(stockReportExport, `/stock/report/export?format=xlsx&${OCTOBER}&items=rack`)).bytes,
    );
    expect(racksOnly.worksheets.map((sheet) => sheet.name)).toEqual(["Rack 3", "Rack 7"]);
    const searched = csvRows(
      (await download(stockReportExport, `/stock/report/export?format=csv&${OCTOBER}&q=cable`)).bytes,
    );
    expect(searched.slice(1).map((row) => row[4])).toEqual(["Armoured cable 4C [m]"]);
    const thisMonth = await download(stockReportExport, "/stock/report/export?format=csv");
    const month = today.slice(0, 7);
    expect(thisMonth.response.headers.get("content-disposition")).toContain(
      `plantops-stock-report-${month}-01-to-`,
    );
  });

  it("is the same download through GET /api/stock/report?format=, and a 400 for a format or date it cannot read", async () => {
    const token = await apiToken(admin);
    const csv = await download(
      apiReport,
      `/api/stock/report?format=csv&${OCTOBER}&items=spare`,
      {},
      { token },
    );
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csvRows(csv.bytes).slice(1)).toEqual([
      ["", "Electrician", "41", "DG Set 1", "Armoured cable 4C [m]", "20.5", "0", "6.25", "0", "14.25"],
    ]);
    const pdf = await download(apiReport, "/api/stock/report?format=pdf", {}, { token });
    expect(pdf.response.status).toBe(400);
    const badDate = await download(apiReport, "/api/stock/report?format=xlsx&from=31-10-2026", {}, { token });
    expect(badDate.response.status).toBe(400);
    const page = await download(stockReportExport, "/stock/report/export?format=pdf");
    expect(page.response.status).toBe(400);
  });
});

describe("a stock card's export", () => {
  it("has the page's rows for the dates asked: the stock at the start, movements as dated rows, the running balance", async () => {
    const { response, bytes } = await download(
      stockCardExport,
      `/stock/rack/${items.fuse.id}/export?format=xlsx&${OCTOBER}`,
      { type: "rack", id: items.fuse.id },
    );
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="plantops-stock-card-fuse-10-a-2026-10-01-to-2026-10-31.xlsx"',
    );
    const workbook = await workbookOf(bytes);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Fuse 10 A");
    expect(rowValues(sheet, 1)).toEqual([
      "Date",
      "Kind",
      "Reference",
      "Received from / issued to",
      "Received",
      "Issued",
      "Balance",
      "Remark",
      "Entered by",
      "Reversed",
    ]);
    expect(sheet.rowCount).toBe(5); // header, the start, the issue, its reversal, the receipt
    expect(rowValues(sheet, 2)).toEqual([
      new Date(Date.UTC(2026, 9, 1)),
      "Stock at the start",
      undefined,
      undefined,
      undefined,
      undefined,
      7,
    ]);
    const issue = sheet.getRow(3);
    expect(issue.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(issue.getCell(1).numFmt).toBe("dd-mm-yyyy");
    expect(rowValues(sheet, 3).slice(1, 7)).toEqual(["Issue", FORMULA, "@Ravi", undefined, 3, 4]);
    expect(issue.getCell(3).type).toBe(ExcelJS.ValueType.String); // the formula-looking reference stays text
    expect(issue.getCell(10).value).toBe("Reversed");
    expect(rowValues(sheet, 4).slice(1, 8)).toEqual([
      "Reversal",
      FORMULA,
      "@Ravi",
      3,
      undefined,
      7,
      "Reverses the issue · Wrong item",
    ]);
    expect(rowValues(sheet, 5).slice(1, 9)).toEqual([
      "Receipt",
      "GRN-7",
      "Acme",
      2.5,
      undefined,
      9.5,
      undefined,
      admin.email,
    ]);
  });

  it("writes ISO dates and prefixes formula-looking text in the CSV; all dates without a range", async () => {
    const { response, bytes } = await download(
      stockCardExport,
      `/stock/rack/${items.fuse.id}/export?format=csv`,
      {
        type: "rack",
        id: items.fuse.id,
      },
    );
    expect(response.headers.get("content-disposition")).toContain(
      `plantops-stock-card-fuse-10-a-${today}.csv`,
    );
    const rows = csvRows(bytes);
    expect(rows.map((row) => row[1])).toEqual(["Kind", "Opening stock", "Issue", "Reversal", "Receipt"]);
    expect(rows[2].slice(0, 7)).toEqual(["2026-10-18", "Issue", `'${FORMULA}`, "'@Ravi", "", "3", "4"]);
  });

  it("is the same download through GET /api/stock/{type}/{id}/movements?format=, and 404 for no such item", async () => {
    const token = await apiToken(admin);
    const { response, bytes } = await download(
      apiMovements,
      `/api/stock/spare/${items.cable.id}/movements?format=xlsx`,
      { type: "spare", id: items.cable.id },
      { token },
    );
    expect(response.status).toBe(200);
    const sheet = (await workbookOf(bytes)).worksheets[0];
    expect(sheet.getColumn(7).values.slice(2)).toEqual([20.5, 14.25]);
    const missing = await download(
      stockCardExport,
      "/stock/rack/00000000-0000-4000-8000-000000000000/export?format=xlsx",
      { type: "rack", id: "00000000-0000-4000-8000-000000000000" },
    );
    expect(missing.response.status).toBe(404);
  });
});

describe("the audit list's export", () => {
  it("has a row per changed field, newest first, with when as a date-time, who and the record", async () => {
    const { response, bytes } = await download(auditExport, "/audit/export?format=xlsx&type=contract");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`plantops-audit-log-${today}.xlsx`);
    const sheet = (await workbookOf(bytes)).worksheets[0];
    expect(rowValues(sheet, 1)).toEqual([
      "When",
      "Who",
      "Change",
      "Record type",
      "Record",
      "Field",
      "Before",
      "After",
    ]);
    const when = sheet.getRow(2).getCell(1);
    expect(when.type).toBe(ExcelJS.ValueType.Date);
    expect(when.numFmt).toBe("dd-mm-yyyy hh:mm");
    const fields = [];
    for (let row = 2; row <= sheet.rowCount; row++) fields.push(sheet.getRow(row).getCell(6).value);
    expect(fields).toEqual(expect.arrayContaining(["Equipment", "Company", "PMS"]));
    const equipment = rowValues(sheet, 2 + fields.indexOf("Equipment"));
    expect(equipment.slice(1)).toEqual([
      admin.email,
      "Created",
      "Contract",
      `${FORMULA} · Acme`,
      "Equipment",
      undefined,
      FORMULA,
    ]);
    expect(sheet.getRow(2 + fields.indexOf("Equipment")).getCell(8).type).toBe(ExcelJS.ValueType.String);
  });

  it("prefixes formula-looking cells with ' in the CSV and applies the search", async () => {
    const rows = csvRows((await download(auditExport, "/audit/export?format=csv&q=GRN-7")).bytes);
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.slice(1).map((row) => row[3]))).toEqual(new Set(["Stock movement"]));
    expect(rows.slice(1).find((row) => row[5] === "Reference")?.[7]).toBe("GRN-7");
    const contract = csvRows((await download(auditExport, "/audit/export?format=csv&type=contract")).bytes);
    const equipment = contract.find((row) => row[5] === "Equipment");
    expect(equipment?.[7]).toBe(`'${FORMULA}`);
    expect(equipment?.[4]).toBe(`'${FORMULA} · Acme`);
    expect(equipment?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("is for the roles that may open /audit: a viewer may, staff may not", async () => {
    expect(
      (await download(auditExport, "/audit/export?format=csv", {}, { cookie: viewer.cookie })).response
        .status,
    ).toBe(200);
    expect(
      (await download(auditExport, "/audit/export?format=csv", {}, { cookie: staff.cookie })).response.status,
    ).toBe(403);
    expect(
      (await download(auditExport, "/audit/export?format=csv", {}, { cookie: "" })).response.status,
    ).toBe(302);
  });
});
