import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "#app/auth/table.server.ts";
import type { ContractRow } from "#app/contracts/list.ts";
import { loader as apiGet } from "#app/contracts/routes/api-get.ts";
import { loader as apiList } from "#app/contracts/routes/api-list.ts";
import { loader as contractsExport } from "#app/contracts/routes/export.ts";
import { loader as listLoader } from "#app/contracts/routes/list.tsx";
import { loader as printLoader } from "#app/contracts/routes/print.tsx";
import { type ContractStatus, contractState, statusBounds } from "#app/contracts/rules.ts";
import { statusSql } from "#app/contracts/status.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { todayFor } from "#app/home/today.server.ts";
import { addDays, dateInZone, startOfDayInZone } from "#app/lib/dates.ts";
import { savePlantSettings } from "#app/settings/queries.server.ts";
import { defaultPlantSettings } from "#app/settings/schema.ts";
import { loader as alertsLoader } from "#app/shell/routes/alerts.tsx";
import { loader as shellLoader } from "#app/shell/routes/layout.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// Issue 30: a contract's status is one rule of its validity end AND its next due date, and every
// reader agrees with it and with Today: /amc's rows, counts and filters, the print view, the bell
// and /alerts, the exports' Status column, the API's `status` and Today's overdue contracts.

const ZONE = "Asia/Kolkata";
const today = () => dateInZone(new Date(), ZONE);

const admin = await signedInUser(); // the first account of the file's database is the admin
await db.update(users).set({ role: "admin" }).where(eq(users.email, admin.email));
const [{ id: adminId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
const token = await apiToken(admin);
const todayUser = { id: adminId, role: "admin" as const, sessionId: crypto.randomUUID() };

async function json<T>(handler: Parameters<typeof run>[0], path: string, params = {}) {
  const response = await run(handler, buildRequest(path, { cookie: admin.cookie }), params);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

type ListAnswer = { rows: ContractRow[]; counts: { expired: number; dueSoon: number } };
type Alert = { id: string; equipment: string; reason: string; date: string };

/** The exports' Status column, by equipment: the CSV and the workbook. */
async function exportedStatuses() {
  const csv = await run(contractsExport, buildRequest("/amc/export?format=csv", { cookie: admin.cookie }));
  const [head, ...rows] = parse(Buffer.from(await csv.arrayBuffer()), { bom: true }) as string[][];
  const column = head.indexOf("Status");
  const fromCsv = Object.fromEntries(rows.map((row) => [row[0], row[column]]));
  const xlsx = await run(contractsExport, buildRequest("/amc/export?format=xlsx", { cookie: admin.cookie }));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await xlsx.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const fromXlsx: Record<string, unknown> = {};
  sheet.eachRow((row, number) => {
    if (number > 1) fromXlsx[String(row.getCell(1).value)] = row.getCell(column + 1).value;
  });
  return { csv: fromCsv, xlsx: fromXlsx };
}

/** The contracts Today lists as overdue (validity ended, PMS due date passed), by equipment. */
async function todayOverdue(now: Date) {
  const data = await todayFor(db, todayUser, now, ZONE);
  const card = data.cards.find((item) => item.id === "contracts");
  const overdue = (card?.groups ?? []).filter((group) => group.href === "/amc?status=expired");
  return {
    groups: overdue.map((group) => `${group.label}: ${group.count}`),
    equipment: [...new Set(overdue.flatMap((group) => group.items.map((item) => item.text)))].sort(),
  };
}

const LABEL: Record<ContractStatus, string> = { expired: "Expired", dueSoon: "Due soon", fine: "Valid" };

beforeEach(async () => {
  await db.delete(contracts);
});

describe("a contract whose validity ended and that has no next due date (issue 30)", () => {
  it("is expired on /amc, in its count, its Expired filter and its print, in the bell and /alerts, the exports, the API and Today", async () => {
    const ended = addDays(today(), -6);
    const [created] = await db
      .insert(contracts)
      .values({ equipment: "Weighbridge", company: "Avery", validityTo: ended, mobileNumber: "9876543210" })
      .returning({ id: contracts.id });
    await db
      .insert(contracts)
      .values({ equipment: "Valid pump", company: "", validityTo: addDays(today(), 90) });

    const list = await json<ListAnswer>(listLoader, "/amc");
    expect(list.counts.expired).toBe(1);
    expect(list.rows.find((row) => row.id === created.id)).toMatchObject({
      status: "expired",
      reason: "validity",
    });
    const expired = await json<ListAnswer>(listLoader, "/amc?status=expired");
    expect(expired.rows.map((row) => row.equipment)).toEqual(["Weighbridge"]);
    expect((await json<ListAnswer>(listLoader, "/amc?status=fine")).rows.map((row) => row.equipment)).toEqual(
      ["Valid pump"],
    );
    const print = await json<{ rows: ContractRow[] }>(printLoader, "/amc/print?status=expired");
    expect(print.rows.map((row) => row.equipment)).toEqual(["Weighbridge"]);

    expect((await json<{ alertCount: number }>(shellLoader, "/home")).alertCount).toBe(1);
    const alerts = await json<{ alerts: Alert[] }>(alertsLoader, "/alerts");
    expect(alerts.alerts).toEqual([
      {
        id: created.id,
        equipment: "Weighbridge",
        mobileNumber: "9876543210",
        reason: "validity",
        date: ended,
      },
    ]);

    const exported = await exportedStatuses();
    expect(exported.csv).toEqual({ Weighbridge: "Expired", "Valid pump": "Valid" });
    expect(exported.xlsx).toEqual({ Weighbridge: "Expired", "Valid pump": "Valid" });

    const response = await run(apiList, buildRequest("/api/equipment/get", { token }));
    const api = (await response.json()) as { _id: string; status: string }[];
    expect(api.find((item) => item._id === created.id)?.status).toBe("expired");
    const one = await run(apiGet, buildRequest(`/api/equipment/get/${created.id}`, { token }), {
      id: created.id,
    });
    expect(((await one.json()) as { status: string }[])[0].status).toBe("expired");

    expect(await todayOverdue(new Date())).toEqual({
      groups: ["Validity ended: 1", "PMS due date passed: 0"],
      equipment: ["Weighbridge (Avery)"],
    });
  });

  it("is due soon on its last day and expired from the 00:00 after it, plant time", async () => {
    const ending = addDays(today(), 1);
    await db.insert(contracts).values({ equipment: "Chiller", company: "", validityTo: ending });
    const statusAt = async (now: Date) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(now);
      try {
        return (await json<ListAnswer>(listLoader, "/amc")).rows[0].status;
      } finally {
        vi.useRealTimers();
      }
    };
    const midnightAfter = startOfDayInZone(addDays(ending, 1), ZONE).getTime();
    expect(await statusAt(new Date(midnightAfter))).toBe("dueSoon");
    expect(await statusAt(new Date(midnightAfter + 1))).toBe("expired");
  });
});

describe("the status in SQL and in TypeScript", () => {
  it("agree for every pair of dates around the plant's midnights and due-soon windows", async () => {
    const base = today();
    const dates = [null, ...[-3, -2, -1, 0, 1, 2, 6, 7, 8, 9].map((days) => addDays(base, days))];
    await db
      .insert(contracts)
      .values(
        dates.flatMap((validityTo, i) =>
          dates.map((nextDueOn, j) => ({ equipment: `c${i}-${j}`, company: "", validityTo, nextDueOn })),
        ),
      );
    const midnights = [-1, 0, 1, 2].map((days) => startOfDayInZone(addDays(base, days), ZONE).getTime());
    for (const at of midnights.flatMap((midnight) => [
      midnight - 1,
      midnight,
      midnight + 1,
      midnight + 43_200_000,
    ])) {
      for (const days of [0, 7]) {
        const bounds = statusBounds(new Date(at), ZONE, days);
        const rows = await db
          .select({
            equipment: contracts.equipment,
            validityTo: contracts.validityTo,
            nextDueOn: contracts.nextDueOn,
            status: statusSql(bounds),
          })
          .from(contracts);
        expect(rows).toHaveLength(dates.length ** 2);
        for (const row of rows)
          expect(row.status, `${row.validityTo}/${row.nextDueOn} at ${new Date(at).toISOString()}`).toBe(
            contractState(row, bounds).status,
          );
      }
    }
  });
});

describe("every reader agrees with the rule and with Today (property)", () => {
  afterEach(() => vi.useRealTimers());

  it("for random validity ends, next due dates, windows and moments", async () => {
    const realNow = Date.now();
    const date = fc.option(
      fc.integer({ min: -10, max: 12 }).map((days) => addDays(dateInZone(new Date(realNow), ZONE), days)),
      { nil: null },
    );
    const moment = fc.oneof(
      fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }).map((offset) => new Date(realNow + offset)),
      // Exactly at, and just around, a plant midnight.
      fc
        .tuple(fc.integer({ min: -2, max: 2 }), fc.constantFrom(-1, 0, 1))
        .map(
          ([days, ms]) =>
            new Date(
              startOfDayInZone(addDays(dateInZone(new Date(realNow), ZONE), days), ZONE).getTime() + ms,
            ),
        ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ validityTo: date, nextDueOn: date }), { minLength: 1, maxLength: 3 }),
        moment,
        fc.integer({ min: 0, max: 10 }),
        async (items, now, dueSoonDays) => {
          await db.delete(contracts);
          await savePlantSettings(db, { ...defaultPlantSettings, dueSoonDays }, adminId);
          const inserted = await db
            .insert(contracts)
            .values(
              items.map((item, n) => ({
                equipment: `Unit ${n}`,
                company: "",
                validityTo: item.validityTo,
                nextDueOn: item.nextDueOn,
              })),
            )
            .returning({ id: contracts.id, equipment: contracts.equipment });
          const bounds = statusBounds(now, ZONE, dueSoonDays);
          const expected = Object.fromEntries(
            items.map((item, n) => [inserted[n].equipment, contractState(item, bounds).status]),
          );
          const idOf = Object.fromEntries(inserted.map((row) => [row.id, row.equipment]));
          const having = (status: ContractStatus) =>
            Object.keys(expected)
              .filter((equipment) => expected[equipment] === status)
              .sort();

          vi.useFakeTimers({ toFake: ["Date"] });
          vi.setSystemTime(now);
          const list = await json<ListAnswer>(listLoader, "/amc");
          expect(Object.fromEntries(list.rows.map((row) => [row.equipment, row.status]))).toEqual(expected);
          expect(list.counts).toEqual({
            expired: having("expired").length,
            dueSoon: having("dueSoon").length,
          });
          for (const status of ["expired", "dueSoon", "fine"] as const) {
            const filtered = await json<ListAnswer>(listLoader, `/amc?status=${status}`);
            expect(filtered.rows.map((row) => row.equipment).sort(), status).toEqual(having(status));
          }
          const print = await json<{ rows: ContractRow[] }>(printLoader, "/amc/print?status=expired");
          expect(print.rows.map((row) => row.equipment).sort()).toEqual(having("expired"));
          expect((await json<{ alertCount: number }>(shellLoader, "/home")).alertCount).toBe(
            having("expired").length,
          );
          const alerts = await json<{ alerts: Alert[] }>(alertsLoader, "/alerts");
          expect(alerts.alerts.map((alert) => alert.equipment).sort()).toEqual(having("expired"));
          const exported = await exportedStatuses();
          const labels = Object.fromEntries(
            Object.entries(expected).map(([name, status]) => [name, LABEL[status]]),
          );
          expect(exported.csv).toEqual(labels);
          expect(exported.xlsx).toEqual(labels);
          const api = (await (await run(apiList, buildRequest("/api/equipment/get", { token }))).json()) as {
            _id: string;
            status: string;
          }[];
          expect(Object.fromEntries(api.map((item) => [idOf[item._id], item.status]))).toEqual(expected);
          vi.useRealTimers();
          expect((await todayOverdue(now)).equipment).toEqual(having("expired"));
        },
      ),
      { numRuns: 25 },
    );
  });
});
