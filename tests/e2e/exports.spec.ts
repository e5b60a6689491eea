import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { baseURL } from "../../playwright.config.ts";
import { expect, searchFor, test, uniqueName } from "./fixtures.ts";

// Exports (issue 18): a list's "Download Excel" and "Download CSV" links give the rows the page
// shows (its search applied, every page), with JavaScript on and off. Types, dates, injection and
// the other lists are covered by tests/integration/exports.test.ts.

test("a viewer downloads the searched store rack list as Excel and as CSV", async ({ page, login }) => {
  const material = uniqueName("Export gasket");
  await login("staff");
  for (const name of [material, `${material} spare`]) {
    const created = await page.request.post("/api/rack/5", {
      data: { section: "S1", materialName: name, availableStock: 10, issue: 2, receit: 5 },
      headers: { origin: baseURL },
    });
    expect(created.status()).toBe(201);
  }
  await login("viewer");
  await page.goto("/about?size=50");
  await searchFor(page, material);
  await expect(page.getByRole("main").getByRole("row").filter({ hasText: material })).toHaveCount(2);

  const excel = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Store Racks as Excel" }).click();
  const workbookFile = await excel;
  expect(workbookFile.suggestedFilename()).toMatch(/^plantops-store-racks-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await workbookFile.path())!);
  const sheet = workbook.getWorksheet("Rack 5")!;
  expect(sheet.getRow(1).getCell(3).value).toBe("Material Name");
  const materials = [];
  for (let row = 2; row <= sheet.rowCount; row++) materials.push(sheet.getRow(row).getCell(3).value);
  expect(materials).toEqual([material, `${material} spare`]);
  expect(sheet.getRow(2).getCell(7).value).toBe(13); // closing stock, a number

  const csv = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Store Racks as CSV" }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const { readFile } = await import("node:fs/promises");
  const rows = parse(await readFile((await csvFile.path())!), { bom: true }) as string[][];
  expect(rows.slice(1).map((row) => row[2])).toEqual([material, `${material} spare`]);
});

test("the stock report, a stock card and the audit log download from their pages", async ({
  page,
  login,
}) => {
  const material = uniqueName("Export fuse");
  await login("staff");
  const created = await page.request.post("/api/rack/9", {
    data: { section: "F2", materialName: material, availableStock: 12 },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { readFile } = await import("node:fs/promises");

  await page.goto(`/stock/report?rack=9&q=${encodeURIComponent(material)}`);
  const report = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the stock report as Excel" }).click();
  const reportFile = await report;
  expect(reportFile.suggestedFilename()).toMatch(
    /^plantops-stock-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await reportFile.path())!);
  const sheet = workbook.getWorksheet("Rack 9")!;
  expect(sheet.rowCount).toBe(2); // the search applied: this item alone
  expect(sheet.getRow(2).getCell(5).value).toBe(material);
  expect(sheet.getRow(2).getCell(10).value).toBe(12); // closing, a number

  await page.getByRole("link", { name: `Stock card of ${material}` }).click();
  const card = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download the stock card of ${material} as CSV` }).click();
  const cardRows = parse(await readFile((await (await card).path())!), { bom: true }) as string[][];
  expect(cardRows.slice(1).map((row) => [row[1], row[4], row[6]])).toEqual([["Opening stock", "12", "12"]]);

  await login("admin");
  await page.goto(`/audit?q=${encodeURIComponent(material)}&type=rack_item`);
  const audit = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the audit log as CSV" }).click();
  const auditRows = parse(await readFile((await (await audit).path())!), { bom: true }) as string[][];
  expect(auditRows[0].slice(0, 5)).toEqual(["When", "Who", "Change", "Record type", "Record"]);
  expect(
    auditRows
      .slice(1)
      .find((row) => row[5] === "Material Name")
      ?.slice(2, 8),
  ).toEqual(["Created", "Rack item", `Rack 9 · ${material}`, "Material Name", "", material]);
});

test("a clerk downloads AS11's records with every answer, remark and signature", async ({ page, login }) => {
  const lorry = uniqueName("MH12");
  await login("staff");
  const saved = await page.request.post("/api/sop/AS11", {
    headers: { origin: baseURL },
    data: {
      date: "2026-01-04",
      lorryNo: lorry,
      transporter: "Speedy Roadways",
      criteria: [
        { status: "Yes", remarks: "Arrestor new" },
        { status: "No", remarks: "Planks broken" },
      ],
      driverSignature: "R. Patil",
      officerSignature: "K. Das",
    },
  });
  expect(saved.status()).toBe(201);
  await page.goto(`/AS11/records?q=${encodeURIComponent(lorry)}`);
  await expect(page.getByRole("main").getByRole("row").filter({ hasText: lorry })).toHaveCount(1);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download AS11 records as CSV" }).click();
  const { readFile } = await import("node:fs/promises");
  const [headers, ...rows] = parse(await readFile((await (await download).path())!), {
    bom: true,
  }) as string[][];
  expect(rows).toHaveLength(1);
  const record = Object.fromEntries(headers.map((header, index) => [header, rows[0][index]]));
  expect(record).toMatchObject({
    Date: "2026-01-04",
    "Box lorry number": lorry,
    "1. Engine exhaust under the driver's cabin, fitted with a spark arrestor": "Yes",
    "1. Remarks, if any": "Arrestor new",
    "2. Remarks, if any": "Planks broken",
    "Driver's signature": "R. Patil",
    "Officer's signature": "K. Das",
  });
});
