import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { action as auditAction, loader as auditLoader } from "#app/audit-trail/routes/audit.tsx";
import { users } from "#app/auth/table.server.ts";
import { copyValue } from "#app/backups/bring-back.server.ts";
import { nightlyBackup, nightlyBackupJob } from "#app/backups/nightly-job.server.ts";
import { action as backupsAction, loader as backupsLoader } from "#app/backups/routes/backups.tsx";
import { loader as downloadLoader } from "#app/backups/routes/download.ts";
import { backupsToKeep, DEFAULT_RETENTION } from "#app/backups/rules.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { todayFor } from "#app/home/today.server.ts";
import { startJobs, stopJobs } from "#app/jobs.server.ts";
import { recordMovement } from "#app/ledger/movements.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { outbox } from "#app/mail/table.server.ts";
import { createLine, deleteLine } from "#app/spares/queries.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { createRackItem, deleteRackItem } from "#app/store-racks/queries.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, run, toastOf } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Backups in the running app (issue 34): the nightly job on the queue, its retention, a failure
// mailed to the admins and shown on their Today, and /settings/backups (admins only): the kept
// backups, "Back up now", the download (audited) and the nightly settings.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-backup-dir-"));
process.env.BACKUP_DIR = dir;
const ZONE = "Asia/Kolkata";

let admin: Awaited<ReturnType<typeof signedInUser>>;
let viewer: Awaited<ReturnType<typeof signedInUser>>;
const person = async (who: typeof admin) => {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, who.email));
  return { ...row, sessionId: randomUUID() };
};

beforeAll(async () => {
  admin = await signedInUser();
  viewer = await signedInUser();
  await db.update(users).set({ role: "viewer" }).where(eq(users.email, viewer.email));
});

afterAll(async () => {
  await stopJobs();
  fs.rmSync(dir, { recursive: true, force: true });
});

const backupFiles = () =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".backup.gz"))
    .sort();

describe("the nightly backup", () => {
  it("is scheduled at 02:00 plant time on the job queue, once for all instances", async () => {
    const boss = await startJobs(process.env.DATABASE_URL ?? "");
    expect(await boss.getSchedules()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: nightlyBackupJob.name,
          cron: "0 2 * * *",
          options: expect.objectContaining({ tz: serverSettings().PLANT_TIME_ZONE }),
        }),
      ]),
    );
  });

  it("writes a backup into BACKUP_DIR and keeps 7 daily, 4 weekly and 12 monthly", async () => {
    // A year and a half of nights before today, as files (empty: only their names count here).
    const older = Array.from({ length: 500 }, (_, index) => {
      const day = new Date(Date.UTC(2026, 10, 25) - index * 86_400_000).toISOString().slice(0, 10);
      return `plantops-${day}-020000.backup.gz`;
    });
    for (const name of older) fs.writeFileSync(path.join(dir, name), "");
    fs.writeFileSync(path.join(dir, "notes.txt"), "the IT person's notes");
    const outcome = await nightlyBackup(new Date("2026-11-25T20:30:00Z"));
    expect(outcome.ok).toBe(true);
    const made = "plantops-2026-11-26-020000.backup.gz";
    expect(backupFiles()).toEqual([...backupsToKeep([...older, made], DEFAULT_RETENTION)].sort());
    expect(backupFiles()).toHaveLength(7 + 2 + 11);
    expect(backupFiles()).toContain(made);
    expect(fs.statSync(path.join(dir, made)).size).toBeGreaterThan(1000);
    expect(fs.existsSync(path.join(dir, "notes.txt"))).toBe(true);
  });

  it("mails the admins through the outbox when it fails, and Today shows admins the failure", async () => {
    const settings = serverSettings();
    const kept = settings.BACKUP_DIR;
    // A file where the folder should be: the backup cannot be written.
    const blocked = path.join(dir, "notes.txt");
    settings.BACKUP_DIR = path.join(blocked, "backups");
    try {
      const outcome = await nightlyBackup(new Date());
      expect(outcome).toMatchObject({ ok: false, message: expect.stringMatching(/ENOTDIR|not a directory/) });
    } finally {
      settings.BACKUP_DIR = kept;
    }
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "backup"));
    expect(mails.map((mail) => mail.recipient)).toEqual([admin.email]);
    expect(mails[0].subject).toBe("PlantOps: the backup failed");
    expect(mails[0].body).toMatch(/not a directory/);

    const now = new Date();
    const adminToday = await todayFor(db, await person(admin), now, ZONE);
    const card = adminToday.cards.find((item) => item.id === "backups");
    expect(card?.summary).toMatch(/^The last backup failed/);
    const viewerToday = await todayFor(db, await person(viewer), now, ZONE);
    expect(viewerToday.cards.map((item) => item.id)).not.toContain("backups");
  });
});

describe("/settings/backups", () => {
  it("is for admins only: a viewer may neither open it nor download", async () => {
    expect(
      (await run(backupsLoader, buildRequest("/settings/backups", { cookie: viewer.cookie }))).status,
    ).toBe(403);
    const name = backupFiles().at(-1) ?? "";
    const download = await run(
      downloadLoader,
      buildRequest(`/settings/backups/${name}`, { cookie: viewer.cookie }),
      {
        name,
      },
    );
    expect(download.status).toBe(403);
  });

  it("backs up now, shows it first with its size, and hides Today's card again", async () => {
    const response = await run(
      backupsAction,
      buildRequest("/settings/backups", { cookie: admin.cookie, form: { intent: "back-up-now" } }),
    );
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toMatch(/^Backed up: plantops-.*\.backup\.gz \(\d+\.\d MB/);
    const page = (await (
      await run(backupsLoader, buildRequest("/settings/backups", { cookie: admin.cookie }))
    ).json()) as {
      kept: { name: string; size: string }[];
      failure: unknown;
      stale: boolean;
    };
    expect(page.kept[0].name).toBe(backupFiles().at(-1));
    expect(page.failure).toBeNull();
    expect(page.stale).toBe(false);
    const today = await todayFor(db, await person(admin), new Date(), ZONE);
    expect(today.cards.map((item) => item.id)).not.toContain("backups");
  });

  it("downloads a kept backup for an admin and records it in the audit log; other names are not found", async () => {
    const name = backupFiles().at(-1) ?? "";
    const response = await run(
      downloadLoader,
      buildRequest(`/settings/backups/${name}`, { cookie: admin.cookie }),
      {
        name,
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fs.readFileSync(path.join(dir, name)));
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "backup_download"), eq(auditLog.entityId, name)));
    expect(entries).toHaveLength(1);
    for (const bad of ["../../etc/passwd", "notes.txt", "plantops-2020-01-01-000000.backup.gz"]) {
      const missing = await run(
        downloadLoader,
        buildRequest("/settings/backups/x", { cookie: admin.cookie }),
        {
          name: bad,
        },
      );
      expect(missing.status).toBe(404);
    }
  });

  it("saves the nightly time and retention, and refuses a wrong time with the form filled in", async () => {
    const wrong = await run(
      backupsAction,
      buildRequest("/settings/backups", {
        cookie: admin.cookie,
        form: { intent: "settings", time: "25:00", daily: "7", weekly: "4", monthly: "12" },
      }),
    );
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(body.result.error.time).toEqual(["Enter a time such as 02:00."]);
    expect(body.result.initialValue.time).toBe("25:00");
    const saved = await run(
      backupsAction,
      buildRequest("/settings/backups", {
        cookie: admin.cookie,
        form: { intent: "settings", time: "03:30", daily: "5", weekly: "2", monthly: "6" },
      }),
    );
    expect(saved.status).toBe(302);
    const page = (await (
      await run(backupsLoader, buildRequest("/settings/backups", { cookie: admin.cookie }))
    ).json()) as {
      settings: unknown;
    };
    expect(page.settings).toEqual({ time: "03:30", daily: 5, weekly: 2, monthly: 6 });
    const boss = await startJobs(process.env.DATABASE_URL ?? "");
    expect(await boss.getSchedules()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: nightlyBackupJob.name, cron: "30 3 * * *" })]),
    );
  });
});

describe("bringing one deleted record back from /audit", () => {
  it("reads COPY's escapes back", () => {
    expect(copyValue("\\N")).toBeNull();
    expect(copyValue("a\\tb\\nc\\\\d")).toBe("a\tb\nc\\d");
  });

  it("brings a rack item back with its stock movements, as a new audited change, for an admin only", async () => {
    const { id: adminId } = await person(admin);
    const created = await createRackItem(
      db,
      7,
      { section: "B", materialName: "Valve 19 mm" },
      { availableStock: 40, issue: 0, receipt: 0 },
      adminId,
    );
    if (!created.ok) throw new Error(created.message);
    const id = created.item._id;
    for (const quantity of [5, 7])
      await recordMovement(
        db,
        { type: "rack", id },
        { kind: "receipt", movedOn: plantToday(), quantity },
        adminId,
      );
    const before = await db.select().from(stockMovements).where(eq(stockMovements.rackItemId, id));
    expect(before).toHaveLength(3);
    await run(
      backupsAction,
      buildRequest("/settings/backups", { cookie: admin.cookie, form: { intent: "back-up-now" } }),
    );
    expect(await deleteRackItem(db, 7, id, adminId)).toBe(true);

    const list = (await (
      await run(auditLoader, buildRequest("/audit?type=rack_item", { cookie: admin.cookie }))
    ).json()) as {
      rows: { entityId: string; action: string; bringBack: boolean }[];
    };
    expect(list.rows.find((row) => row.entityId === id && row.action === "delete")?.bringBack).toBe(true);
    const form = { intent: "bring-back", entity: "rack_item", id };
    const refused = await run(auditAction, buildRequest("/audit", { cookie: viewer.cookie, form }));
    expect(refused.status).toBe(403);

    const response = await run(
      auditAction,
      buildRequest("/audit?type=rack_item", { cookie: admin.cookie, form }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/audit?type=rack_item");
    expect((await toastOf(response))?.message).toMatch(
      /^Rack item brought back from the backup plantops-.* with 3 stock movements\.$/,
    );
    const [item] = await db.select().from(rackItems).where(eq(rackItems.id, id));
    expect(item).toMatchObject({ materialName: "Valve 19 mm", closingStock: 52 });
    const after = await db.select().from(stockMovements).where(eq(stockMovements.rackItemId, id));
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "rack_item"), eq(auditLog.entityId, id), eq(auditLog.action, "create")));
    expect(
      entries.map((entry) => (entry.after as { broughtBackFrom?: string }).broughtBackFrom).filter(Boolean),
    ).toHaveLength(1);

    const again = await run(auditAction, buildRequest("/audit", { cookie: admin.cookie, form }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      bringBackError: "This record exists: there is nothing to bring back.",
    });
  });

  it("says so when no kept backup holds the record", async () => {
    const { id: adminId } = await person(admin);
    const created = await createRackItem(
      db,
      7,
      { section: "C", materialName: "Added after the backup" },
      { availableStock: 1, issue: 0, receipt: 0 },
      adminId,
    );
    if (!created.ok) throw new Error(created.message);
    await deleteRackItem(db, 7, created.item._id, adminId);
    const response = await run(
      auditAction,
      buildRequest("/audit", {
        cookie: admin.cookie,
        form: { intent: "bring-back", entity: "rack_item", id: created.item._id },
      }),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { bringBackError: string }).bringBackError).toMatch(
      /^No kept backup holds this record/,
    );
  });

  it("brings a spares line back with its stock, unless another line has taken its serial number since", async () => {
    const { id: adminId } = await person(admin);
    const line = {
      srno: 4242,
      Assets: "Compressor",
      ComponentsAndEquipments: "Valve plate",
      AvailableStock: 6,
      MinStock: 2,
      LeadTime: 10,
    };
    const created = await createLine(db, "FireFight", line, adminId);
    if (!created.ok) throw new Error("line not created");
    const id = created.line._id;
    const backedUp = await run(
      backupsAction,
      buildRequest("/settings/backups", { cookie: admin.cookie, form: { intent: "back-up-now" } }),
    );
    expect(backedUp.status, await backedUp.clone().text()).toBe(302);
    expect(await deleteLine(db, "FireFight", id, adminId)).toBe("deleted");
    const form = { intent: "bring-back", entity: "inventory_item", id };

    const taken = await createLine(db, "FireFight", { ...line, Assets: "Another" }, adminId);
    if (!taken.ok) throw new Error("line not created");
    const refused = await run(auditAction, buildRequest("/audit", { cookie: admin.cookie, form }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      bringBackError: "Another record now has this one's number or key: change or delete it first.",
    });

    expect(await deleteLine(db, "FireFight", taken.line._id, adminId)).toBe("deleted");
    const response = await run(auditAction, buildRequest("/audit", { cookie: admin.cookie, form }));
    expect(response.status).toBe(302);
    const [back] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    expect(back).toMatchObject({ srno: 4242, assets: "Compressor", availableStock: 6 });
    const movements = await db.select().from(stockMovements).where(eq(stockMovements.inventoryItemId, id));
    expect(movements.reduce((sum, movement) => sum + movement.quantity, 0)).toBe(6);
  });
});
