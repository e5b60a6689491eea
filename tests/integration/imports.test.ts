import { and, count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { type Counts, type PreviewRow, previewImport } from "#app/imports/engine.server.ts";
import { action as previewAction, loader as previewLoader } from "#app/imports/routes/preview.tsx";
import { action as undoAction } from "#app/imports/routes/undo.tsx";
import { action as uploadAction, loader as uploadLoader } from "#app/imports/routes/upload.tsx";
import { imports } from "#app/imports/table.server.ts";
import { recordMovement } from "#app/ledger/movements.server.ts";
import { addDays } from "#app/lib/dates.ts";
import { sparesKind } from "#app/spares/import.server.ts";
import { getLineBySrno } from "#app/spares/queries.server.ts";
import { loader as inventoryExport } from "#app/spares/routes/export.ts";
import { messages } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { importMessages, MAX_IMPORT_ROWS } from "#app/spreadsheets/import-rules.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { buildRequest, ORIGIN, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Imports (issue 18): upload → preview → confirm → undo, against a real PostgreSQL. Files are
// made here with exceljs (the same library users' Excel files are read with) and as CSV text.

const admin = await signedInUser(); // the first account of the file's database is the admin
const staff = await signedInUser();
const viewer = await signedInUser();
await db.update(users).set({ role: "viewer" }).where(eq(users.email, viewer.email));
const [{ id: staffId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, staff.email));
const department = "FireFight";
const params = { department };
const HEADERS = [
  "Serial Number",
  "Assets",
  "Components/Equipments",
  "Available stock",
  "Min Stock",
  "Lead time",
  "Excess/Short Fall",
  "Status of Order",
];

beforeAll(async () => {
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
      min_stock, lead_time_days)
    select 'FireFight', n,
      case when n = 2 then '=cmd|'' /C calc''!A0' else 'Pump ' || n end,
      case when n = 3 then '-Minus' else 'Seal' end, 1234.5, 2, 3.5
    from generate_series(1, 20) as n`);
  // The stock as the ledger keeps it: the cached figure is the sum of the line's movements.
  await db.execute(sql`
    insert into stock_movements (inventory_item_id, moved_on, kind, quantity)
    select id, ${plantToday()}, 'opening', available_stock from inventory_items where department = 'FireFight'`);
});

function upload(file: File, cookie = staff.cookie) {
  const form = new FormData();
  form.set("file", file);
  return new Request(new URL(`/import/products/${department}`, ORIGIN), {
    method: "POST",
    body: form,
    headers: { cookie, origin: ORIGIN },
  });
}

async function xlsxFile(rows: unknown[][], name = "spares.xlsx", headers = HEADERS) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(department);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new File([await workbook.xlsx.writeBuffer()], name);
}

const csvFile = (text: string, name = "spares.csv") => new File([text], name, { type: "text/csv" });

type Preview = {
  error?: string;
  id: string;
  counts: Counts;
  rows: (PreviewRow & { texts: Record<string, string> })[];
};
const NO_COUNTS: Counts = { new: 0, changed: 0, unchanged: 0, error: 0, total: 0 };

/** Uploads a file; answers the preview page's data, or the upload form's error. */
async function preview(file: File, cookie = staff.cookie): Promise<Preview> {
  const answer = await run(uploadAction, upload(file, cookie), params);
  if (answer.status !== 302)
    return { error: ((await answer.json()) as { error: string }).error, id: "", counts: NO_COUNTS, rows: [] };
  const location = answer.headers.get("location") ?? "";
  const id = location.split("/").pop() ?? "";
  const page = await run(previewLoader, buildRequest(location, { cookie }), { ...params, id });
  expect(page.status).toBe(200);
  return { id, ...((await page.json()) as Omit<Preview, "id">) };
}

async function exported(format: "xlsx" | "csv") {
  const answer = await run(
    inventoryExport,
    buildRequest(`/products/${department}/export?format=${format}`, { cookie: admin.cookie }),
    params,
  );
  return new File([await answer.arrayBuffer()], `export.${format}`);
}

const lineCount = async () =>
  (await db.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.department, department)))[0]
    .n;
const importCount = async () => (await db.select({ n: count() }).from(imports))[0].n;
const movementCount = async () => (await db.select({ n: count() }).from(stockMovements))[0].n;

const lineOf = async (srno: number) =>
  (
    await db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.department, department), eq(inventoryItems.srno, srno)))
  )[0];

/** A line's cached stock, the sum of its movements and the movements in the order entered. */
async function ledgerOf(srno: number) {
  const line = await lineOf(srno);
  const movements = await db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.inventoryItemId, line.id))
    .orderBy(stockMovements.createdAt, stockMovements.id);
  const sum = movements.reduce((total, row) => total + Math.round(row.quantity * 1000), 0) / 1000;
  return { line, stock: Number(line.availableStock), sum, movements };
}

async function confirm(id: string) {
  return run(
    previewAction,
    buildRequest(`/import/products/${department}/${id}`, { form: {}, cookie: staff.cookie }),
    { ...params, id },
  );
}

async function undo(id: string) {
  return run(
    undoAction,
    buildRequest(`/import/products/${department}/${id}/undo`, { form: {}, cookie: admin.cookie }),
    { ...params, id },
  );
}

describe("round trip", () => {
  it.each([
    "xlsx",
    "csv",
  ] as const)("an unedited %s export previews as every row unchanged", async (format) => {
    const result = await preview(await exported(format));
    expect(result.error).toBeUndefined();
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 20, error: 0, total: 20 });
  });

  it("confirming an unedited export changes no line and writes no movement", async () => {
    const lines = await lineCount();
    const movements = await movementCount();
    const result = await preview(await exported("xlsx"));
    expect(result.counts.unchanged).toBe(result.counts.total);
    expect((await confirm(result.id)).status).toBe(302);
    expect(await lineCount()).toBe(lines);
    expect(await movementCount()).toBe(movements);
  });
});

describe("the stock goes through the ledger", () => {
  it("a new line opens with its figure, a changed figure is a count, and undo counts it back", async () => {
    const result = await preview(
      await xlsxFile(
        [
          [6, "Pump 6", "Seal", 1000, 2, 3.5, null, "Available"],
          [803, "Ledger pump A", "Gland", 7.25, 5, 2, null, ""],
          [804, "Ledger pump B", "Gland", 0, 5, 2, null, ""],
        ],
        "ledger.xlsx",
      ),
    );
    expect(result.counts).toMatchObject({ new: 2, changed: 1, error: 0 });
    expect((await confirm(result.id)).status).toBe(302);

    const six = await ledgerOf(6);
    expect(six.stock).toBe(1000);
    expect(six.sum).toBe(six.stock);
    expect(six.movements.map((row) => row.kind)).toEqual(["opening", "count"]);
    expect(six.movements[1]).toMatchObject({
      quantity: -234.5,
      counted: 1000,
      movedOn: plantToday(),
      remark: "Imported from ledger.xlsx",
    });
    const a = await ledgerOf(803);
    expect(a.stock).toBe(7.25);
    expect(a.sum).toBe(a.stock);
    expect(a.movements).toHaveLength(1);
    expect(a.movements[0]).toMatchObject({
      kind: "opening",
      quantity: 7.25,
      remark: "Imported from ledger.xlsx",
    });
    const b = await ledgerOf(804);
    expect(b.stock).toBe(0);
    expect(b.movements).toHaveLength(0);
    // Every movement the import wrote audited as the ledger's own, the openings (written in bulk,
    // audited last) as the count.
    for (const movement of [six.movements[1], a.movements[0]]) {
      const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, movement.id));
      expect(entries.map((entry) => [entry.entity, entry.action])).toEqual([["stock_movement", "create"]]);
      expect(entries[0].after).toMatchObject({
        id: movement.id,
        kind: movement.kind,
        remark: movement.remark,
      });
    }

    expect((await undo(result.id)).status).toBe(302);
    expect((await db.select().from(imports).where(eq(imports.id, result.id)))[0].status).toBe("undone");
    // The new lines went, and their movements with them.
    expect(await lineOf(803)).toBeUndefined();
    const orphans = await db
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.inventoryItemId, a.line.id));
    expect(orphans[0].n).toBe(0);
    const back = await ledgerOf(6);
    expect(back.stock).toBe(1234.5);
    expect(back.sum).toBe(back.stock);
    expect(back.movements.map((row) => row.kind)).toEqual(["opening", "count", "count"]);
    expect(back.movements[2]).toMatchObject({ counted: 1234.5, remark: "Undid the import of ledger.xlsx" });
  });

  it("refuses to undo once a line has a movement since the import", async () => {
    const result = await preview(await xlsxFile([[7, "Pump 7", "Seal", 50, 2, 3.5, null, "Available"]]));
    expect((await confirm(result.id)).status).toBe(302);
    const seven = await lineOf(7);
    const receipt = await recordMovement(
      db,
      { type: "spare", id: seven.id },
      { kind: "receipt", movedOn: plantToday(), quantity: 5 },
      staffId,
    );
    expect(receipt.ok).toBe(true);
    expect((await undo(result.id)).status).toBe(302);
    expect((await db.select().from(imports).where(eq(imports.id, result.id)))[0].status).toBe("committed");
    const after = await ledgerOf(7);
    expect(after.stock).toBe(55);
    expect(after.sum).toBe(after.stock);
    expect(after.movements.map((row) => row.kind)).toEqual(["opening", "count", "receipt"]);
  });

  it("a movement between the preview and the confirmation makes the import stale", async () => {
    const result = await preview(await xlsxFile([[8, "Pump 8", "Seal", 10, 2, 3.5, null, "Available"]]));
    const eight = await lineOf(8);
    await recordMovement(
      db,
      { type: "spare", id: eight.id },
      { kind: "issue", movedOn: plantToday(), quantity: 4 },
      staffId,
    );
    const answer = await confirm(result.id);
    expect(((await answer.json()) as { error: string }).error).toBe(importMessages.stale);
    const after = await ledgerOf(8);
    expect(after.stock).toBe(1230.5);
    expect(after.sum).toBe(after.stock);
  });

  it("a count the ledger refuses fails the whole import with its message, writing nothing", async () => {
    // An issue dated tomorrow (as a fixture: the pages refuse future dates) needs today's stock.
    const nine = await lineOf(9);
    await db.insert(stockMovements).values({
      inventoryItemId: nine.id,
      movedOn: addDays(plantToday(), 1),
      kind: "issue",
      quantity: -1234.5,
    });
    await db.update(inventoryItems).set({ availableStock: 0 }).where(eq(inventoryItems.id, nine.id));
    const lines = await lineCount();
    const movements = await movementCount();
    const result = await preview(
      await xlsxFile([
        [9, "Pump 9", "Seal", 100, 2, 3.5, null, "Available"],
        [805, "Never kept", "Gland", 3, 5, 2, null, ""],
      ]),
    );
    expect(result.counts).toMatchObject({ new: 1, changed: 1, error: 0 });
    const answer = await confirm(result.id);
    expect(answer.status).toBe(200); // the preview page again, with the message
    const { error } = (await answer.json()) as { error: string };
    expect(error).toMatch(/^Nothing was imported\. Serial Number 9: ./);
    expect(await lineCount()).toBe(lines);
    expect(await movementCount()).toBe(movements);
    expect((await lineOf(9)).availableStock).toBe(0);
  });
});

describe("the preview", () => {
  it("marks rows new, changed (old → new), unchanged and in error, with the form's messages", async () => {
    const result = await preview(
      await xlsxFile([
        [1, "Pump 1", "Seal", 1234.5, 2, 3.5, null, "Available"], // unchanged
        [4, "Pump 4 (renamed)", "Seal", 10, 2, 3.5, null, "Available"], // changed
        [501, "New pump", "Gland", "1,250", 5, 2, null, ""], // new, thousands separator, status derived
        [502, "", "Gland", "abc", 5, 2, null, ""], // errors
        [501, "Twice", "Gland", 1, 1, 1, null, ""], // the same key twice
        [5, "Pump 5", "Seal", 1234.5, 2, 3.5, null, "Ordered 1 Dec"], // a typed status is ignored: unchanged
        [6, "Pump 6", "Seal", 2, 2, 3.5, null, "Available"], // at its minimum: its status becomes 'Order to place'
      ]),
    );
    expect(result.counts).toEqual({ new: 1, changed: 2, unchanged: 2, error: 2, total: 7 });
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    expect(byLine.get("3")?.changes).toEqual({
      Assets: ["Pump 4", "Pump 4 (renamed)"],
      AvailableStock: [1234.5, 10],
    });
    expect(byLine.get("4")?.outcome).toBe("new");
    expect(byLine.get("7")?.outcome).toBe("unchanged");
    expect(byLine.get("8")?.changes).toEqual({
      AvailableStock: [1234.5, 2],
      StatusofOrder: ["Available", "Order to place"],
    });
    expect(byLine.get("5")?.errors).toEqual({
      Assets: messages.required,
      AvailableStock: "Available stock must be a number.",
    });
    expect(byLine.get("6")?.errors).toEqual({ srno: importMessages.duplicateKey("Serial Number", "4") });
    // Errors first on the page.
    expect(result.rows[0].outcome).toBe("error");
  });

  it("blocks the confirmation while rows are in error, and writes nothing", async () => {
    const before = await lineCount();
    const result = await preview(await xlsxFile([[700, "", "x", 1, 1, 1, null, ""]]));
    const answer = await run(
      previewAction,
      buildRequest(`/import/products/${department}/${result.id}`, { form: {}, cookie: staff.cookie }),
      { ...params, id: result.id },
    );
    expect(((await answer.json()) as { error: string }).error).toBe(importMessages.hasErrors);
    expect(await lineCount()).toBe(before);
  });

  it("matches headers ignoring case and spaces, and names missing and unknown columns", async () => {
    const relaxed = await preview(
      csvFile(
        "serial number,ASSETS,components/equipments,Available Stock,min stock,LEAD TIME\r\n1,Pump 1,Seal,1234.5,2,3.5\r\n",
      ),
    );
    expect(relaxed.counts).toMatchObject({ unchanged: 1, total: 1 });
    const missing = await preview(csvFile("Serial Number,Assets,Colour\r\n1,Pump,Red\r\n"));
    expect(missing.error).toBe(
      `${importMessages.missingColumns(["Components/Equipments", "Available stock", "Min Stock", "Lead time"])} ${importMessages.unknownColumns(["Colour"])}`,
    );
  });

  it("is the uploader's own: another user's preview is not found", async () => {
    const result = await preview(await exported("csv"));
    const answer = await run(
      previewLoader,
      buildRequest(`/import/products/${department}/${result.id}`, { cookie: admin.cookie }),
      { ...params, id: result.id },
    );
    expect(answer.status).toBe(404);
  });
});

describe("confirm and undo", () => {
  it("writes every row in one go with one audit entry, and an admin undoes it while nothing changed", async () => {
    const before = await lineCount();
    const result = await preview(
      await xlsxFile([
        [5, "Pump 5 changed", "Seal", 1234.5, 2, 3.5, null, "Available"],
        [801, "Import pump A", "Gland", 0, 5, 2, null, ""],
        [802, "Import pump B", "Gland", 9, 5, 2, null, "Ordered 1 Dec"],
      ]),
    );
    const confirmed = await run(
      previewAction,
      buildRequest(`/import/products/${department}/${result.id}`, { form: {}, cookie: staff.cookie }),
      { ...params, id: result.id },
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`/products/${department}`);
    expect(await lineCount()).toBe(before + 2);
    // The status is the stock's (0 ≤ 5, 9 > 5); the one typed in the file ('Ordered 1 Dec') is ignored.
    expect((await getLineBySrno(db, department, 801))?.StatusofOrder).toBe("Order to place");
    expect((await getLineBySrno(db, department, 802))?.StatusofOrder).toBe("Available");
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(entries).toHaveLength(1);
    expect((entries[0].after as { message: string }).message).toBe(
      `Imported 3 rows from spares.xlsx by ${staff.email}`,
    );

    // A second confirmation of the same preview writes nothing.
    const again = await run(
      previewAction,
      buildRequest(`/import/products/${department}/${result.id}`, { form: {}, cookie: staff.cookie }),
      { ...params, id: result.id },
    );
    expect(((await again.json()) as { error: string }).error).toBe(importMessages.expired);

    // Staff may not undo; the admin may.
    const undoPath = `/import/products/${department}/${result.id}/undo`;
    expect(
      (
        await run(undoAction, buildRequest(undoPath, { form: {}, cookie: staff.cookie }), {
          ...params,
          id: result.id,
        })
      ).status,
    ).toBe(403);
    const undone = await run(undoAction, buildRequest(undoPath, { form: {}, cookie: admin.cookie }), {
      ...params,
      id: result.id,
    });
    expect(undone.status).toBe(302);
    expect(await lineCount()).toBe(before);
    const [five] = await db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.department, department), eq(inventoryItems.srno, 5)));
    expect(five.assets).toBe("Pump 5");
  });

  it("refuses to undo an import whose lines changed since", async () => {
    const result = await preview(await xlsxFile([[901, "Import pump C", "Gland", 9, 5, 2, null, ""]]));
    await run(
      previewAction,
      buildRequest(`/import/products/${department}/${result.id}`, { form: {}, cookie: staff.cookie }),
      {
        ...params,
        id: result.id,
      },
    );
    await db
      .update(inventoryItems)
      .set({ assets: "Edited after", version: sql`${inventoryItems.version} + 1` })
      .where(and(eq(inventoryItems.department, department), eq(inventoryItems.srno, 901)));
    const undone = await run(
      undoAction,
      buildRequest(`/import/products/${department}/${result.id}/undo`, { form: {}, cookie: admin.cookie }),
      { ...params, id: result.id },
    );
    expect(undone.status).toBe(302);
    const [line] = await db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.department, department), eq(inventoryItems.srno, 901)));
    expect(line.assets).toBe("Edited after");
  });

  it("is refused to a viewer (write access needed)", async () => {
    const page = await run(
      uploadLoader,
      buildRequest(`/import/products/${department}`, { cookie: viewer.cookie }),
      params,
    );
    expect(page.status).toBe(403);
  });
});

describe("bad files: a clear message, nothing stored", () => {
  it.each([
    ["no file", new File([], ""), importMessages.noFile],
    ["an empty file", new File([], "spares.xlsx"), importMessages.empty],
    ["a PDF", new File(["%PDF-1.4"], "spares.pdf"), importMessages.wrongType],
    [
      "a damaged workbook",
      new File(["PK\u0003\u0004 not really a zip"], "spares.xlsx"),
      importMessages.corrupt,
    ],
    ["a text file named .xlsx", new File(["Serial Number,Assets"], "spares.xlsx"), importMessages.corrupt],
    [
      "a password-protected workbook",
      new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])], "spares.xlsx"),
      importMessages.protected,
    ],
    ["a header and no rows", csvFile(`${HEADERS.join(",")}\r\n`), importMessages.noRows],
  ])("%s", async (_label, file, message) => {
    const before = await importCount();
    expect((await preview(file)).error).toBe(message);
    expect(await importCount()).toBe(before);
  });

  it("refuses more than 20,000 rows", async () => {
    const body = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `${i + 1},A,B,1,1,1,,`).join("\r\n");
    expect((await preview(csvFile(`${HEADERS.join(",")}\r\n${body}`))).error).toBe(
      importMessages.tooManyRows,
    );
  });

  it("refuses a file over 10 MB", async () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.csv");
    expect((await preview(big)).error).toBe(importMessages.tooLarge);
  });

  it("generated garbage never throws, never stores a line, and answers one of the messages", async () => {
    const kind = sparesKind(department);
    const before = await lineCount();
    const known = new Set(
      Object.values(importMessages).filter((message): message is string => typeof message === "string"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom("a.xlsx", "a.csv", "a.bin"),
        async (bytes, name) => {
          const outcome = await previewImport(db, kind, new File([bytes], name), staffId);
          if (outcome.ok) return; // random bytes that happen to be a CSV with our headers: a preview, not a write
          expect(
            known.has(outcome.message) ||
              outcome.message.startsWith("The file lacks") ||
              outcome.message.startsWith("The file has column"),
            outcome.message,
          ).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect(await lineCount()).toBe(before);
  });
});
