import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as contractInsertAction } from "#app/contracts/routes/insert.tsx";
import { contractMessages } from "#app/contracts/schema.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import type { Counts, PreviewRow } from "#app/imports/engine.server.ts";
import { action as previewAction, loader as previewLoader } from "#app/imports/routes/preview.tsx";
import { action as uploadAction } from "#app/imports/routes/upload.tsx";
import { action as sparesInsertAction } from "#app/spares/routes/insert.tsx";
import { inventoryItems } from "#app/spares/table.server.ts";
import { DATE_FORMATS, dateMessages, importMessages, readNotes } from "#app/spreadsheets/import-rules.ts";
import { action as rackInsertAction } from "#app/store-racks/routes/insert.tsx";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, ORIGIN, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Imports of files as clerks' spreadsheet programs write them (tests/fixtures/imports, made with
// LibreOffice): title rows above the headers, a units row under them, Windows-1252 and UTF-16
// text, dates written day first or month first. And the forms and the import accepting the same
// values with the same messages (one rule for both).

await signedInUser(); // the first account of the file's database is the admin
const staff = await signedInUser();
const fixture = (name: string) => {
  const bytes = readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url));
  return new File([new Uint8Array(bytes)], name);
};
const csvFile = (lines: string[], name = "clerk.csv") => new File([lines.join("\r\n")], name);

type Address = { department: string } | { kind: string };
const base = (address: Address) =>
  "department" in address ? `/import/products/${address.department}` : `/import/${address.kind}`;
type Preview = {
  error?: string;
  id: string;
  counts: Counts;
  rows: (PreviewRow & { texts: Record<string, string> })[];
};

/** Uploads a file; answers the preview page's data, or the upload form's error. */
async function preview(address: Address, file: File): Promise<Preview> {
  const form = new FormData();
  form.set("file", file);
  const request = new Request(new URL(base(address), ORIGIN), {
    method: "POST",
    body: form,
    headers: { cookie: staff.cookie, origin: ORIGIN },
  });
  const answer = await run(uploadAction, request, address);
  if (answer.status !== 302)
    return {
      error: ((await answer.json()) as { error: string }).error,
      id: "",
      counts: { new: 0, changed: 0, unchanged: 0, error: 0, total: 0 },
      rows: [],
    };
  const location = answer.headers.get("location") ?? "";
  const id = location.split("/").pop() ?? "";
  const page = await run(previewLoader, buildRequest(location, { cookie: staff.cookie }), { ...address, id });
  expect(page.status).toBe(200);
  return { id, ...((await page.json()) as Omit<Preview, "id">) };
}

async function confirm(address: Address, id: string) {
  const answer = await run(
    previewAction,
    buildRequest(`${base(address)}/${id}`, { form: {}, cookie: staff.cookie }),
    { ...address, id },
  );
  expect(answer.status).toBe(302);
}

const byLine = (result: Preview) => new Map(result.rows.map((row) => [row.line, row]));
const contractsAt = { kind: "contracts" };

describe("a workbook made in LibreOffice: a title row, the headers, a units row, dd/mm/yyyy dates", () => {
  it("previews its contracts, saying which rows were skipped, and imports them with their dates", async () => {
    const result = await preview(contractsAt, fixture("libreoffice-contracts.xlsx"));
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({
      new: 2,
      changed: 0,
      unchanged: 0,
      error: 0,
      total: 2,
      notes: [readNotes.titleRows(["1"]), readNotes.unitsRow("4", ["dd/mm/yyyy"])],
    });
    expect(byLine(result).get("5")?.texts).toMatchObject({
      equipment: "LO fire pump",
      validityFrom: "2026-04-01",
      validityTo: "2027-03-31",
      mobileNumber: "98450 12345",
    });
    await confirm(contractsAt, result.id);
    const [pump] = await db.select().from(contracts).where(eq(contracts.equipment, "LO fire pump"));
    expect(pump).toMatchObject({
      validityFrom: "2026-04-01",
      validityTo: "2027-03-31",
      lastCheckedOn: "2026-10-15",
      nextDueOn: "2027-01-15",
    });
  });

  it("finds the headers below title rows in a CSV too, and skips its units row", async () => {
    const result = await preview(
      { department: "Electrician" },
      csvFile([
        "Spare parts of the Electrician department,,,,,,,",
        "Checked by the store on 20/11/2026,,,,,,,",
        "Serial Number,Assets,Components/Equipments,Available stock,Min Stock,Lead time,Excess/Short Fall,Status of Order",
        ",,,nos,nos,days,nos,",
        "301,Titled pump,Seal,4,2,3,,",
      ]),
    );
    expect(result.error).toBeUndefined();
    expect(result.counts).toMatchObject({
      new: 1,
      error: 0,
      notes: [readNotes.titleRows(["1", "2"]), readNotes.unitsRow("4", ["nos", "days"])],
    });
    expect(byLine(result).get("5")?.texts).toMatchObject({ srno: "301", Assets: "Titled pump" });
  });

  it("still names the missing columns when no row of the first ten is the header", async () => {
    const result = await preview(
      { department: "Electrician" },
      csvFile(["Spare parts,,", "Serial Number,Assets,Stock", "1,Pump,4"]),
    );
    expect(result.error).toBe(
      importMessages.missingColumns(["Components/Equipments", "Available stock", "Min Stock", "Lead time"]) +
        " " +
        importMessages.unknownColumns(["Stock"]),
    );
  });
});

describe("the text encoding of a CSV", () => {
  const department = { department: "Technician" };
  it.each([
    ["windows-1252-spares.csv", "Windows-1252"],
    ["utf-16-spares.csv", "UTF-16"],
  ])("%s imports 'Café gasket' as written, and the preview says how it was read", async (name, encoding) => {
    const result = await preview(department, fixture(name));
    expect(result.error).toBeUndefined();
    expect(result.counts).toMatchObject({ error: 0, notes: [readNotes.encoding(encoding)] });
    expect(byLine(result).get("2")?.texts).toMatchObject({
      Assets: "Café gasket",
      ComponentsAndEquipments: "Seal for 80–120 °C",
    });
    expect(byLine(result).get("3")?.texts).toMatchObject({ Assets: "Pump set “B”" });
    if (result.counts.new === 0) return; // the second file brings the same lines: unchanged
    await confirm(department, result.id);
    const [line] = await db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.department, "Technician"), eq(inventoryItems.srno, 9101)));
    expect(line).toMatchObject({ assets: "Café gasket", componentsAndEquipments: "Seal for 80–120 °C" });
  });

  it("refuses a file whose characters it cannot tell, storing nothing", async () => {
    const bytes = new Uint8Array([...Buffer.from("Serial Number,Assets\r\n1,Caf"), 0x81, 0x8d]);
    expect((await preview(department, new File([bytes], "odd.csv"))).error).toBe(importMessages.encoding);
  });
});

describe("dates: one rule, the file's own order, an ambiguous date refused naming its row", () => {
  it("reads a US-format CSV re-saved by LibreOffice (04/25/26) month first", async () => {
    const result = await preview(contractsAt, fixture("libreoffice-us-dates.csv"));
    expect(result.counts).toMatchObject({ new: 2, error: 0 });
    const rows = byLine(result);
    // 04/01/26 is 1 April here: the file's 04/25/26 and 03/31/27 show it is written month first.
    expect(rows.get("2")?.texts).toMatchObject({ validityFrom: "2026-04-01", validityTo: "2027-03-31" });
    expect(rows.get("3")?.texts).toMatchObject({ validityFrom: "2026-04-25", validityTo: "2027-04-24" });
  });

  const HEADER = "Equipment,Company,Validity From,Validity To,PMS";
  it("reads an ambiguous date day first when the file's other dates show it is written so", async () => {
    const result = await preview(
      contractsAt,
      csvFile([HEADER, "Day crane,Demag,04/01/2026,25/12/2026,Monthly"]),
    );
    expect(byLine(result).get("2")?.texts).toMatchObject({
      validityFrom: "2026-01-04",
      validityTo: "2026-12-25",
    });
  });

  it("refuses an ambiguous date the file does not settle, naming its row; names the formats for a non-date", async () => {
    const result = await preview(
      contractsAt,
      csvFile([
        HEADER,
        "Odd crane,Demag,04/01/2026,05/02/2026,Monthly",
        "Odd hoist,Indef,01-04-2026,soon,Monthly",
      ]),
    );
    expect(result.counts).toMatchObject({ error: 2 });
    const rows = byLine(result);
    expect(rows.get("2")?.errors).toEqual({
      validityFrom: dateMessages.ambiguous("04/01/2026", "2", "4 January", "1 April"),
      validityTo: dateMessages.ambiguous("05/02/2026", "2", "5 February", "2 May"),
    });
    expect(rows.get("3")?.errors?.validityTo).toBe(dateMessages.notADate("soon"));
    expect(rows.get("3")?.errors?.validityTo).toContain(DATE_FORMATS);
    expect(rows.get("3")?.errors?.validityTo).not.toContain("YYYY-MM-DD");
  });

  it("refuses the day/month dates of a file written both ways", async () => {
    const result = await preview(
      contractsAt,
      csvFile([HEADER, "Mixed crane,Demag,25/04/2026,04/25/2027,Monthly"]),
    );
    expect(byLine(result).get("2")?.errors).toEqual({
      validityFrom: dateMessages.mixed("25/04/2026", "2"),
      validityTo: dateMessages.mixed("04/25/2027", "2"),
    });
  });
});

describe("the forms and the import take the same values, with the same messages", () => {
  type Outcome = { ok: true } | { ok: false; message: string };

  /** A rack's Insert form (its Opening stock is the import's Available Stock). */
  async function rackForm(availableStock: string): Promise<Outcome> {
    const form = { section: "B2", materialName: `Cable ${Math.random()}`, availableStock };
    const answer = await run(
      rackInsertAction,
      buildRequest("/insertproducts/5", { form, cookie: staff.cookie }),
      {
        rackNumber: "5",
      },
    );
    if (answer.status === 302) return { ok: true };
    const { result } = (await answer.json()) as { result: { error: Record<string, string[]> } };
    return { ok: false, message: result.error.availableStock[0] };
  }
  async function rackImport(availableStock: string): Promise<Outcome> {
    const result = await preview(
      { kind: "rack-items" },
      csvFile([
        "Rack,Section,Material Name,Available Stock",
        `5,B2,Wire ${Math.random()},"${availableStock}"`,
      ]),
    );
    const [row] = result.rows;
    return row.outcome === "error" ? { ok: false, message: row.errors?.availableStock ?? "" } : { ok: true };
  }

  it("a rack's stock: '1,250' taken by both, '1,2' refused by both with the same rule", async () => {
    for (const text of ["1,250", "1,25,000", "20.5"]) {
      expect(await rackForm(text), text).toEqual({ ok: true });
      expect(await rackImport(text), text).toEqual({ ok: true });
    }
    for (const text of ["1,2", "2.5555", "-3"]) {
      const [form, imported] = [await rackForm(text), await rackImport(text)];
      expect(form.ok || imported.ok, text).toBe(false);
      // The same message, each naming its own field: the form's "Opening stock", the file's "Available stock".
      if (!form.ok && !imported.ok)
        expect(form.message.replace("Opening stock", "Available stock"), text).toBe(imported.message);
    }
    const rows = await db.select().from(rackItems).where(eq(rackItems.rackNumber, 5));
    expect(rows.map((row) => Number(row.availableStock)).sort((a, b) => a - b)).toEqual([
      20.5, 1250, 125_000,
    ]);
  });

  const SPARES = "Serial Number,Assets,Components/Equipments,Available stock,Min Stock,Lead time";
  let srno = 7000;
  async function sparesForm(field: "srno" | "AvailableStock", text: string): Promise<Outcome> {
    const form = {
      srno: String(++srno),
      Assets: "Form pump",
      ComponentsAndEquipments: "Seal",
      AvailableStock: "3",
      MinStock: "1",
      LeadTime: "2",
      StatusofOrder: "",
      [field]: text,
    };
    const answer = await run(
      sparesInsertAction,
      buildRequest("/insertproduct/FireFight", { form, cookie: staff.cookie }),
      {
        department: "FireFight",
      },
    );
    if (answer.status === 302) return { ok: true };
    const reply = (await answer.json()) as { error: Record<string, string[]> };
    return { ok: false, message: reply.error[field][0] };
  }
  async function sparesImport(field: "srno" | "AvailableStock", text: string): Promise<Outcome> {
    const cells = { srno: String(++srno), AvailableStock: "3", [field]: text };
    const result = await preview(
      { department: "FireFight" },
      csvFile([SPARES, `"${cells.srno}",Import pump,Seal,"${cells.AvailableStock}",1,2`]),
    );
    const [row] = result.rows;
    return row.outcome === "error" ? { ok: false, message: row.errors?.[field] ?? "" } : { ok: true };
  }

  it("a spares line: the stock's 2.5 and '1,250' taken by both, a serial number of 2.5 refused by both", async () => {
    for (const text of ["2.5", "1,250"]) {
      expect(await sparesForm("AvailableStock", text), text).toEqual({ ok: true });
      expect(await sparesImport("AvailableStock", text), text).toEqual({ ok: true });
    }
    for (const [field, text] of [
      ["srno", "2.5"],
      ["AvailableStock", "1,2"],
      ["AvailableStock", "2.0005"],
    ] as const) {
      const form = await sparesForm(field, text);
      expect(form.ok, text).toBe(false);
      expect(await sparesImport(field, text), text).toEqual(form);
    }
  });

  async function contractForm(mobileNumber: string): Promise<Outcome> {
    const form = {
      equipment: `Form crane ${Math.random()}`,
      company: "Demag",
      validityFrom: "2026-04-01",
      validityTo: "2027-03-31",
      pms: "Monthly",
      mobileNumber,
    };
    const answer = await run(
      contractInsertAction,
      buildRequest("/amcinsert", { form, cookie: staff.cookie }),
    );
    if (answer.status === 302) return { ok: true };
    const { result } = (await answer.json()) as { result: { error: Record<string, string[]> } };
    return { ok: false, message: result.error.mobileNumber[0] };
  }
  async function contractImport(mobileNumber: string): Promise<Outcome> {
    const result = await preview(
      contractsAt,
      csvFile([
        "Equipment,Company,Validity From,Validity To,PMS,Mobile Number",
        `Import crane ${Math.random()},Demag,2026-04-01,2027-03-31,Monthly,${mobileNumber}`,
      ]),
    );
    const [row] = result.rows;
    return row.outcome === "error" ? { ok: false, message: row.errors?.mobileNumber ?? "" } : { ok: true };
  }

  it("a contract's mobile number: '98765' refused by both with the hint's words, a real one taken", async () => {
    for (const text of ["98765", "12345 67890"]) {
      expect(await contractForm(text), text).toEqual({ ok: false, message: contractMessages.phone });
      expect(await contractImport(text), text).toEqual({ ok: false, message: contractMessages.phone });
    }
    for (const text of ["98765 43210", "+91 98450 12345"]) {
      expect(await contractForm(text), text).toEqual({ ok: true });
      expect(await contractImport(text), text).toEqual({ ok: true });
    }
  });
});
