import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import type { Role } from "#app/auth/roles.ts";
import { users } from "#app/auth/table.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { loader as homeLoader } from "#app/home/route.tsx";
import { loadDepartmentUse, SPARK_DAYS } from "#app/home/sparklines.server.ts";
import { todayVisits } from "#app/home/table.server.ts";
import { todayFor } from "#app/home/today.server.ts";
import type { TodayCard, TodayData } from "#app/home/today.ts";
import { recordMovement, reverseMovement } from "#app/ledger/movements.server.ts";
import { departmentGroup } from "#app/ledger/report/labels.ts";
import { reportPage } from "#app/ledger/report/queries.server.ts";
import { addDays } from "#app/lib/dates.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { action as settingsAction } from "#app/settings/routes/settings.tsx";
import { settings } from "#app/settings/table.server.ts";
import { sopRecords } from "#app/sop/table.server.ts";
import { deleteLine } from "#app/spares/queries.server.ts";
import { DEPARTMENTS, type Department } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { createUser, signIn } from "#tests/support/users.ts";

// Today on /home (issue 19) for fixed moments in the plant's zone (Asia/Kolkata, UTC+05:30):
// the bands of contract dates, the shift records, the role's cards and "since your last visit".
const ZONE = "Asia/Kolkata";
/** An instant given as the plant's wall clock. */
const at = (local: string) => new Date(`${local}+05:30`);

const admin = await createUser({ email: "manager@today.test" }); // first account: admin
const staff = await createUser({ email: "stores@today.test" });
const gate = await createUser({ email: "gate@today.test" });
const viewer = await createUser({ email: "auditor@today.test" });
async function account(email: string, role: Role) {
  await db.update(users).set({ role }).where(eq(users.email, email));
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row.id, role, sessionId: randomUUID() };
}
const people = {
  admin: await account(admin.email, "admin"),
  staff: await account(staff.email, "staff"),
  guard: await account(gate.email, "guard"),
  viewer: await account(viewer.email, "viewer"),
};

const card = (data: TodayData, id: TodayCard["id"]) => {
  const found = data.cards.find((item) => item.id === id);
  if (!found) throw new Error(`no ${id} card`);
  return found;
};
const group = (data: TodayData, id: TodayCard["id"], label: string) => {
  const found = card(data, id).groups.find((item) => item.label.startsWith(label));
  if (!found) throw new Error(`no group ${label} in ${id}`);
  return found;
};
const texts = (data: TodayData, id: TodayCard["id"], label: string) =>
  group(data, id, label).items.map((item) => `${item.text}: ${item.note ?? ""}`);

beforeEach(async () => {
  for (const table of [
    contracts,
    stockMovements,
    inventoryItems,
    sopRecords,
    auditLog,
    todayVisits,
    settings,
  ])
    await db.delete(table);
});

describe("the contracts card", () => {
  beforeEach(async () => {
    await db.insert(contracts).values([
      { equipment: "Ends today", company: "Acme", validityTo: "2026-11-23", mobileNumber: "9876543210" },
      { equipment: "Ends tomorrow", company: "", validityTo: "2026-11-24", mobileNumber: "9876543210" },
      { equipment: "Ended yesterday", company: "", validityTo: "2026-11-22", mobileNumber: "9876543210" },
      { equipment: "Ends in 30 days", company: "", validityTo: "2026-12-23", mobileNumber: "9876543210" },
      { equipment: "Ends in 48 days", company: "", validityTo: "2027-01-10", mobileNumber: "9876543210" },
      { equipment: "Ends in 61 days", company: "", validityTo: "2027-01-23", mobileNumber: "9876543210" },
      { equipment: "PMS today", company: "", nextDueOn: "2026-11-23", mobileNumber: "9876543210" },
      { equipment: "PMS in 8 days", company: "", nextDueOn: "2026-12-01", mobileNumber: "9876543210" },
    ]);
  });

  it("puts each date in the nearest reminder window it has reached, overdue first, with links to /amc", async () => {
    const data = await todayFor(db, people.admin, at("2026-11-23T08:30"), ZONE);
    expect(card(data, "contracts").groups.map((item) => `${item.label}: ${item.count}`)).toEqual([
      "Validity ended: 1",
      "Validity ends within 7 days: 2",
      "Validity ends in 8–30 days: 1",
      "Validity ends in 31–60 days: 1",
      "PMS due date passed: 1",
      "PMS due within 7 days: 0",
      "PMS due in 8–30 days: 1",
      "PMS due in 31–60 days: 0",
    ]);
    expect(card(data, "contracts").total).toBe(7);
    expect(texts(data, "contracts", "Validity ended")).toEqual([
      "Ended yesterday: 22/11/2026, 1 day overdue",
    ]);
    expect(texts(data, "contracts", "Validity ends within 7")).toEqual([
      "Ends today (Acme): 23/11/2026, today",
      "Ends tomorrow: 24/11/2026, tomorrow",
    ]);
    // The PMS due today has passed its 00:00: it is among /amc's "Expired", where the link goes.
    expect(group(data, "contracts", "PMS due date passed")).toMatchObject({
      href: "/amc?status=expired",
      late: true,
      items: [{ text: "PMS today", href: "/amc?q=PMS%20today" }],
    });
    expect(group(data, "contracts", "Validity ends in 8–30").href).toBe("/amc?sort=validity");
  });

  it("draws this month's dates on a strip from the same contracts, overdue crossed by the /amc rule", async () => {
    const data = await todayFor(db, people.admin, at("2026-11-23T08:30"), ZONE);
    const chart = card(data, "contracts").chart;
    if (!chart) throw new Error("no strip");
    expect(chart.title).toBe("Contract dates in November 2026");
    const names = (name: string) =>
      chart.geometry.layers.find((layer) => layer.name === name && layer.kind === "marks");
    // Ended yesterday and the PMS due today are overdue (as "Validity ended" and "PMS due date
    // passed" above); ends today and tomorrow are not; December's dates are not this month's.
    expect(names("Overdue")).toMatchObject({ shape: "cross", points: [{}, {}] });
    expect(names("Validity ends")).toMatchObject({ shape: "bar", points: [{}, {}] });
    expect(names("PMS due")).toBeUndefined();
    expect(chart.description).toBe(
      "4 dates fall in November 2026: Ended yesterday validity ended 22/11/2026 (overdue); PMS today PMS was due 23/11/2026 (overdue); Ends today (Acme) validity ends 23/11/2026; Ends tomorrow validity ends 24/11/2026.",
    );
  });

  it("decides the day in the plant's zone: at 23:30 a contract ending today is still valid, at 00:30 it has ended", async () => {
    const late = await todayFor(db, people.admin, at("2026-11-23T23:30"), ZONE);
    expect(texts(late, "contracts", "Validity ends within 7")).toContain(
      "Ends today (Acme): 23/11/2026, today",
    );
    // 00:30 in Kolkata is still 23 November in UTC (19:00): the plant's day is what counts.
    const afterMidnight = await todayFor(db, people.admin, at("2026-11-24T00:30"), ZONE);
    expect(texts(afterMidnight, "contracts", "Validity ended")).toEqual([
      "Ended yesterday: 22/11/2026, 2 days overdue",
      "Ends today (Acme): 23/11/2026, 1 day overdue",
    ]);
    expect(texts(afterMidnight, "contracts", "Validity ends within 7")).toEqual([
      "Ends tomorrow: 24/11/2026, today",
    ]);
  });

  it("counts days across 29 February", async () => {
    await db.delete(contracts);
    await db
      .insert(contracts)
      .values([{ equipment: "Leap day", company: "", validityTo: "2028-02-29", mobileNumber: "9876543210" }]);
    const before = await todayFor(db, people.admin, at("2028-02-22T10:00"), ZONE);
    expect(texts(before, "contracts", "Validity ends within 7")).toEqual(["Leap day: 29/02/2028, in 7 days"]);
    const month = await todayFor(db, people.admin, at("2028-01-30T10:00"), ZONE);
    expect(texts(month, "contracts", "Validity ends in 8–30")).toEqual(["Leap day: 29/02/2028, in 30 days"]);
    const onTheDay = await todayFor(db, people.admin, at("2028-02-29T23:30"), ZONE);
    expect(texts(onTheDay, "contracts", "Validity ends within 7")).toEqual(["Leap day: 29/02/2028, today"]);
    const next = await todayFor(db, people.admin, at("2028-03-01T00:30"), ZONE);
    expect(texts(next, "contracts", "Validity ended")).toEqual(["Leap day: 29/02/2028, 1 day overdue"]);
  });
});

describe("the spares card", () => {
  it("counts lines at or below minimum and lines to order now, per department", async () => {
    const line = (
      department: "Electrician" | "FireFight",
      srno: number,
      stock: number,
      min: number,
      lead = 0,
    ) => ({
      department,
      srno,
      assets: `Line ${srno}`,
      componentsAndEquipments: "",
      availableStock: stock,
      minStock: min,
      leadTimeDays: lead,
    });
    const rows = await db
      .insert(inventoryItems)
      .values([
        line("Electrician", 1, 2, 5),
        line("Electrician", 2, 5, 5),
        line("Electrician", 3, 6, 5),
        line("Electrician", 4, 7, 5),
        line("Electrician", 5, 0, 1),
        // 90 issued in 90 days: one a day; 20 in stock and 25 days' lead time → order by 5 days ago.
        line("FireFight", 1, 20, 1, 25),
      ])
      .returning({ id: inventoryItems.id, srno: inventoryItems.srno, department: inventoryItems.department });
    const fire = rows.find((row) => row.department === "FireFight");
    await db
      .insert(stockMovements)
      .values([{ inventoryItemId: fire?.id, movedOn: "2026-11-01", kind: "issue", quantity: -90 }]);
    const data = await todayFor(db, people.staff, at("2026-11-23T08:30"), ZONE);
    expect(group(data, "spares", "Electrician: Order to place")).toMatchObject({
      label: "Electrician: Order to place (at or below minimum stock)",
      count: 3,
      href: "/products/Electrician?status=Order%20to%20place",
    });
    expect(texts(data, "spares", "Electrician: Order to place")).toEqual([
      "#1 Line 1: 2 in stock, minimum 5",
      "#2 Line 2: 5 in stock, minimum 5",
      "#5 Line 5: 0 in stock, minimum 1",
    ]);
    expect(group(data, "spares", "FireFight: Order to place").count).toBe(0);
    expect(texts(data, "spares", "FireFight: order-by")).toEqual(["#1 Line 1: order by 18/11/2026"]);
    expect(card(data, "spares").total).toBe(4);
  });

  it("draws each department's issues a day over the last 30 days, reversed issues and older ones left out", async () => {
    const [electric, fire] = await db
      .insert(inventoryItems)
      .values(
        (["Electrician", "FireFight"] as const).map((department) => ({
          department,
          srno: 7,
          assets: "Spark",
          componentsAndEquipments: "",
          availableStock: 100,
          minStock: 0,
          leadTimeDays: 0,
        })),
      )
      .returning({ id: inventoryItems.id });
    const [reversed] = await db
      .insert(stockMovements)
      .values([
        { inventoryItemId: electric.id, movedOn: "2026-11-20", kind: "issue", quantity: -50 },
        { inventoryItemId: electric.id, movedOn: "2026-10-24", kind: "issue", quantity: -70 }, // 31 days ago
        { inventoryItemId: electric.id, movedOn: "2026-11-02", kind: "issue", quantity: -4 },
        { inventoryItemId: electric.id, movedOn: "2026-11-20", kind: "issue", quantity: -6 },
        { inventoryItemId: fire.id, movedOn: "2026-10-25", kind: "issue", quantity: -2.5 }, // 30th day back
        { inventoryItemId: fire.id, movedOn: "2026-11-21", kind: "receipt", quantity: 9 },
      ])
      .returning({ id: stockMovements.id });
    await db.insert(stockMovements).values({
      inventoryItemId: electric.id,
      movedOn: "2026-11-20",
      kind: "reversal",
      quantity: 50,
      reversesId: reversed.id,
    });
    const data = await todayFor(db, people.staff, at("2026-11-23T08:30"), ZONE);
    const chart = card(data, "spares").chart;
    if (!chart) throw new Error("no sparklines");
    expect(chart.title).toBe("Spares issued per department a day, 25/10/2026 to 23/11/2026");
    expect(chart.description).toBe(
      "Electrician: 10 issued, most on 20/11/2026 (6); FireFight: 2.5 issued, most on 25/10/2026 (2.5); Technician: nothing issued.",
    );
    expect(chart.geometry.yTicks.map((tick) => tick.label)).toEqual([
      "Electrician 10",
      "FireFight 2.5",
      "Technician 0",
    ]);
    for (const layer of chart.geometry.layers) {
      if (layer.kind !== "line") throw new Error("a sparkline is a line");
      expect(layer.d.match(/[ML]/g)).toHaveLength(30);
    }
  });
});

describe("the spares card's sparklines against the stock report", () => {
  const today = "2026-11-23";
  const from = addDays(today, -(SPARK_DAYS - 1));
  const days = Array.from({ length: SPARK_DAYS }, (_, index) => addDays(from, index));

  /** What the stock report sums as each department's issues on each day of the window. */
  async function reported() {
    const byDepartment = Object.fromEntries(DEPARTMENTS.map((department) => [department, [] as number[]]));
    for (const day of days) {
      const { charts } = await reportPage(
        db,
        { q: "", page: 1, size: 50 },
        { from: day, to: day, items: "spare", rack: null, department: "" },
        true,
        true,
      );
      for (const department of DEPARTMENTS)
        byDepartment[department].push(
          charts?.groups.find((group) => group.group === departmentGroup(department))?.issues ?? 0,
        );
    }
    return byDepartment;
  }

  /** The sparklines' figures now, checked against the report's; one department's as { day: issued }. */
  async function drawn(department: Department) {
    const use = await loadDepartmentUse(db, today);
    expect(use.map((line) => line.days.map((day) => day.day))).toEqual(DEPARTMENTS.map(() => days));
    expect(
      Object.fromEntries(use.map((line) => [line.department, line.days.map((day) => day.issued)])),
    ).toEqual(await reported());
    const mine = use.find((line) => line.department === department)?.days ?? [];
    return Object.fromEntries(mine.filter((day) => day.issued !== 0).map((day) => [day.day, day.issued]));
  }

  async function line(department: Department, srno: number) {
    const [row] = await db
      .insert(inventoryItems)
      .values({
        department,
        srno,
        assets: `Line ${srno}`,
        componentsAndEquipments: "",
        availableStock: 0,
        minStock: 0,
        leadTimeDays: 0,
      })
      .returning({ id: inventoryItems.id });
    await move(db, row.id, "receipt", "2026-10-01", 100);
    return row.id;
  }

  async function move(
    tx: Parameters<typeof recordMovement>[0],
    id: string,
    kind: "receipt" | "issue",
    movedOn: string,
    quantity: number,
  ) {
    const outcome = await recordMovement(
      tx,
      { type: "spare", id },
      { kind, movedOn, quantity },
      people.staff.id,
    );
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.movement.id;
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("draws each day as the report sums it, and shows a movement entered, reversed or deleted with its line at once", async () => {
    const electric = await line("Electrician", 1);
    const fire = await line("FireFight", 1);
    await move(db, electric, "issue", "2026-11-02", 4);
    const wrong = await move(db, electric, "issue", "2026-11-20", 50);
    await move(db, electric, "issue", "2026-11-20", 6);
    await move(db, fire, "issue", from, 2.5);
    expect(await drawn("Electrician")).toEqual({ "2026-11-02": 4, "2026-11-20": 56 });

    // Entered on a past day, and today.
    await move(db, electric, "issue", "2026-11-10", 3);
    await move(db, electric, "issue", today, 1);
    expect(await drawn("Electrician")).toEqual({
      "2026-11-02": 4,
      "2026-11-10": 3,
      "2026-11-20": 56,
      [today]: 1,
    });

    // Reversed: the reversal is dated the reversed issue's day.
    const reversal = await reverseMovement(db, wrong, people.staff.id);
    if (!reversal.ok) throw new Error(reversal.message);
    expect(await drawn("Electrician")).toEqual({
      "2026-11-02": 4,
      "2026-11-10": 3,
      "2026-11-20": 6,
      [today]: 1,
    });

    // A movement whose transaction commits after a later one's: its id is below the newest.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inserted = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const late = db.transaction(async (tx) => {
      await move(tx, fire, "issue", "2026-11-06", 2);
      entered();
      await held;
    });
    await inserted;
    await move(db, electric, "issue", "2026-11-05", 1);
    expect(await drawn("FireFight")).toEqual({ [from]: 2.5 });
    release();
    await late;
    expect(await drawn("FireFight")).toEqual({ [from]: 2.5, "2026-11-06": 2 });

    // A line deleted with its issue while another is entered: as many movements on those days.
    const gone = await line("Technician", 1);
    await move(db, gone, "issue", "2026-11-15", 1);
    expect(await drawn("Technician")).toEqual({ "2026-11-15": 1 });
    expect(await deleteLine(db, "Technician", gone, people.staff.id)).toBe("deleted");
    await move(db, electric, "issue", "2026-11-16", 1);
    expect(await drawn("Technician")).toEqual({});
    expect(await drawn("Electrician")).toEqual({
      "2026-11-02": 4,
      "2026-11-05": 1,
      "2026-11-10": 3,
      "2026-11-16": 1,
      "2026-11-20": 6,
      [today]: 1,
    });

    // What no mark sees (a movement changed by hand in the database) lasts a minute at most.
    await db.execute(sql`update stock_movements set quantity = -9 where moved_on = '2026-11-02'`);
    const later = Date.now() + 61_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    expect((await drawn("Electrician"))["2026-11-02"]).toBe(9);

    // The page draws the same figures.
    const data = await todayFor(db, people.staff, at(`${today}T08:30`), ZONE);
    expect(card(data, "spares").chart?.geometry.yTicks.map((tick) => tick.label)).toEqual([
      "Electrician 21",
      "FireFight 4.5",
      "Technician 0",
    ]);
  });
});

describe("the shift records card", () => {
  const as16 = (dateTime: string) => ({
    format: "AS16",
    recordDate: dateTime.slice(0, 10),
    data: { dateTime, handingOver: "A", takenOver: "B" },
  });
  const as17 = (date: string, createdAt: Date) => ({
    format: "AS17",
    recordDate: date,
    data: { date },
    createdAt,
  });
  const missing = async (local: string) => {
    const data = await todayFor(db, people.guard, at(local), ZONE);
    return card(data, "shifts").groups.map((item) => `${item.label}: ${item.count ? "missing" : "in"}`);
  };

  it("takes a handing-over record at 23:30 as the record of the shift that ended at 22:00, not of a later one", async () => {
    await db.insert(sopRecords).values(as16("2026-11-22T23:30"));
    expect(await missing("2026-11-23T00:30")).toContain(
      "Handing over to security (AS16), last shift, 14:00–22:00 on 22/11/2026: in",
    );
    expect(await missing("2026-11-23T08:30")).toContain(
      "Handing over to security (AS16), last shift, 22:00 on 22/11/2026 – 06:00 on 23/11/2026: in",
    );
    expect(await missing("2026-11-23T15:00")).toContain(
      "Handing over to security (AS16), last shift, 06:00–14:00 on 23/11/2026: missing",
    );
  });

  it("takes a patrol record entered at 00:30 for the night it was entered in, not for the next night", async () => {
    await db.insert(sopRecords).values(as17("2026-11-23", at("2026-11-23T00:30")));
    const nightOf22 = await missing("2026-11-23T08:30");
    expect(nightOf22).toContain(
      "Guard patrolling record (AS17), last night, 22:00 on 22/11/2026 – 06:00 on 23/11/2026: in",
    );
    // Until 06:00 on the 24th, last night is still the night of the 22nd.
    expect(await missing("2026-11-23T23:30")).toContain(
      "Guard patrolling record (AS17), last night, 22:00 on 22/11/2026 – 06:00 on 23/11/2026: in",
    );
    expect(await missing("2026-11-24T08:30")).toContain(
      "Guard patrolling record (AS17), last night, 22:00 on 23/11/2026 – 06:00 on 24/11/2026: missing",
    );
    const data = await todayFor(db, people.guard, at("2026-11-24T08:30"), ZONE);
    expect(group(data, "shifts", "Guard patrolling")).toMatchObject({
      href: "/as17/records?from=2026-11-23&to=2026-11-24",
      items: [{ text: "Missing: fill it in", href: "/as17" }],
    });
  });
});

describe("the cards of each role", () => {
  it("shows a guard the SOP cards only; staff and viewers the rest of what their role reads", async () => {
    await db.insert(auditLog).values([
      { action: "create", entity: "contract", entityId: "c1", createdAt: at("2026-11-23T07:00") },
      { action: "create", entity: "sop_record", entityId: "s1", createdAt: at("2026-11-23T07:30") },
      { action: "update", entity: "user", entityId: "u1", createdAt: at("2026-11-23T07:45") },
    ]);
    const now = at("2026-11-23T08:30");
    const ids = async (who: keyof typeof people) =>
      (await todayFor(db, people[who], now, ZONE)).cards.map((item) => item.id);
    expect(await ids("guard")).toEqual(["returns", "shifts", "changes"]);
    expect(await ids("staff")).toEqual(["contracts", "spares", "returns", "shifts", "changes"]);
    expect(await ids("viewer")).toEqual(["contracts", "spares", "returns", "shifts", "changes"]);

    const changes = async (who: keyof typeof people) =>
      card(await todayFor(db, people[who], now, ZONE), "changes").groups.map((item) => [
        item.label,
        item.href,
      ]);
    expect(await changes("guard")).toEqual([["SOP record", undefined]]);
    // Staff may not open /audit: counts without links, and no users' changes.
    expect(await changes("staff")).toEqual([
      ["Contract", undefined],
      ["SOP record", undefined],
    ]);
    expect(await changes("viewer")).toEqual([
      ["Contract", "/audit?type=contract&from=2026-11-22"],
      ["SOP record", "/audit?type=sop_record&from=2026-11-22"],
      ["User", "/audit?type=user&from=2026-11-22"],
    ]);
  });

  it("answers the /home loader with the guard's cards for a guard's session", async () => {
    const cookie = await signIn(gate);
    const response = await run(homeLoader, buildRequest("/home", { cookie }));
    const body = (await response.json()) as { today: TodayData };
    expect(body.today.cards.map((item) => item.id)).toEqual(["returns", "shifts", "changes"]);
  });

  it("words the cards in the person's language: a guard who reads Hindi gets them in Hindi, codes and dates as they are", async () => {
    await db.update(users).set({ language: "hi" }).where(eq(users.email, gate.email));
    try {
      const cookie = await signIn(gate);
      const response = await run(homeLoader, buildRequest("/home", { cookie }));
      const { today } = (await response.json()) as { today: TodayData };
      const shifts = card(today, "shifts");
      expect(shifts.title).toBe("शिफ़्ट के रिकॉर्ड नहीं भरे");
      expect(shifts.groups.map((item) => item.label.split(",")[0])).toEqual([
        "सिक्योरिटी को हैंडओवर (AS16)",
        "गार्ड गश्त रिकॉर्ड (AS17)",
      ]);
      // The shift's times in Hindi's order ("23/11/2026 को 06:00–14:00"), the numbers as they are.
      expect(shifts.groups[0]?.label).toMatch(/\d\d\/\d\d\/\d{4} को \d\d:\d\d/);
      expect(card(today, "returns").summary).toBe("वापसी वाला सारा माल लौट आया है।");
    } finally {
      await db.update(users).set({ language: null }).where(eq(users.email, gate.email));
    }
  });
});

describe("changes since your last visit", () => {
  const log = (entity: string, local: string) => ({
    action: "update" as const,
    entity,
    entityId: randomUUID(),
    createdAt: at(local),
  });
  const counts = async (sessionId: string, local: string) => {
    const data = await todayFor(db, { ...people.admin, sessionId }, at(local), ZONE);
    const changes = card(data, "changes");
    return { summary: changes.summary, counts: changes.groups.map((item) => `${item.label} ${item.count}`) };
  };

  it("counts from the previous session's last look at Today, and keeps that mark for the whole session", async () => {
    await db
      .insert(auditLog)
      .values([
        log("contract", "2026-06-01T07:00"),
        log("sop_record", "2026-06-01T10:00"),
        log("sop_record", "2026-06-01T10:05"),
      ]);
    const first = randomUUID();
    // A first visit has no mark: the last 24 hours.
    expect(await counts(first, "2026-06-01T09:00")).toEqual({
      summary: "Your first visit: the last 24 hours (since 31/05/2026, 09:00).",
      counts: ["Contract 1"],
    });
    expect((await counts(first, "2026-06-01T11:00")).counts).toEqual(["SOP record 2", "Contract 1"]);

    await db
      .insert(auditLog)
      .values([log("contract", "2026-06-01T23:30"), log("contract", "2026-06-02T00:30")]);
    const second = randomUUID();
    expect(await counts(second, "2026-06-02T08:00")).toEqual({
      summary: "Since 01/06/2026, 11:00, counted from the audit log.",
      counts: ["Contract 2"],
    });
    // Later in the same session the mark stays: reloading Today does not empty the card.
    await db.insert(auditLog).values([log("settings", "2026-06-02T09:00")]);
    expect(await counts(second, "2026-06-02T10:00")).toEqual({
      summary: "Since 01/06/2026, 11:00, counted from the audit log.",
      counts: ["Contract 2", "Settings 1"],
    });
  });
});

describe("the shift start times on /settings", () => {
  const form = {
    plantName: "North Plant",
    companyName: "Gas Co",
    dueSoonDays: "7",
    reminderOffsets: "60, 30, 7",
    digestTime: "08:00",
  };

  it("saves the times in the day's order, reads 6:00 as 06:00, and Today checks the shifts they make", async () => {
    const cookie = await signIn(admin);
    const saved = await run(
      settingsAction,
      buildRequest("/settings", { cookie, form: { ...form, shiftTimes: "20:00, 8:00" } }),
    );
    expect(saved.status).toBe(302);
    expect((await getPlantSettings(db)).shiftTimes).toEqual(["08:00", "20:00"]);
    const data = await todayFor(db, people.guard, at("2026-11-23T10:00"), ZONE);
    expect(card(data, "shifts").groups.map((item) => item.label)).toEqual([
      "Handing over to security (AS16), last shift, 20:00 on 22/11/2026 – 08:00 on 23/11/2026",
      "Guard patrolling record (AS17), last night, 20:00 on 22/11/2026 – 08:00 on 23/11/2026",
    ]);
  });

  it("keeps the default when left empty, and refuses a time that is not one, the form coming back filled in", async () => {
    const cookie = await signIn(admin);
    expect((await run(settingsAction, buildRequest("/settings", { cookie, form }))).status).toBe(302);
    expect((await getPlantSettings(db)).shiftTimes).toEqual(["06:00", "14:00", "22:00"]);
    const refused = await run(
      settingsAction,
      buildRequest("/settings", { cookie, form: { ...form, shiftTimes: "06:00, 25:00" } }),
    );
    expect(refused.status).toBe(400);
    const body = JSON.stringify(await refused.json());
    expect(body).toContain("Enter times such as 06:00, 14:00, 22:00.");
    expect(body).toContain("06:00, 25:00");
  });
});
