import { and, count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { createContract } from "#app/contracts/queries.server.ts";
import { loader as contractsExport } from "#app/contracts/routes/export.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { insertFiles } from "#app/file-index/queries.server.ts";
import { loader as fileIndexExport } from "#app/file-index/routes/export.ts";
import { messages as fileMessages } from "#app/file-index/rules.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import type { Counts, PreviewRow } from "#app/imports/engine.server.ts";
import { action as previewAction, loader as previewLoader } from "#app/imports/routes/preview.tsx";
import { loader as templateLoader } from "#app/imports/routes/template.ts";
import { action as undoAction } from "#app/imports/routes/undo.tsx";
import { action as uploadAction, loader as uploadLoader } from "#app/imports/routes/upload.tsx";
import { imports } from "#app/imports/table.server.ts";
import { recordMovement } from "#app/ledger/movements.server.ts";
import { dateMessages, importMessages } from "#app/spreadsheets/import-rules.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { createRackItem } from "#app/store-racks/queries.server.ts";
import { loader as racksExport } from "#app/store-racks/routes/export.ts";
import { messages as rackMessages } from "#app/store-racks/rules.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, ORIGIN, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Imports of the store racks' items, the contracts and the file index (issue 18), through the
// generic /import/{kind} pages, against a real PostgreSQL: each kind's preview (new, changed
// old → new, unchanged, error with the form's message), confirm, undo, undo refused after a later
// change, and the round trip (the list's own export, made by the export routes, previews unchanged).

const admin = await signedInUser(); // the first account of the file's database is the admin
const staff = await signedInUser();
const viewer = await signedInUser();
await db.update(users).set({ role: "viewer" }).where(eq(users.email, viewer.email));
const [{ id: staffId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));

type Slug = "rack-items" | "contracts" | "files";
type Preview = {
  error?: string;
  id: string;
  counts: Counts;
  rows: (PreviewRow & { texts: Record<string, string> })[];
};
const NO_COUNTS: Counts = { new: 0, changed: 0, unchanged: 0, error: 0, total: 0 };

function upload(kind: Slug, file: File, cookie = staff.cookie) {
  const form = new FormData();
  form.set("file", file);
  return new Request(new URL(`/import/${kind}`, ORIGIN), {
    method: "POST",
    body: form,
    headers: { cookie, origin: ORIGIN },
  });
}

/** Uploads a file; answers the preview page's data, or the upload form's error. */
async function preview(kind: Slug, file: File): Promise<Preview> {
  const answer = await run(uploadAction, upload(kind, file), { kind });
  if (answer.status !== 302)
    return { error: ((await answer.json()) as { error: string }).error, id: "", counts: NO_COUNTS, rows: [] };
  const location = answer.headers.get("location") ?? "";
  expect(location.startsWith(`/import/${kind}/`)).toBe(true);
  const id = location.split("/").pop() ?? "";
  const page = await run(previewLoader, buildRequest(location, { cookie: staff.cookie }), { kind, id });
  expect(page.status).toBe(200);
  return { id, ...((await page.json()) as Omit<Preview, "id">) };
}

const confirm = (kind: Slug, id: string) =>
  run(previewAction, buildRequest(`/import/${kind}/${id}`, { form: {}, cookie: staff.cookie }), { kind, id });

const undo = (kind: Slug, id: string) =>
  run(undoAction, buildRequest(`/import/${kind}/${id}/undo`, { form: {}, cookie: admin.cookie }), {
    kind,
    id,
  });

const statusOf = async (id: string) => (await db.select().from(imports).where(eq(imports.id, id)))[0].status;

async function xlsxFile(headers: string[], rows: unknown[][], name = "import.xlsx") {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new File([await workbook.xlsx.writeBuffer()], name);
}

const csvFile = (lines: string[], name = "import.csv") => new File([lines.join("\r\n")], name);

/** The list's own download (the export route, its writer), as a file to upload. */
async function exported(loader: typeof racksExport, path: string, format: "xlsx" | "csv"): Promise<File> {
  const answer = await run(loader, buildRequest(`${path}?format=${format}`, { cookie: admin.cookie }));
  expect(answer.status).toBe(200);
  return new File([await answer.arrayBuffer()], `export.${format}`);
}

const byLine = (result: Preview) => new Map(result.rows.map((row) => [row.line, row]));

// ---------------------------------------------------------------------------------------------
describe("store racks' items (key: Rack + Material Name; stock through the ledger)", () => {
  const HEADERS = [
    "Rack",
    "Section",
    "Material Name",
    "Available Stock",
    "Issue",
    "Receipt",
    "Closing Stock",
  ];
  const item = async (rack: number, name: string) =>
    (
      await db
        .select()
        .from(rackItems)
        .where(and(eq(rackItems.rackNumber, rack), eq(rackItems.materialName, name)))
    )[0];
  const movementsOf = async (id: string) =>
    db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.rackItemId, id))
      .orderBy(stockMovements.createdAt, stockMovements.id);

  beforeAll(async () => {
    const put = async (rack: number, section: string, name: string, stock: number) => {
      const outcome = await createRackItem(
        db,
        rack,
        { section, materialName: name },
        { availableStock: stock, issue: 0, receipt: 0 },
        staffId,
      );
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.item;
    };
    await put(3, "A", "Bolt M12", 10);
    await put(3, "A", "Nut M12", 5);
    await put(4, "B", "Gasket", 0);
    // This month's receipt and issue: the export's Available/Receipt/Issue differ from the stock.
    const moved = await put(4, "B", "Cable 2.5 sq mm", 100.5);
    for (const input of [
      { kind: "receipt", quantity: 20 },
      { kind: "issue", quantity: 30.25 },
    ] as const) {
      const outcome = await recordMovement(
        db,
        { type: "rack", id: moved._id },
        { ...input, movedOn: plantToday() },
        staffId,
      );
      expect(outcome.ok).toBe(true);
    }
  });

  it.each([
    "xlsx",
    "csv",
  ] as const)("an unedited %s export (a sheet per rack) previews every row unchanged", async (format) => {
    const result = await preview("rack-items", await exported(racksExport, "/about/export", format));
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 4, error: 0, total: 4 });
  });

  it("previews new, changed (old → new), unchanged and errors with the rack forms' messages", async () => {
    const result = await preview(
      "rack-items",
      await xlsxFile(HEADERS, [
        [3, "A", "Bolt M12", 10, 0, 0, 10], // unchanged
        [3, "Shelf 2", "nut  m12", 5, 0, 2, null], // changed: section, name's case, stock 5 → 7
        [7, "C", "Fuse 10A", 12, null, null, null], // new
        [25, "", "Relay", "abc", -1, 0, null], // errors
        [3, "A", "Bolt M12", 9, 0, 0, 12], // closing that does not add up (and the key again)
        [3, "A", "Washer", 2, 5, 0, null], // closing below zero
      ]),
    );
    expect(result.counts).toEqual({ new: 1, changed: 1, unchanged: 1, error: 3, total: 6 });
    const rows = byLine(result);
    expect(rows.get("3")?.changes).toEqual({
      section: ["A", "Shelf 2"],
      materialName: ["Nut M12", "nut  m12"],
      closingStock: [5, 7],
    });
    expect(rows.get("4")?.outcome).toBe("new");
    expect(rows.get("5")?.errors).toEqual({
      rackNumber: "Rack must be a rack number from 1 to 24.",
      section: "Section is required.",
      availableStock: "Available stock must be a number.",
      issue: "Issue cannot be below zero.",
    });
    expect(rows.get("6")?.errors).toEqual({
      closingStock:
        "Closing Stock is worked out as Available Stock + Receipt − Issue (9): change those figures, or leave Closing Stock blank.",
    });
    expect(rows.get("7")?.errors).toEqual({ closingStock: rackMessages.negativeClosingStock });
  });

  it("names the same key twice in the file, and a key two stored items share", async () => {
    const first = await createRackItem(
      db,
      9,
      { section: "D", materialName: "Lamp" },
      { availableStock: 1, issue: 0, receipt: 0 },
      staffId,
    );
    const second = await createRackItem(
      db,
      9,
      { section: "E", materialName: "LAMP" },
      { availableStock: 2, issue: 0, receipt: 0 },
      staffId,
    );
    try {
      const result = await preview(
        "rack-items",
        await xlsxFile(HEADERS, [
          [9, "D", "Lamp", 1, 0, 0, 1],
          [8, "D", "Tube", 1, 0, 0, 1],
          [8, "D", "tube", 2, 0, 0, 2],
        ]),
      );
      const rows = byLine(result);
      expect(rows.get("2")?.errors).toEqual({
        materialName: importMessages.ambiguousKey("Rack + Material Name", 2),
      });
      expect(rows.get("4")?.errors).toEqual({
        materialName: importMessages.duplicateKey("Rack + Material Name", "3"),
      });
    } finally {
      for (const created of [first, second])
        if (created.ok) await db.delete(rackItems).where(eq(rackItems.id, created.item._id));
    }
  });

  it("confirms through the ledger (an opening, a count), and an admin's undo counts the stock back", async () => {
    const result = await preview(
      "rack-items",
      await xlsxFile(
        HEADERS,
        [
          [3, "A", "Nut M12", 5, 1, 0, 4], // stock 5 → 4
          [6, "F", "Hose clip", 8, 0, 0, 8],
          [6, "F", "Empty bin", 0, 0, 0, 0],
        ],
        "racks.xlsx",
      ),
    );
    expect(result.counts).toMatchObject({ new: 2, changed: 1, error: 0 });
    const confirmed = await confirm("rack-items", result.id);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/about");

    const nut = await item(3, "Nut M12");
    expect(Number(nut.closingStock)).toBe(4);
    expect((await movementsOf(nut.id)).map((row) => [row.kind, row.remark])).toEqual([
      ["opening", null],
      ["count", "Imported from racks.xlsx"],
    ]);
    const clip = await item(6, "Hose clip");
    expect(Number(clip.closingStock)).toBe(8);
    expect((await movementsOf(clip.id)).map((row) => [row.kind, row.quantity])).toEqual([["opening", 8]]);
    const bin = await item(6, "Empty bin");
    expect(await movementsOf(bin.id)).toEqual([]);

    expect((await undo("rack-items", result.id)).status).toBe(302);
    expect(await statusOf(result.id)).toBe("undone");
    expect(await item(6, "Hose clip")).toBeUndefined();
    expect(await item(6, "Empty bin")).toBeUndefined();
    const back = await item(3, "Nut M12");
    expect(Number(back.closingStock)).toBe(5);
    expect((await movementsOf(back.id)).map((row) => row.kind)).toEqual(["opening", "count", "count"]);
  });

  it("refuses the undo once an item has a movement since the import", async () => {
    const result = await preview("rack-items", await xlsxFile(HEADERS, [[3, "A", "Bolt M12", 11, 0, 0, 11]]));
    expect((await confirm("rack-items", result.id)).status).toBe(302);
    const bolt = await item(3, "Bolt M12");
    const issue = await recordMovement(
      db,
      { type: "rack", id: bolt.id },
      { kind: "issue", movedOn: plantToday(), quantity: 1 },
      staffId,
    );
    expect(issue.ok).toBe(true);
    expect((await undo("rack-items", result.id)).status).toBe(302);
    expect(await statusOf(result.id)).toBe("committed");
    expect(Number((await item(3, "Bolt M12")).closingStock)).toBe(10);
  });
});

// ---------------------------------------------------------------------------------------------
describe("contracts (key: Equipment + Company)", () => {
  const HEADERS = [
    "Equipment",
    "Company",
    "Validity From",
    "Validity To",
    "PMS",
    "Vendor Code",
    "Contract Number",
    "Concerned Person",
    "Mobile Number",
    "Last Date of Checking",
    "Next Due Date",
    "Status",
  ];
  const contractOf = async (equipment: string) =>
    (await db.select().from(contracts).where(eq(contracts.equipment, equipment)))[0];

  beforeAll(async () => {
    await createContract(
      db,
      {
        equipment: "Fire pump",
        company: "Kirloskar",
        validityFrom: "2026-04-01",
        validityTo: "2027-03-31",
        pms: "Quarterly",
        vendorCode: "V-12",
        contractNumber: "=AMC/7", // formula-looking: the CSV carries it with an apostrophe
        concernedPerson: "R. Iyer",
        mobileNumber: "+91 98450 12345",
        lastCheckedOn: "2026-10-01",
      },
      staffId,
    );
    await createContract(
      db,
      {
        equipment: "Weighbridge",
        company: "Avery",
        validityFrom: "2026-01-01",
        validityTo: "2026-12-31",
        pms: "Monthly",
      },
      staffId,
    );
    // Entered before validity and PMS were required (the legacy data): the update rules apply.
    await db.insert(contracts).values({ equipment: "Old compressor", company: "Elgi" });
  });

  it.each(["xlsx", "csv"] as const)("an unedited %s export previews every row unchanged", async (format) => {
    const result = await preview("contracts", await exported(contractsExport, "/amc/export", format));
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0, total: 3 });
  });

  it("previews new (insert form's rules), changed, unchanged and errors with the forms' messages", async () => {
    const result = await preview(
      "contracts",
      csvFile([
        HEADERS.join(","),
        // unchanged; dd-mm-yyyy dates; the Status column is ignored
        "Weighbridge,Avery,01-01-2026,31-12-2026,Monthly,,,,,,,Expired",
        // changed: renewed, a PMS typed in lower case
        "fire pump,KIRLOSKAR,2027-04-01,2028-03-31,quarterly,V-12,'=AMC/7,R. Iyer,+91 98450 12345,2026-10-01,,",
        // new, its next due date worked out from the last checking and the PMS
        "DG set,Cummins,01-02-2026,31-01-2027,Yearly,,,,,15-03-2026,,",
        // new without what the insert form requires
        "Air dryer,Atlas,,,,,,,,,,",
        // bad values
        "Hoist,Indef,2026-05-01,2026-04-01,Weekly,,,,call me,31-02-2026,,",
      ]),
    );
    expect(result.counts).toEqual({ new: 1, changed: 1, unchanged: 1, error: 2, total: 5 });
    const rows = byLine(result);
    expect(rows.get("3")?.changes).toEqual({
      equipment: ["Fire pump", "fire pump"],
      company: ["Kirloskar", "KIRLOSKAR"],
      validityFrom: ["2026-04-01", "2027-04-01"],
      validityTo: ["2027-03-31", "2028-03-31"],
    });
    // What the confirmation would write (the page shows the file's cells): the next due date worked out.
    const [stored] = await db.select().from(imports).where(eq(imports.id, result.id));
    const dg = (stored.rows as PreviewRow[]).find((row) => row.line === "4");
    expect(dg?.values).toMatchObject({ equipment: "DG set", nextDueOn: "2027-03-15" });
    expect(rows.get("5")?.errors).toEqual({
      validityFrom: "Validity from is required.",
      validityTo: "Validity to is required.",
      pms: "PMS is required.",
    });
    expect(rows.get("6")?.errors).toEqual({
      validityTo: contractMessages.validityOrder,
      pms: contractMessages.pmsChoice,
      mobileNumber: contractMessages.phone,
      // The import's own message, naming the ways a file may write a date.
      lastCheckedOn: dateMessages.notADate("31-02-2026"),
    });
  });

  it("confirms in one go, an admin undoes it, and the undo is refused after a later change", async () => {
    const result = await preview(
      "contracts",
      await xlsxFile(
        HEADERS,
        [
          ["Weighbridge", "Avery", "01-01-2026", "31-12-2026", "Monthly", "V-99", "", "", "", "", "", ""],
          ["Crane", "ACE", "2026-06-01", "2027-05-31", "Yearly", "", "", "", "", "", "", ""],
        ],
        "amc.xlsx",
      ),
    );
    expect(result.counts).toMatchObject({ new: 1, changed: 1, error: 0 });
    const confirmed = await confirm("contracts", result.id);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/amc");
    expect((await contractOf("Weighbridge")).vendorCode).toBe("V-99");
    expect(await contractOf("Crane")).toBeDefined();

    expect((await undo("contracts", result.id)).status).toBe(302);
    expect(await statusOf(result.id)).toBe("undone");
    expect(await contractOf("Crane")).toBeUndefined();
    expect((await contractOf("Weighbridge")).vendorCode).toBe("");

    const again = await preview(
      "contracts",
      await xlsxFile(HEADERS, [
        ["Crane", "ACE", "2026-06-01", "2027-05-31", "Yearly", "", "", "", "", "", "", ""],
      ]),
    );
    expect((await confirm("contracts", again.id)).status).toBe(302);
    await db
      .update(contracts)
      .set({ concernedPerson: "Edited after", version: sql`${contracts.version} + 1` })
      .where(eq(contracts.equipment, "Crane"));
    expect((await undo("contracts", again.id)).status).toBe(302);
    expect(await statusOf(again.id)).toBe("committed");
    expect((await contractOf("Crane")).concernedPerson).toBe("Edited after");
  });
});

// ---------------------------------------------------------------------------------------------
describe("the file index (key: Rack + Sr. No)", () => {
  const HEADERS = ["Rack", "Sr. No", "Name of the File"];
  const fileOf = async (rack: string, number: number) =>
    (
      await db
        .select()
        .from(rackFiles)
        .where(and(eq(rackFiles.rackName, rack), eq(rackFiles.fileNumber, number)))
    )[0];

  beforeAll(async () => {
    expect(
      (
        await insertFiles(
          db,
          "Rack1A",
          [
            { id: 1, name: "Gate passes 2025" },
            { id: 2, name: "-Invoices" },
          ],
          staffId,
        )
      ).ok,
    ).toBe(true);
    expect((await insertFiles(db, "Rack2B", [{ id: 7, name: "Licences" }], staffId)).ok).toBe(true);
  });

  it.each([
    "xlsx",
    "csv",
  ] as const)("an unedited %s export (a sheet per rack) previews every row unchanged", async (format) => {
    const result = await preview("files", await exported(fileIndexExport, "/rackadmin/export", format));
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0, total: 3 });
  });

  it("previews new, changed (old → new), unchanged and errors with the insert row's messages", async () => {
    const result = await preview(
      "files",
      csvFile([
        HEADERS.join(","),
        "Rack1A,1,Gate passes 2025", // unchanged
        "rack 2b,7,Licences and permits", // changed (the rack's spelling relaxed)
        "Rack1C,12,Safety audits", // new
        "Rack3A,1.5,", // errors
        "Rack1A,,Minutes", // the form's one message for a blank field
      ]),
    );
    expect(result.counts).toEqual({ new: 1, changed: 1, unchanged: 1, error: 2, total: 5 });
    const rows = byLine(result);
    expect(rows.get("3")?.changes).toEqual({ name: ["Licences", "Licences and permits"] });
    expect(rows.get("5")?.errors).toEqual({
      rackName: "Rack must be one of Rack1A, Rack1B, Rack1C, Rack1D, Rack2A, Rack2B, Rack2C, Rack2D.",
      name: fileMessages.bothRequired,
    });
    expect(rows.get("6")?.errors).toEqual({ fileNumber: fileMessages.bothRequired });
  });

  it("confirms, undoes, and refuses the undo after a later change", async () => {
    const result = await preview(
      "files",
      await xlsxFile(HEADERS, [
        ["Rack1A", 2, "Invoices 2026"],
        ["Rack2D", 40, "Fire drills"],
      ]),
    );
    expect((await confirm("files", result.id)).status).toBe(302);
    expect((await fileOf("Rack1A", 2)).name).toBe("Invoices 2026");
    expect((await fileOf("Rack2D", 40)).name).toBe("Fire drills");
    expect((await undo("files", result.id)).status).toBe(302);
    expect((await fileOf("Rack1A", 2)).name).toBe("-Invoices");
    expect(await fileOf("Rack2D", 40)).toBeUndefined();

    const again = await preview("files", await xlsxFile(HEADERS, [["Rack2D", 41, "Hot work permits"]]));
    expect((await confirm("files", again.id)).status).toBe(302);
    await db
      .update(rackFiles)
      .set({ name: "Renamed", version: sql`${rackFiles.version} + 1` })
      .where(and(eq(rackFiles.rackName, "Rack2D"), eq(rackFiles.fileNumber, 41)));
    expect((await undo("files", again.id)).status).toBe(302);
    expect(await statusOf(again.id)).toBe("committed");
    expect((await fileOf("Rack2D", 41)).name).toBe("Renamed");
  });
});

// ---------------------------------------------------------------------------------------------
describe("the generic pages", () => {
  it("offer each kind's template with the export's headers", async () => {
    const answer = await run(
      templateLoader,
      buildRequest("/import/contracts/template?format=csv", { cookie: staff.cookie }),
      { kind: "contracts" },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/plantops-contracts-template-/);
    expect((await answer.text()).replace(/^\uFEFF/, "").trim()).toBe(
      "Equipment,Company,Validity From,Validity To,PMS,Vendor Code,Contract Number,Concerned Person,Mobile Number,Last Date of Checking,Next Due Date,Status",
    );
  });

  it("say the natural key on the upload page, and refuse a viewer", async () => {
    const page = await run(uploadLoader, buildRequest("/import/files", { cookie: staff.cookie }), {
      kind: "files",
    });
    expect(((await page.json()) as { keyLabel: string }).keyLabel).toBe("Rack + Sr. No");
    const refused = await run(uploadLoader, buildRequest("/import/files", { cookie: viewer.cookie }), {
      kind: "files",
    });
    expect(refused.status).toBe(403);
  });

  it("answer 404 for an address that names no list", async () => {
    const page = await run(uploadLoader, buildRequest("/import/nothing", { cookie: staff.cookie }), {
      kind: "nothing",
    });
    expect(page.status).toBe(404);
  });

  it("find a preview only under its own kind", async () => {
    const result = await preview(
      "files",
      await xlsxFile(["Rack", "Sr. No", "Name of the File"], [["Rack1B", 3, "x"]]),
    );
    const elsewhere = await run(
      previewLoader,
      buildRequest(`/import/contracts/${result.id}`, { cookie: staff.cookie }),
      { kind: "contracts", id: result.id },
    );
    expect(elsewhere.status).toBe(404);
    const rows = await db.select({ n: count() }).from(imports).where(eq(imports.id, result.id));
    expect(rows[0].n).toBe(1);
  });
});
