import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { loader as contractsApi } from "#app/contracts/routes/api-list.ts";
import { loader as contractsExport } from "#app/contracts/routes/export.ts";
import { db } from "#app/db/client.server.ts";
import { loader as fileIndexExport } from "#app/file-index/routes/export.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import { action as sopApiAction, loader as sopApiList } from "#app/sop/routes/api-records.ts";
import { loader as sopExport } from "#app/sop/routes/export.ts";
import { loader as inventoryApi } from "#app/spares/routes/api-list.ts";
import { loader as inventoryExport } from "#app/spares/routes/export.ts";
import { createRackItem } from "#app/store-racks/queries.server.ts";
import { loader as rackApi } from "#app/store-racks/routes/api-store-rack.ts";
import { loader as racksExport } from "#app/store-racks/routes/export.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { apiToken, createUser, signedInUser } from "#tests/support/users.ts";

// Exports (issue 18): every list as a real workbook and an RFC 4180 CSV, read back with exceljs and
// csv-parse — types, dates, formula injection, the byte order mark, and the page's filters.

const admin = await signedInUser(); // the first account of the file's database is the admin
const viewer = await signedInUser();
await db.update(users).set({ role: "viewer" }).where(eq(users.email, viewer.email));
const today = dateInZone(new Date(), "Asia/Kolkata");

beforeAll(async () => {
  // 30 Electrician lines; every 10th is short of stock; line 2 and 3 look like formulas.
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
      min_stock, lead_time_days)
    select 'Electrician', n,
      case when n = 2 then '=HYPERLINK("http://evil.test","x")' when n = 3 then '@SUM(1+1)' else 'Motor ' || n end,
      case when n = 3 then E'\tTabbed' else 'Bearing' end,
      case when n % 10 = 0 then 1 else 1234.5 end, 2, 3.5
    from generate_series(1, 30) as n`);
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
      min_stock, lead_time_days)
    values ('Technician', 1, 'Gearbox', 'Seal', 1, 1, 1)`);
  // Rack items through the ledger (issue 17): opening, receipt and issue today, as the legacy API
  // puts them in, so this month's figures are the ones typed.
  const [{ id: adminId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
  for (const [rack, section, materialName, availableStock, issue, receipt] of [
    [3, "A", "Gasket", 10, 2, 1],
    [3, "A", "Valve", 5, 0, 0],
    [7, "B", "-Minus first", 1, 0, 0],
  ] as const) {
    const created = await createRackItem(
      db,
      rack,
      { section, materialName },
      { availableStock, issue, receipt },
      adminId,
    );
    if (!created.ok) throw new Error(created.message);
  }
  await db.execute(sql`
    insert into contracts (equipment, company, validity_from, validity_to, pms, vendor_code, contract_number,
      concerned_person, mobile_number, last_checked_on, next_due_on)
    values ('Compressor', 'Acme', '2026-01-31', '2026-12-31', 'Monthly', 'V1', 'C-9', 'Ravi', '+919800000000',
      '2026-10-01', '2020-01-01'),
    ('Pump, main', 'Beta "Co"', null, null, null, '', '', '', '+91 98220 12345', null, '2099-01-01'),
    ('Chiller', 'Gamma', '2026-01-04', '2099-01-04', 'Monthly', '', '+1+cmd|'' /C calc''!A0', '', '+91-98220-12345',
      '2026-11-23', '2099-01-01')`);
  await db.execute(sql`
    insert into rack_files (rack_name, file_number, name)
    values ('Rack1A', 1, 'Boiler licence'), ('Rack1A', 2, 'Fire NOC'), ('Rack2C', 5, 'Insurance')`);
});

async function download(loader: Parameters<typeof run>[0], path: string, params = {}, cookie = admin.cookie) {
  const response = await run(loader, buildRequest(path, { cookie }), params);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe("a department table's Excel export", () => {
  it("is a workbook named for the department and the plant's date, header bold and frozen, filtered", async () => {
    const { response, bytes } = await download(inventoryExport, "/products/Electrician/export?format=xlsx", {
      department: "Electrician",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="plantops-electrician-${today}.xlsx"`,
    );
    const workbook = await workbookOf(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Electrician"]);
    const sheet = workbook.worksheets[0];
    expect(rowValues(sheet, 1)).toEqual([
      "Serial Number",
      "Assets",
      "Components/Equipments",
      "Available stock",
      "Min Stock",
      "Lead time",
      "Excess/Short Fall",
      "Status of Order",
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.rowCount).toBe(31); // every line, not a page
    // Numbers are numbers (1,234.5 stays 1234.5, the shortfall is computed).
    expect(rowValues(sheet, 2)).toEqual([1, "Motor 1", "Bearing", 1234.5, 2, 3.5, 1232.5, "Available"]);
    // Widths fit the header at least.
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual("Components/Equipments".length);
  });

  it("keeps formula-looking text as text: a string cell in a Text-formatted column, never a formula", async () => {
    const { bytes } = await download(inventoryExport, "/products/Electrician/export?format=xlsx", {
      department: "Electrician",
    });
    const sheet = (await workbookOf(bytes)).worksheets[0];
    const hyperlink = sheet.getRow(3).getCell(2);
    expect(hyperlink.type).toBe(ExcelJS.ValueType.String);
    expect(hyperlink.value).toBe('=HYPERLINK("http://evil.test","x")');
    expect(hyperlink.formula).toBeUndefined();
    expect(hyperlink.numFmt).toBe("@");
    expect(sheet.getRow(4).getCell(2).value).toBe("@SUM(1+1)");
    expect(sheet.getRow(4).getCell(3).value).toBe("\tTabbed");
  });

  it("applies the page's search, filters and sort (all matching rows)", async () => {
    const { bytes } = await download(
      inventoryExport,
      "/products/Electrician/export?format=xlsx&stock=short&sort=srno&dir=desc&page=2&size=50",
      { department: "Electrician" },
    );
    const sheet = (await workbookOf(bytes)).worksheets[0];
    const serials = [];
    for (let row = 2; row <= sheet.rowCount; row++) serials.push(sheet.getRow(row).getCell(1).value);
    expect(serials).toEqual([30, 20, 10]);
  });

  it("answers 404 for an unknown department and 400 for an unknown format", async () => {
    const unknown = await download(inventoryExport, "/products/Welders/export?format=xlsx", {
      department: "Welders",
    });
    expect(unknown.response.status).toBe(404);
    const pdf = await download(inventoryExport, "/products/Electrician/export?format=pdf", {
      department: "Electrician",
    });
    expect(pdf.response.status).toBe(400);
    expect(pdf.bytes.toString()).toMatch(/format=xlsx or \?format=csv/);
  });

  it("is open to a viewer (read access), and sends the signed-out to sign in", async () => {
    const { response } = await download(
      inventoryExport,
      "/products/Electrician/export?format=csv",
      { department: "Electrician" },
      viewer.cookie,
    );
    expect(response.status).toBe(200);
    const signedOut = await download(
      inventoryExport,
      "/products/Electrician/export?format=csv",
      {
        department: "Electrician",
      },
      "",
    );
    expect(signedOut.response.status).toBe(302);
  });
});

describe("a department table's CSV export", () => {
  it("is UTF-8 with a byte order mark, CRLF lines, numbers plain and formula text prefixed with '", async () => {
    const { response, bytes } = await download(inventoryExport, "/products/Electrician/export?format=csv", {
      department: "Electrician",
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`plantops-electrician-${today}.csv`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFSerial Number,Assets,Components/Equipments,Available stock,Min Stock,Lead time,Excess/Short Fall,Status of Order",
    );
    const rows = parse(bytes, { bom: true }) as string[][];
    expect(rows).toHaveLength(31);
    expect(rows[1]).toEqual(["1", "Motor 1", "Bearing", "1234.5", "2", "3.5", "1232.5", "Available"]);
    expect(rows[2][1]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(rows[3][1]).toBe("'@SUM(1+1)");
    expect(rows[3][2]).toBe("'\tTabbed");
  });

  it("is the same download through the API: GET /api/{department}/product?format=csv", async () => {
    const token = await apiToken(admin);
    const response = await run(
      inventoryApi,
      buildRequest("/api/Electrician/product?format=csv&stock=short", { token }),
      { department: "Electrician" },
    );
    expect(response.status).toBe(200);
    const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => row[0])).toEqual(["10", "20", "30"]);
    const json = await run(inventoryApi, buildRequest("/api/Electrician/product", { token }), {
      department: "Electrician",
    });
    expect(json.headers.get("content-type")).toMatch(/json/);
    const bad = await run(inventoryApi, buildRequest("/api/Electrician/product?format=pdf", { token }), {
      department: "Electrician",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/format=xlsx/);
  });
});

describe("the store racks' export", () => {
  it("puts each rack holding items on its own sheet (all racks)", async () => {
    const { response, bytes } = await download(racksExport, "/about/export?format=xlsx");
    expect(response.headers.get("content-disposition")).toContain(`plantops-store-racks-${today}.xlsx`);
    const workbook = await workbookOf(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Rack 3", "Rack 7"]);
    expect(rowValues(workbook.getWorksheet("Rack 3")!, 2)).toEqual([3, "A", "Gasket", 10, 2, 1, 9]);
    expect(workbook.getWorksheet("Rack 7")!.getRow(2).getCell(3).value).toBe("-Minus first");
  });

  it("exports one rack with ?rack=n, and an empty rack as its header alone", async () => {
    const one = await workbookOf((await download(racksExport, "/about/export?format=xlsx&rack=7")).bytes);
    expect(one.worksheets.map((sheet) => sheet.name)).toEqual(["Rack 7"]);
    const empty = await download(racksExport, "/about/export?format=xlsx&rack=12");
    expect(empty.response.headers.get("content-disposition")).toContain("plantops-rack-12-");
    const sheets = (await workbookOf(empty.bytes)).worksheets;
    expect(sheets).toHaveLength(1);
    expect(sheets[0].rowCount).toBe(1);
    expect(sheets[0].getRow(1).getCell(1).value).toBe("Rack");
  });

  it("is the rack's download through GET /api/rack/{n}?format=csv", async () => {
    const token = await apiToken(admin);
    const response = await run(rackApi, buildRequest("/api/rack/rack3?format=csv", { token }), {
      rackNumber: "rack3",
    });
    const rows = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    expect(rows.slice(1)).toEqual([
      ["3", "A", "Gasket", "10", "2", "1", "9"],
      ["3", "A", "Valve", "5", "0", "0", "5"],
    ]);
  });
});

describe("the contracts' export", () => {
  it("writes dates as Excel dates shown dd-mm-yyyy, and each contract's status now", async () => {
    const { bytes } = await download(contractsExport, "/amc/export?format=xlsx");
    const sheet = (await workbookOf(bytes)).worksheets[0];
    const validityFrom = sheet.getRow(2).getCell(3);
    expect(validityFrom.type).toBe(ExcelJS.ValueType.Date);
    expect(validityFrom.value).toEqual(new Date(Date.UTC(2026, 0, 31)));
    expect(validityFrom.numFmt).toBe("dd-mm-yyyy");
    expect(sheet.getRow(2).getCell(9).value).toBe("+919800000000"); // a phone number stays text
    expect(sheet.getRow(2).getCell(12).value).toBe("Expired");
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.getRow(3).getCell(12).value).toBe("Valid");
  });

  it("writes ISO dates, which spreadsheets read as dates in any locale, in the CSV", async () => {
    const all = parse((await download(contractsExport, "/amc/export?format=csv")).bytes, {
      bom: true,
    }) as string[][];
    expect(all[1].slice(0, 4)).toEqual(["Compressor", "Acme", "2026-01-31", "2026-12-31"]);
    expect(all[1][9]).toBe("2026-10-01");
    const chiller = all.find((row) => row[0] === "Chiller")!;
    expect(chiller.slice(2, 4)).toEqual(["2026-01-04", "2099-01-04"]); // 4 January: no day/month doubt
  });

  it("writes a phone number with spaces as it is in the CSV; other formula-looking text keeps its apostrophe", async () => {
    const all = parse((await download(contractsExport, "/amc/export?format=csv")).bytes, {
      bom: true,
    }) as string[][];
    const mobile = (equipment: string) => all.find((row) => row[0] === equipment)![8];
    expect(mobile("Pump, main")).toBe("+91 98220 12345");
    expect(mobile("Compressor")).toBe("'+919800000000"); // would open as a number, its plus lost
    expect(mobile("Chiller")).toBe("'+91-98220-12345");
    expect(all.find((row) => row[0] === "Chiller")![6]).toBe("'+1+cmd|' /C calc'!A0");
    // The workbook keeps every one of them as text in a Text-formatted column.
    const sheet = (await workbookOf((await download(contractsExport, "/amc/export?format=xlsx")).bytes))
      .worksheets[0];
    const cells = [2, 3, 4].map((row) => sheet.getRow(row).getCell(9));
    expect(cells.map((cell) => cell.value)).toEqual(["+919800000000", "+91 98220 12345", "+91-98220-12345"]);
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.numFmt).toBe("@");
    }
  });

  it("quotes commas and quotes in the CSV (RFC 4180), with ?status= applied", async () => {
    const all = parse((await download(contractsExport, "/amc/export?format=csv")).bytes, {
      bom: true,
    }) as string[][];
    expect(all[2].slice(0, 2)).toEqual(["Pump, main", 'Beta "Co"']);
    const raw = (await download(contractsExport, "/amc/export?format=csv&status=fine")).bytes.toString();
    expect(raw).toContain('"Pump, main","Beta ""Co"""');
    expect(raw).not.toContain("Compressor");
  });

  it("is the same through GET /api/equipment/get?format=xlsx", async () => {
    const token = await apiToken(admin);
    const response = await run(
      contractsApi,
      buildRequest("/api/equipment/get?format=xlsx&status=expired", { token }),
    );
    const sheet = (await workbookOf(Buffer.from(await response.arrayBuffer()))).worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe("Compressor");
  });
});

describe("the file index's export", () => {
  it("puts each rack on its sheet; ?rack= narrows to a cupboard or a rack; ?q= searches", async () => {
    const all = await workbookOf((await download(fileIndexExport, "/rackadmin/export?format=xlsx")).bytes);
    expect(all.worksheets.map((sheet) => sheet.name)).toEqual(["Rack1A", "Rack2C"]);
    expect(rowValues(all.worksheets[0], 2)).toEqual(["Rack1A", 1, "Boiler licence"]);
    const cupboard = await download(fileIndexExport, "/rackadmin/export?format=csv&rack=2");
    expect(cupboard.response.headers.get("content-disposition")).toContain("plantops-file-index-cupboard-2-");
    expect((parse(cupboard.bytes, { bom: true }) as string[][]).slice(1)).toEqual([
      ["Rack2C", "5", "Insurance"],
    ]);
    const search = await download(fileIndexExport, "/rackadmin/export?format=csv&q=fire");
    expect((parse(search.bytes, { bom: true }) as string[][]).slice(1)).toEqual([
      ["Rack1A", "2", "Fire NOC"],
    ]);
  });
});

describe("a SOP format's records export", () => {
  const token = () => apiToken(admin);
  async function save(code: string, data: Record<string, unknown>) {
    const saved = await run(
      sopApiAction,
      buildRequest(`/api/sop/${code.toLowerCase()}`, { json: data, token: await token() }),
      { format: code.toLowerCase() },
    );
    expect(saved.status).toBe(201);
  }

  it("has every field of AS11: the header, each criterion's status and remarks, the signatures, who saved it and when", async () => {
    const definition = findFormat("AS11")!;
    const data = sampleRecord(definition, "Export");
    (data.criteria as Record<string, string>[])[1] = { status: "No", remarks: "Planks broken" };
    (data.criteria as Record<string, string>[])[2] = { status: "", remarks: "" }; // left unanswered
    await save("AS11", data);
    const { bytes, response } = await download(sopExport, "/as11/records/export?format=xlsx", {
      format: "as11",
    });
    expect(response.headers.get("content-disposition")).toContain(`plantops-as11-records-${today}.xlsx`);
    const sheet = (await workbookOf(bytes)).worksheets[0];
    const headers = rowValues(sheet, 1) as string[];
    expect(headers.slice(0, 5)).toEqual([
      "Date",
      "Box lorry number",
      "Transporter",
      "1. Engine exhaust under the driver's cabin, fitted with a spark arrestor",
      "1. Remarks, if any",
    ]);
    expect(headers.slice(-5)).toEqual([
      "Driver's signature",
      "Prepared by (operator)",
      "Officer's signature",
      "Saved by",
      "Saved at",
    ]);
    expect(sheet.rowCount).toBe(2);
    const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header) + 1);
    expect(cell("Date").type).toBe(ExcelJS.ValueType.Date);
    expect(cell("Date").value).toEqual(new Date(Date.UTC(2025, 2, 14)));
    expect(cell("Box lorry number").value).toBe("Export Box lorry number");
    expect(cell("1. Engine exhaust under the driver's cabin, fitted with a spark arrestor").value).toBe(
      "Yes",
    );
    expect(cell("1. Remarks, if any").value).toBe("Export remark 1");
    expect(sheet.getRow(2).getCell(headers.indexOf("1. Remarks, if any") + 2).value).toBe("No");
    expect(sheet.getRow(2).getCell(headers.indexOf("1. Remarks, if any") + 3).value).toBe("Planks broken");
    expect(cell("15. Remarks, if any").value).toBe("Export remark 15");
    expect(cell("Driver's signature").value).toBe("Export Driver's signature");
    expect(cell("Prepared by (operator)").value).toBe("Export Prepared by (operator)");
    expect(cell("Officer's signature").value).toBe("Export Officer's signature");
    expect(cell("Saved by").value).toBe(admin.email);
    expect(cell("Saved at").type).toBe(ExcelJS.ValueType.Date);
    expect(cell("Saved at").numFmt).toBe("dd-mm-yyyy hh:mm");

    const csv = parse(
      (await download(sopExport, "/as11/records/export?format=csv", { format: "as11" })).bytes,
      {
        bom: true,
      },
    ) as string[][];
    expect(csv[0]).toEqual(headers);
    const row = Object.fromEntries(headers.map((header, index) => [header, csv[1][index]]));
    expect(row).toMatchObject({
      Date: "2025-03-14",
      "Box lorry number": "Export Box lorry number",
      "1. Remarks, if any": "Export remark 1",
      "2. Remarks, if any": "Planks broken",
      "3. One numbered 10 kg DCP fire extinguisher carried within easy reach": "",
      "3. Remarks, if any": "",
      "Driver's signature": "Export Driver's signature",
      "Officer's signature": "Export Officer's signature",
      "Saved by": admin.email,
    });
    expect(row["Saved at"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const none = await download(sopExport, "/as11/records/export?format=csv&q=nothing-like-this", {
      format: "as11",
    });
    expect((parse(none.bytes, { bom: true }) as string[][]).length).toBe(1);
  });

  it("names who saved a record as the pages do: the person's name, not their e-mail", async () => {
    const clerk = await createUser({ name: "Savita Export-Clerk" });
    const data = sampleRecord(findFormat("AS11")!, "Named");
    const saved = await run(
      sopApiAction,
      buildRequest("/api/sop/as11", { json: data, token: await apiToken(clerk) }),
      { format: "as11" },
    );
    expect(saved.status).toBe(201);
    const csv = parse(
      (await download(sopExport, "/as11/records/export?format=csv&q=Savita", { format: "as11" })).bytes,
      { bom: true },
    ) as string[][];
    expect(csv).toHaveLength(2);
    expect(csv[1][csv[0].indexOf("Saved by")]).toBe("Savita Export-Clerk");
  });

  it("is a row per register entry for AS15, the record's date and signature on each, through the API too", async () => {
    const definition = findFormat("AS15")!;
    await save("AS15", sampleRecord(definition, "Returnable", 3));
    const { bytes } = await download(sopExport, "/as15/records/export?format=xlsx", { format: "as15" });
    const sheet = (await workbookOf(bytes)).worksheets[0];
    const headers = rowValues(sheet, 1) as string[];
    expect(headers).toEqual([
      "Record date",
      "Sr No.",
      "Date",
      "Gate pass number",
      "Description of items",
      "Quantity",
      "Issued to",
      "Receiver's signature",
      "Security supervisor / guard signature",
      "Expected date of return",
      "Date of return of material",
      "Remarks",
      "Signature of officer",
      "Saved by",
      "Saved at",
    ]);
    expect(sheet.rowCount).toBe(4);
    const column = (header: string) =>
      [2, 3, 4].map((row) => sheet.getRow(row).getCell(headers.indexOf(header) + 1).value);
    expect(column("Sr No.")).toEqual([1, 2, 3]);
    expect(column("Record date")).toEqual(Array(3).fill(new Date(Date.UTC(2025, 2, 14))));
    expect(column("Expected date of return")).toEqual(
      [14, 15, 16].map((day) => new Date(Date.UTC(2025, 2, day))),
    );
    expect(column("Gate pass number")).toEqual([1, 2, 3].map((n) => `Returnable r${n} Gate pass number`));
    expect(column("Remarks")).toEqual([1, 2, 3].map((n) => `Returnable r${n} Remarks`));
    expect(column("Signature of officer")).toEqual(Array(3).fill("Returnable Signature of officer"));

    const response = await run(
      sopApiList,
      buildRequest("/api/sop/as15?format=csv", { token: await token() }),
      { format: "as15" },
    );
    const csv = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
    expect(csv[0]).toEqual(headers);
    expect(csv.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ["2025-03-14", "1", "2025-03-14", "Returnable r1 Gate pass number"],
      ["2025-03-14", "2", "2025-03-15", "Returnable r2 Gate pass number"],
      ["2025-03-14", "3", "2025-03-16", "Returnable r3 Gate pass number"],
    ]);
  });

  it("has every entry of a register longer than a batch of rows, in order", async () => {
    const definition = findFormat("AS14")!;
    const entries = Array.from({ length: 200 }, (_, n) => ({
      date: "2025-03-14",
      gatePassNo: `Long r${n + 1} Gate pass number`,
    }));
    await save("AS14", { ...sampleRecord(definition, "Long"), entries });
    await save("AS14", sampleRecord(definition, "Short", 2));
    const csv = parse(
      (await download(sopExport, "/as14/records/export?format=csv", { format: "as14" })).bytes,
      {
        bom: true,
      },
    ) as string[][];
    const gatePass = csv[0].indexOf("Gate pass number");
    const rows = csv.slice(1);
    expect(rows).toHaveLength(202);
    const long = rows.filter((row) => row[gatePass].startsWith("Long"));
    expect(long.map((row) => row[gatePass])).toEqual(
      Array.from({ length: 200 }, (_, n) => `Long r${n + 1} Gate pass number`),
    );
    expect(long.map((row) => row[1])).toEqual(Array.from({ length: 200 }, (_, n) => String(n + 1)));
  });
});
