import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { users } from "#app/auth/table.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import { sopRecords } from "#app/sop/table.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { signedInUser } from "#tests/support/users.ts";
import { type ImportReport, importLegacy } from "../../scripts/legacy/import.ts";

// `npm run import-legacy` (issue 18) on a small mongoexport written for the purpose
// (tests/fixtures/legacy/plant): what comes across and how it is mapped, what is refused and why
// (the report file), and that a second run — through the command itself — adds nothing.

const FIXTURE = path.resolve("tests/fixtures/legacy/plant");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "legacy-import-"));
const reportPath = path.join(work, "report.json");
const admin = await signedInUser(); // the first account of the file's database is the admin
let adminId: string;
let first: ImportReport;

const tableCounts = async () => {
  const [row] = await db.execute<Record<string, string>>(sql`
    select (select count(*) from inventory_items) as lines, (select count(*) from rack_items) as racks,
      (select count(*) from contracts) as contracts, (select count(*) from rack_files) as files,
      (select count(*) from sop_records) as checklists, (select count(*) from stock_movements) as movements,
      (select count(*) from audit_log) as audit, (select count(*) from legacy_ids) as legacy`);
  return row;
};

beforeAll(async () => {
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
  adminId = me.id;
  first = await importLegacy(db, FIXTURE, { userId: adminId, reportPath, timeZone: "Asia/Kolkata" });
});

describe("the legacy import", () => {
  it("counts per collection what was read, imported and refused", () => {
    expect(first.counts).toEqual({
      electrician: { read: 6, imported: 3, skipped: 0, rejected: 3 },
      firefight: { read: 1, imported: 1, skipped: 0, rejected: 0 },
      technician: { read: 2, imported: 1, skipped: 0, rejected: 1 },
      "rack-items": { read: 4, imported: 2, skipped: 0, rejected: 2 },
      equipment: { read: 3, imported: 1, skipped: 0, rejected: 2 },
      files: { read: 5, imported: 3, skipped: 0, rejected: 2 },
      "as11-checklists": { read: 3, imported: 2, skipped: 0, rejected: 1 },
    });
    expect(first.ignoredFiles).toEqual(["users.json"]);
  });

  it("maps the spares lines: numbers as text, thousands separators, a derived status; stock as an opening movement", async () => {
    const lines = await db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.department, "Electrician"))
      .orderBy(inventoryItems.srno);
    expect(lines.map((line) => [line.srno, line.componentsAndEquipments, line.availableStock])).toEqual([
      [1, "Fuel filter", 12],
      [2, "Armoured cable 4C [m]", 1250.5],
      [6, "Gland packing", 0],
    ]);
    expect(lines[1]).toMatchObject({ minStock: 100, leadTimeDays: 10 });
    expect(lines[2].assets).toBe('=HYPERLINK("http://evil.test","x")');
    const openings = await db
      .select({ kind: stockMovements.kind, quantity: stockMovements.quantity, by: stockMovements.createdBy })
      .from(stockMovements)
      .where(eq(stockMovements.inventoryItemId, lines[1].id));
    expect(openings).toEqual([{ kind: "opening", quantity: 1250.5, by: adminId }]);
    const [fire] = await db.select().from(inventoryItems).where(eq(inventoryItems.department, "FireFight"));
    expect(fire).toMatchObject({ srno: 10, availableStock: 6, leadTimeDays: 14 });
  });

  it("puts rack items in through the ledger (closing = available + receipt − issue), 'rack7' read as rack 7", async () => {
    const items = await db.select().from(rackItems).orderBy(rackItems.rackNumber);
    expect(items.map((item) => [item.rackNumber, item.materialName, item.closingStock])).toEqual([
      [3, "Kosan valve SC", 5.5],
      [7, "Fuse 10 A", 9],
    ]);
    const fuseMoves = await db
      .select({ kind: stockMovements.kind, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.rackItemId, items[1].id))
      .orderBy(stockMovements.id);
    expect(fuseMoves).toEqual([
      { kind: "opening", quantity: 10 },
      { kind: "receipt", quantity: 1 },
      { kind: "issue", quantity: -2 },
    ]);
  });

  it("maps a contract's legacy dates (a Mongo date, dd/mm/yyyy) to the plant's calendar dates, and its PMS label", async () => {
    const [contract] = await db.select().from(contracts);
    expect(contract).toMatchObject({
      equipment: "Air compressor",
      validityFrom: "2026-01-31",
      validityTo: "2026-12-31",
      pms: "Quarterly",
      mobileNumber: "9876543210",
      lastCheckedOn: "2026-10-01",
      nextDueOn: "2027-01-01",
    });
  });

  it("brings each cupboard rack's files across one by one, and AS11 checklists as SOP records", async () => {
    const files = await db
      .select({ rack: rackFiles.rackName, id: rackFiles.fileNumber, name: rackFiles.name })
      .from(rackFiles)
      .orderBy(rackFiles.rackName, rackFiles.fileNumber);
    expect(files).toEqual([
      { rack: "Rack1A", id: 1, name: "Boiler licence" },
      { rack: "Rack1A", id: 2, name: "Fire NOC" },
      { rack: "Rack2C", id: 5, name: "Insurance" },
    ]);
    const records = await db
      .select({ date: sopRecords.recordDate, data: sopRecords.data })
      .from(sopRecords)
      .where(eq(sopRecords.format, "AS11"))
      .orderBy(sopRecords.recordDate);
    expect(records.map((record) => record.date)).toEqual(["2026-11-20", "2026-11-21"]);
    const data = records[0].data as { lorryNo: string; criteria: { status: string; remarks: string }[] };
    expect(data.lorryNo).toBe("KA-01-AB-1234");
    expect(data.criteria).toHaveLength(15);
    expect(data.criteria.slice(0, 4).map((criterion) => criterion.status)).toEqual(["Yes", "No", "", ""]);
    expect((records[1].data as typeof data).criteria[0]).toEqual({
      status: "No",
      remarks: "Spark arrestor missing",
    });
  });

  it("audits every record it creates, by the importing account", async () => {
    const created = await db
      .select({ entity: auditLog.entity, count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, "create"), eq(auditLog.userId, adminId)))
      .groupBy(auditLog.entity)
      .orderBy(auditLog.entity);
    expect(Object.fromEntries(created.map((row) => [row.entity, row.count]))).toMatchObject({
      contract: 1,
      inventory_item: 5,
      rack_file: 3,
      rack_item: 2,
      sop_record: 2,
      // The openings of the lines and items with stock, a rack item's receipt and issue.
      stock_movement: 4 + 2 + 2,
    });
  });

  it("writes every refused document to the report with the reason", () => {
    const report = JSON.parse(fs.readFileSync(reportPath, "utf8")) as ImportReport;
    const reasons = report.rejected.map((entry) => [entry.collection, entry._id, entry.reason]);
    expect(report.rejected).toHaveLength(11);
    expect(reasons).toEqual(
      expect.arrayContaining([
        ["electrician", "64a1f0c2e4b0a1b2c3d40003", "LeadTime: Please fill all required fields."],
        ["electrician", "64a1f0c2e4b0a1b2c3d40004", "Serial number 1 is already used in Electrician."],
        ["electrician", null, expect.stringMatching(/^Not a JSON document/)],
        ["technician", null, expect.stringMatching(/^No _id/)],
        ["rack-items", "64a1f0c2e4b0a1b2c3d40303", "rackNumber: '30' is not a rack (1 to 24)."],
        ["rack-items", "64a1f0c2e4b0a1b2c3d40304", expect.stringMatching(/^closingStock: /)],
        ["equipment", "64a1f0c2e4b0a1b2c3d40402", "pms: Choose Monthly, Quarterly, Yearly or Fortnightly."],
        [
          "equipment",
          "64a1f0c2e4b0a1b2c3d40403",
          "validityTo: Validity to must not be before validity from.",
        ],
        ["files", "64a1f0c2e4b0a1b2c3d40521", expect.stringMatching(/^name: 'Rack9Z' is not a rack/)],
        ["files", "64a1f0c2e4b0a1b2c3d40532", "Both fields are required."],
        ["as11-checklists", "64a1f0c2e4b0a1b2c3d40603", "lorryNo: Lorry number is required."],
      ]),
    );
    const line = report.rejected.find((entry) => entry._id === "64a1f0c2e4b0a1b2c3d40004");
    expect(line).toMatchObject({ file: "electricians.jsonl", line: 4, document: { Assets: "DG Set 2" } });
  });

  it("adds nothing when run again (npm run import-legacy): what came across is skipped, the refused are refused again", async () => {
    const before = await tableCounts();
    const secondReport = path.join(work, "second.json");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/legacy/cli.ts", FIXTURE, "--report", secondReport],
      { env: { ...process.env, DATA_DIR: work }, timeout: 60_000 },
    );
    expect(stdout).toContain(`as ${admin.email}`);
    expect(stdout).toMatch(/Electrician spares lines\s+6 read\s+0 imported\s+3 already there\s+3 refused/);
    expect(stdout).toMatch(/Files left alone .*users\.json/);
    expect(await tableCounts()).toEqual(before);
    const second = JSON.parse(fs.readFileSync(secondReport, "utf8")) as ImportReport;
    for (const [key, counts] of Object.entries(first.counts))
      expect(second.counts[key], key).toEqual({ ...counts, imported: 0, skipped: counts.imported });
    expect(second.rejected.map((entry) => entry.reason)).toEqual(first.rejected.map((entry) => entry.reason));
  }, 90_000);
});
