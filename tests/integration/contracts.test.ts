import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as apiIndex } from "#app/api/routes/index.ts";
import { auditLog } from "#app/audit/table.server.ts";
import { users } from "#app/auth/table.server.ts";
import type { ChartView } from "#app/charts/geometry.ts";
import { loadAmcAlerts } from "#app/contracts/alerts.server.ts";
import type { ContractRow } from "#app/contracts/list.ts";
import { action as apiAdd, loader as apiAddGet } from "#app/contracts/routes/api-add.ts";
import { action as apiDelete } from "#app/contracts/routes/api-delete.ts";
import { loader as apiGet } from "#app/contracts/routes/api-get.ts";
import { loader as apiList, action as apiListPost } from "#app/contracts/routes/api-list.ts";
import { action as apiUpdate } from "#app/contracts/routes/api-update.ts";
import { action as deleteAction, loader as deleteLoader } from "#app/contracts/routes/delete.tsx";
import { action as insertAction, loader as insertLoader } from "#app/contracts/routes/insert.tsx";
import { loader as listLoader } from "#app/contracts/routes/list.tsx";
import { loader as printLoader } from "#app/contracts/routes/print.tsx";
import { action as updateAction, loader as updateLoader } from "#app/contracts/routes/update.tsx";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { savePlantSettings } from "#app/settings/queries.server.ts";
import { defaultPlantSettings } from "#app/settings/schema.ts";
import { loader as alertsLoader } from "#app/shell/routes/alerts.tsx";
import { loader as shellLoader } from "#app/shell/routes/layout.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

const ZONE = "Asia/Kolkata";
const today = () => dateInZone(new Date(), ZONE);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

type Equipment = {
  _id: string;
  equipment: string;
  company: string;
  validity: { from: string; to: string };
  pms: string;
  vendorCode: string;
  contractNumber: string;
  concernedPerson: string;
  mobileNumber: string;
  lastDateOfChecking: string;
  nextDueDate: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  status: string;
};

/** A contract as the API takes it, with overrides. */
const buildEquipment = (overrides: Record<string, unknown> = {}) => ({
  equipment: `Fire pump ${Math.random().toString(36).slice(2, 7)}`,
  company: "Kirloskar",
  validity: { from: "2026-04-01", to: "2049-03-31" },
  pms: "Quarterly",
  vendorCode: "V-101",
  contractNumber: "AMC/2026/7",
  concernedPerson: "Ravi",
  mobileNumber: "98765 43210",
  lastDateOfChecking: "2026-01-10",
  nextDueDate: "2026-04-10",
  ...overrides,
});

/** The same contract as the insert form posts it. */
const buildForm = (overrides: Record<string, string> = {}) => ({
  equipment: `Compressor ${Math.random().toString(36).slice(2, 7)}`,
  company: "Atlas",
  validityFrom: "2026-04-01",
  validityTo: "2049-03-31",
  pms: "Monthly",
  vendorCode: "",
  contractNumber: "",
  concernedPerson: "",
  mobileNumber: "",
  lastCheckedOn: "",
  nextDueOn: "",
  ...overrides,
});

let staff: Awaited<ReturnType<typeof signedInUser>>;
let token: string;

async function add(overrides: Record<string, unknown> = {}) {
  const response = await run(
    apiAdd,
    buildRequest("/api/equipment/add", { json: buildEquipment(overrides), token }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { newEquipment: Equipment }).newEquipment;
}

beforeAll(async () => {
  staff = await signedInUser();
  await db.update(users).set({ role: "staff" }).where(eq(users.email, staff.email));
  token = await apiToken(staff);
});

describe("/api/equipment", () => {
  it("answers 401 without sign-in on every row", async () => {
    const calls = [
      run(apiList, buildRequest("/api/equipment/get")),
      run(apiGet, buildRequest(`/api/equipment/get/${MISSING_ID}`), { id: MISSING_ID }),
      run(apiAdd, buildRequest("/api/equipment/add", { json: buildEquipment() })),
      run(apiUpdate, buildRequest(`/api/equipment/updated/${MISSING_ID}`, { method: "PUT", json: {} }), {
        id: MISSING_ID,
      }),
      run(apiDelete, buildRequest(`/api/equipment/delete/${MISSING_ID}`, { method: "DELETE" }), {
        id: MISSING_ID,
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Authentication required" });
    }
  });

  it("adds a contract (201) in the legacy shape, with validity as {from, to}", async () => {
    const response = await run(
      apiAdd,
      buildRequest("/api/equipment/add", {
        json: buildEquipment({ equipment: "DG set 250 kVA", nextDueDate: "2049-01-01" }),
        token,
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { success: boolean; message: string; newEquipment: Equipment };
    expect(body).toMatchObject({
      success: true,
      message: "Equipment added successfully!",
      newEquipment: {
        equipment: "DG set 250 kVA",
        company: "Kirloskar",
        validity: { from: "2026-04-01", to: "2049-03-31" },
        pms: "Quarterly",
        vendorCode: "V-101",
        contractNumber: "AMC/2026/7",
        concernedPerson: "Ravi",
        mobileNumber: "98765 43210",
        lastDateOfChecking: "2026-01-10",
        nextDueDate: "2049-01-01",
        version: 1,
        status: "fine",
      },
    });
    expect(Object.keys(body.newEquipment).sort()).toEqual(
      [
        "_id",
        "company",
        "concernedPerson",
        "contractNumber",
        "createdAt",
        "equipment",
        "lastDateOfChecking",
        "mobileNumber",
        "nextDueDate",
        "pms",
        "status",
        "updatedAt",
        "validity",
        "vendorCode",
        "version",
      ].sort(),
    );
    expect(body.newEquipment.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, body.newEquipment._id));
    expect(audit).toMatchObject({ action: "create", entity: "contract" });
  });

  it("suggests the next due date from the PMS when it is left empty", async () => {
    const created = await add({ lastDateOfChecking: "2026-01-31", pms: "Monthly", nextDueDate: "" });
    expect(created.nextDueDate).toBe("2026-02-28");
    const kept = await add({ lastDateOfChecking: "2026-01-31", pms: "Monthly", nextDueDate: "2026-03-05" });
    expect(kept.nextDueDate).toBe("2026-03-05");
    const yearly = await add({ lastDateOfChecking: "2026-01-31", pms: "Yearly", nextDueDate: null });
    expect(yearly).toMatchObject({ pms: "Yearly", nextDueDate: "2027-01-31" });
  });

  it("refuses bad input with 400 {success: false, message, errors}, never 500", async () => {
    const missing = await run(
      apiAdd,
      buildRequest("/api/equipment/add", { json: { equipment: "Only a name" }, token }),
    );
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as {
      success: boolean;
      message: string;
      errors: Record<string, string[]>;
    };
    expect(body.success).toBe(false);
    expect(body.message).toBe("Company is required.");
    expect(Object.keys(body.errors).sort()).toEqual(["company", "pms", "validity.from", "validity.to"]);

    const order = await run(
      apiAdd,
      buildRequest("/api/equipment/add", {
        json: buildEquipment({ validity: { from: "2026-04-01", to: "2026-03-01" } }),
        token,
      }),
    );
    expect(order.status).toBe(400);
    expect(await order.json()).toMatchObject({
      success: false,
      message: "Validity to must not be before validity from.",
      errors: { "validity.to": ["Validity to must not be before validity from."] },
    });

    const badDate = await run(
      apiAdd,
      buildRequest("/api/equipment/add", { json: buildEquipment({ nextDueDate: "31/12/2026" }), token }),
    );
    expect(await badDate.json()).toMatchObject({
      success: false,
      message: "Enter a valid date (YYYY-MM-DD).",
    });

    const weird = await run(
      apiAdd,
      buildRequest("/api/equipment/add", { json: buildEquipment({ equipment: { $ne: 1 }, pms: 5 }), token }),
    );
    expect(weird.status).toBe(400);

    const malformed = await run(
      apiAdd,
      buildRequest("/api/equipment/add", {
        body: "{oops",
        headers: { "content-type": "application/json" },
        token,
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, message: "The body is not valid JSON." });
    const notJson = await run(
      apiAdd,
      buildRequest("/api/equipment/add", { form: { equipment: "x" }, token }),
    );
    expect(notJson.status).toBe(415);
  });

  it("lists contracts (200 [equipment…]) with each one's status", async () => {
    const expired = await add({ nextDueDate: addDays(today(), -1) });
    const soon = await add({ nextDueDate: addDays(today(), 3) });
    const response = await run(apiList, buildRequest("/api/equipment/get", { token }));
    expect(response.status).toBe(200);
    const list = (await response.json()) as Equipment[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((item) => item._id === expired._id)?.status).toBe("expired");
    expect(list.find((item) => item._id === soon._id)?.status).toBe("dueSoon");
  });

  it("reads one contract as a list holding it, 404 for an unknown or malformed id", async () => {
    const created = await add();
    const response = await run(apiGet, buildRequest(`/api/equipment/get/${created._id}`, { token }), {
      id: created._id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([created]);
    for (const id of [MISSING_ID, "not-an-id"]) {
      const missing = await run(apiGet, buildRequest(`/api/equipment/get/${id}`, { token }), { id });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: "Equipment not found" });
    }
  });

  it("updates a contract (200 equipment), keeping the fields the body leaves out", async () => {
    const created = await add({ equipment: "Air compressor" });
    const response = await run(
      apiUpdate,
      buildRequest(`/api/equipment/updated/${created._id}`, {
        method: "PUT",
        json: { company: "Atlas Copco", validity: { to: "2028-03-31" }, vendorCode: null },
        token,
      }),
      { id: created._id },
    );
    expect(response.status).toBe(200);
    const updated = (await response.json()) as Equipment;
    expect(updated).toMatchObject({
      _id: created._id,
      equipment: "Air compressor",
      company: "Atlas Copco",
      validity: { from: "2026-04-01", to: "2028-03-31" },
      vendorCode: "",
      mobileNumber: "98765 43210",
      version: 2,
    });
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    const change = entries.find((entry) => entry.action === "update");
    expect(change?.before).toMatchObject({ company: "Kirloskar" });
    expect(change?.after).toMatchObject({ company: "Atlas Copco" });
  });

  it("refuses a stale version with 409 and keeps the newer data; 404 and 400 as the contract says", async () => {
    const created = await add();
    const put = (id: string, json: unknown) =>
      run(apiUpdate, buildRequest(`/api/equipment/updated/${id}`, { method: "PUT", json, token }), { id });
    expect((await put(created._id, { company: "First", version: 1 })).status).toBe(200);
    const stale = await put(created._id, { company: "Second", version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: STALE_RECORD_MESSAGE });
    const [row] = await db.select().from(contracts).where(eq(contracts.id, created._id));
    expect(row).toMatchObject({ company: "First", version: 2 });

    expect((await put(MISSING_ID, { company: "X" })).status).toBe(404);
    const bad = await put(created._id, { validity: { from: "2049-04-01" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Validity to must not be before validity from." });
    const badPms = await put(created._id, { pms: "Daily" });
    expect(badPms.status).toBe(400);
    expect(await badPms.json()).toMatchObject({
      errors: { pms: ["Choose Monthly, Quarterly, Yearly or Fortnightly."] },
    });
  });

  it("deletes a contract (200), then answers 404", async () => {
    const created = await add();
    const del = () =>
      run(apiDelete, buildRequest(`/api/equipment/delete/${created._id}`, { method: "DELETE", token }), {
        id: created._id,
      });
    const first = await del();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: "Equipment deleted successfully" });
    expect((await del()).status).toBe(404);
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["create", "delete"]);
  });

  it("answers 405 for a method a row does not take, and lists the rows at GET /api", async () => {
    expect((await run(apiListPost, buildRequest("/api/equipment/get", { json: {}, token }))).status).toBe(
      405,
    );
    expect((await run(apiAddGet, buildRequest("/api/equipment/add", { token }))).status).toBe(405);
    const wrongVerb = await run(
      apiUpdate,
      buildRequest(`/api/equipment/updated/${MISSING_ID}`, { method: "POST", json: {}, token }),
      { id: MISSING_ID },
    );
    expect(wrongVerb.status).toBe(405);
    const index = JSON.stringify(await (await run(apiIndex, buildRequest("/api", { token }))).json());
    for (const path of ["/api/equipment/get", "/api/equipment/add", "/api/equipment/updated/{id}"])
      expect(index).toContain(path);
  });

  it("accepts the session cookie too, but not a cross-site mutation", async () => {
    const ok = await run(apiList, buildRequest("/api/equipment/get", { cookie: staff.cookie }));
    expect(ok.status).toBe(200);
    const cross = await run(
      apiAdd,
      buildRequest("/api/equipment/add", {
        json: buildEquipment(),
        cookie: staff.cookie,
        origin: "https://evil.example",
      }),
    );
    expect(cross.status).toBe(403);
  });
});

type ListAnswer = {
  rows: ContractRow[];
  view: { page: number; size: number; total: number; sort: string; dir: string };
  counts: { expired: number; dueSoon: number };
  alerts: { text: string; link: { href: string | null } }[];
  recipients: number;
  dueSoonDays: number;
  timeline: ChartView | null;
};

describe("the /amc pages", () => {
  const listPage = async (path: string) => {
    const response = await run(listLoader, buildRequest(path, { cookie: staff.cookie }));
    expect(response.status, path).toBe(200);
    return (await response.json()) as ListAnswer;
  };

  it("lists contracts with their status; Send alerts covers every expired contract per recipient", async () => {
    await savePlantSettings(
      db,
      { ...defaultPlantSettings, whatsappRecipients: ["98480 22338", "+44 7700 900123"], dueSoonDays: 10 },
      (await db.select().from(users).limit(1))[0].id,
    );
    const expired = await add({ equipment: "Expired pump", nextDueDate: addDays(today(), -2) });
    const soon = await add({ equipment: "Soon pump", nextDueDate: addDays(today(), 9), mobileNumber: "" });
    const fine = await add({ equipment: "Fine pump", nextDueDate: addDays(today(), 30) });
    const page = await listPage("/amc?q=pump");
    const row = (id: string) => page.rows.find((candidate) => candidate.id === id)!;
    expect(row(expired._id)).toEqual({
      id: expired._id,
      equipment: "Expired pump",
      company: "Kirloskar",
      validityFrom: "2026-04-01",
      validityTo: "2049-03-31",
      pms: "Quarterly",
      vendorCode: "V-101",
      contractNumber: "AMC/2026/7",
      concernedPerson: "Ravi",
      mobileNumber: "98765 43210",
      lastCheckedOn: "2026-01-10",
      nextDueOn: expired.nextDueDate,
      status: "expired",
      reason: "pms",
    });
    expect(row(soon._id).status).toBe("dueSoon");
    expect(row(fine._id).status).toBe("fine");
    expect(page.dueSoonDays).toBe(10);
    expect(page.recipients).toBe(2);

    // The alerts come from every expired contract, whatever page or search is on screen.
    const other = await listPage("/amc?q=nothing-matches-this");
    expect(other.rows).toEqual([]);
    const mine = other.alerts.filter((alert) => alert.text.includes("Expired pump"));
    expect(mine.map((alert) => alert.link.href?.split("?")[0]).sort()).toEqual([
      "https://wa.me/447700900123",
      "https://wa.me/919848022338",
    ]);
    expect(other.alerts.every((alert) => alert.text.startsWith("AMC has expired"))).toBe(true);
    expect(other.alerts.some((alert) => alert.text.includes("Soon pump"))).toBe(false);
    expect(other.counts.expired).toBeGreaterThanOrEqual(1);
  });

  it("pages, searches every shown column (dates as dd/mm/yyyy), sorts and filters on the server", async () => {
    const marker = `Paging${Math.random().toString(36).slice(2, 7)}`;
    await db.insert(contracts).values(
      Array.from({ length: 120 }, (_, n) => ({
        equipment: `${marker} unit ${String(n + 1).padStart(3, "0")}`,
        company: n === 117 ? "Deep Match Engineering" : "Kirloskar",
        vendorCode: `VC-${n}`,
        nextDueOn: addDays(today(), n % 3 === 0 ? -5 : n % 3 === 1 ? 3 : 60),
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, n)),
      })),
    );
    // Oldest first, 50 a page: the third page holds rows 101 to 120.
    const third = await listPage(`/amc?q=${marker}&size=50&page=3`);
    expect(third.view).toMatchObject({ page: 3, size: 50, total: 120 });
    expect(third.rows.map((row) => row.equipment)).toEqual(
      Array.from({ length: 20 }, (_, n) => `${marker} unit ${String(n + 101).padStart(3, "0")}`),
    );
    // A match far beyond the first page, in another column.
    const deep = await listPage("/amc?q=deep%20match");
    expect(deep.rows.map((row) => row.equipment)).toEqual([`${marker} unit 118`]);
    expect(deep.view.total).toBe(1);
    // A date as the table shows it.
    const shown = addDays(today(), 60).split("-").reverse().join("/");
    const byDate = await listPage(`/amc?q=${encodeURIComponent(shown)}&size=200`);
    expect(byDate.rows.filter((row) => row.equipment.startsWith(marker))).toHaveLength(40);
    // LIKE's wildcards are matched literally.
    expect((await listPage("/amc?q=%25%25%25")).rows).toEqual([]);

    const sorted = await listPage(`/amc?q=${marker}&sort=equipment&dir=desc&size=50`);
    expect(sorted.rows[0].equipment).toBe(`${marker} unit 120`);
    expect(sorted.view).toMatchObject({ sort: "equipment", dir: "desc" });
    // A sort or direction not on the list is the default, never SQL.
    const odd = await listPage(`/amc?q=${marker}&sort=id;drop%20table%20contracts&dir=sideways`);
    expect(odd.view).toMatchObject({ sort: "entered", dir: "asc", total: 120 });
    // A saved link with a sort's earlier name (Today's links, a bookmark) sorts as it did.
    const byDue = await listPage(`/amc?q=${marker}&sort=nextDueOn&dir=desc&size=50`);
    expect(byDue.rows[0].nextDueOn).toBe(addDays(today(), 60));
    for (const [old, now] of [
      ["nextDue", "nextDueOn"],
      ["lastChecked", "lastCheckedOn"],
      ["validity", "validityFrom"],
    ] as const) {
      const saved = await listPage(`/amc?q=${marker}&sort=${old}&dir=desc&size=50`);
      expect(saved.view, old).toMatchObject({ sort: now, dir: "desc" });
      const current = await listPage(`/amc?q=${marker}&sort=${now}&dir=desc&size=50`);
      expect(
        saved.rows.map((row) => row.id),
        old,
      ).toEqual(current.rows.map((row) => row.id));
    }

    for (const [status, count] of [
      ["expired", 40],
      ["dueSoon", 40],
      ["fine", 40],
    ] as const) {
      const filtered = await listPage(`/amc?q=${marker}&status=${status}&size=200`);
      expect(filtered.view.total, status).toBe(count);
      expect(
        filtered.rows.every((row) => row.status === status),
        status,
      ).toBe(true);
    }
    // An unknown status is no filter; a page past the end answers the last page.
    expect((await listPage(`/amc?q=${marker}&status=lapsed`)).view.total).toBe(120);
    expect((await listPage(`/amc?q=${marker}&size=50&page=99`)).view.page).toBe(3);
  });

  it("prints the whole searched and filtered list, saying what applied and when", async () => {
    const marker = `Print${Math.random().toString(36).slice(2, 7)}`;
    await db.insert(contracts).values(
      Array.from({ length: 130 }, (_, n) => ({
        equipment: `${marker} ${n}`,
        nextDueOn: addDays(today(), n < 110 ? -1 : 40),
      })),
    );
    const response = await run(
      printLoader,
      buildRequest(`/amc/print?q=${marker}&status=expired&sort=equipment&dir=desc&page=2`, {
        cookie: staff.cookie,
      }),
    );
    expect(response.status).toBe(200);
    const sheet = (await response.json()) as {
      rows: ContractRow[];
      filters: { label: string; value: string }[];
      printedAt: string;
      backHref: string;
    };
    expect(sheet.rows).toHaveLength(110);
    expect(sheet.rows[0].equipment).toBe(`${marker} 99`);
    expect(sheet.filters).toEqual([
      { label: "Search", value: `'${marker}'` },
      { label: "Status", value: "Expired" },
    ]);
    expect(sheet.printedAt).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
    expect(sheet.backHref).toContain("/amc?");
  });

  it("says 'Failed to fetch equipment: …' when the list cannot be read", async () => {
    await db.execute(sql`alter table contracts rename to contracts_away`);
    try {
      const response = await run(listLoader, buildRequest("/amc", { cookie: staff.cookie }));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        error: "Failed to fetch equipment: Something went wrong.",
      });
    } finally {
      await db.execute(sql`alter table contracts_away rename to contracts`);
    }
  });

  it("draws the contracts' dates of the next 90 days, whatever page or search is shown, overdue as the list marks it", async () => {
    await db.delete(contracts);
    const overdue = await add({ equipment: "Overdue pump", nextDueDate: addDays(today(), -2) });
    await add({ equipment: "Soon pump", nextDueDate: addDays(today(), 9) });
    await add({ equipment: "Later pump", nextDueDate: addDays(today(), 120) });
    const page = await listPage("/amc?q=nothing-matches-this");
    const timeline = page.timeline;
    if (!timeline) throw new Error("no timeline");
    // Later pump's dates are past the 90 days: not drawn. A row per contract, nearest first.
    expect(timeline.geometry.yTicks.map((tick) => tick.label)).toEqual(["Overdue pump", "Soon pump"]);
    const gb = (date: string) => date.split("-").reverse().join("/");
    expect(timeline.description).toBe(
      `2 contracts have a date overdue or within the next 90 days. Overdue pump (Kirloskar): PMS was due ${gb(overdue.nextDueDate)} (overdue). Soon pump (Kirloskar): PMS due ${gb(addDays(today(), 9))}.`,
    );
    const crosses = timeline.geometry.layers.find((layer) => layer.name === "Overdue");
    expect(crosses).toMatchObject({
      kind: "marks",
      shape: "cross",
      points: [{ y: timeline.geometry.yTicks[0].at }],
    });
    // The same contract is "expired" in the list: one rule.
    expect((await listPage("/amc?q=Overdue%20pump")).rows[0].status).toBe("expired");
  });

  it("sends the signed-out to sign in", async () => {
    for (const [handler, path] of [
      [listLoader, "/amc"],
      [insertLoader, "/amcinsert"],
      [alertsLoader, "/alerts"],
    ] as const) {
      const response = await run(handler, buildRequest(path));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("inserts from the form, toasts and comes back to a cleared form", async () => {
    const values = buildForm({ lastCheckedOn: "2026-01-31", pms: "Fortnightly" });
    const response = await run(
      insertAction,
      buildRequest("/amcinsert", { form: values, cookie: staff.cookie }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/amcinsert");
    expect(response.headers.get("set-cookie")).toContain("plantops_toast=");
    const [row] = await db.select().from(contracts).where(eq(contracts.equipment, values.equipment));
    expect(row).toMatchObject({
      pms: "Fortnightly",
      nextDueOn: "2026-02-14",
      vendorCode: "",
      validityTo: "2049-03-31",
    });
  });

  it("refuses a bad insert with 'Failed to add equipment: …', keeping the input", async () => {
    const values = buildForm({ company: "", validityTo: "2025-01-01" });
    const response = await run(
      insertAction,
      buildRequest("/amcinsert", { form: values, cookie: staff.cookie }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      toast: { type: string; message: string };
    };
    expect(body.toast).toMatchObject({
      type: "error",
      message: "Failed to add equipment: Company is required.",
    });
    expect(body.result.error[""]).toEqual(["Failed to add equipment: Company is required."]);
    expect(body.result.error.validityTo).toEqual(["Validity to must not be before validity from."]);
    expect(body.result.initialValue.equipment).toBe(values.equipment);
    expect(await db.select().from(contracts).where(eq(contracts.equipment, values.equipment))).toHaveLength(
      0,
    );
  });

  it("prefills the update form, 404 for an unknown id", async () => {
    const created = await add({ equipment: "Weighbridge" });
    const response = await run(
      updateLoader,
      buildRequest(`/amcupdate/${created._id}`, { cookie: staff.cookie }),
      {
        id: created._id,
      },
    );
    expect(await response.json()).toMatchObject({
      values: {
        equipment: "Weighbridge",
        validityFrom: "2026-04-01",
        nextDueOn: "2026-04-10",
        pms: "Quarterly",
      },
      version: 1,
    });
    for (const id of [MISSING_ID, "nope"]) {
      const missing = await run(updateLoader, buildRequest(`/amcupdate/${id}`, { cookie: staff.cookie }), {
        id,
      });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe("No equipment data found for this ID.");
    }
  });

  it("updates from the form (nothing required) and goes to /amc; a stale save is refused", async () => {
    const created = await add({ equipment: "Conveyor" });
    const post = (form: Record<string, string>) =>
      run(updateAction, buildRequest(`/amcupdate/${created._id}`, { form, cookie: staff.cookie }), {
        id: created._id,
      });
    const saved = await post({
      ...buildForm({ equipment: "Conveyor belt", company: "", pms: "" }),
      version: "1",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/amc");
    const [row] = await db.select().from(contracts).where(eq(contracts.id, created._id));
    expect(row).toMatchObject({ equipment: "Conveyor belt", company: "", pms: null, version: 2 });

    const stale = await post({ ...buildForm({ equipment: "Overwrite" }), version: "1" });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      result: { error: Record<string, string[]> };
      toast: { message: string };
    };
    expect(body.toast.message).toBe("Update failed. Please try again.");
    expect(body.result.error[""]).toEqual([`Failed to update equipment: ${STALE_RECORD_MESSAGE}`]);
    const [after] = await db.select().from(contracts).where(eq(contracts.id, created._id));
    expect(after.equipment).toBe("Conveyor belt");

    const invalid = await post({ validityFrom: "2026-05-01", validityTo: "2026-01-01", version: "2" });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain(
      "Failed to update equipment: Validity to must not be before validity from.",
    );

    const missing = await run(
      updateAction,
      buildRequest(`/amcupdate/${MISSING_ID}`, { form: { equipment: "X" }, cookie: staff.cookie }),
      { id: MISSING_ID },
    );
    expect(missing.status).toBe(404);
  });

  it("deletes after the confirmation page, 404 once gone", async () => {
    const created = await add({ equipment: "Old chiller" });
    const page = await run(
      deleteLoader,
      buildRequest(`/amc/${created._id}/delete`, { cookie: staff.cookie }),
      {
        id: created._id,
      },
    );
    expect(await page.json()).toMatchObject({ equipment: { equipment: "Old chiller" } });
    const del = () =>
      run(
        deleteAction,
        buildRequest(`/amc/${created._id}/delete`, { method: "POST", cookie: staff.cookie }),
        {
          id: created._id,
        },
      );
    const done = await del();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/amc");
    expect((await del()).status).toBe(404);
    const cross = await run(
      deleteAction,
      buildRequest(`/amc/${created._id}/delete`, {
        method: "POST",
        cookie: staff.cookie,
        origin: "https://evil.example",
      }),
      { id: created._id },
    );
    expect(cross.status).toBe(403);
  });
});

describe("the bell's alerts", () => {
  it("sends every page the count only; the dialog's list comes from /alerts, most overdue first", async () => {
    await db.delete(contracts);
    for (let day = 1; day <= 22; day++)
      await add({ equipment: `Lapsed ${day}`, nextDueDate: addDays(today(), -day) });
    const shell = (await (
      await run(shellLoader, buildRequest("/home", { cookie: staff.cookie }))
    ).json()) as Record<string, unknown>;
    expect(shell.alertCount).toBe(22);
    // The list is not in every page's data (issue 14: 14 KB of HTML and as much hydration data).
    expect(shell).not.toHaveProperty("alerts");
    const page = (await (
      await run(alertsLoader, buildRequest("/alerts", { cookie: staff.cookie }))
    ).json()) as { alerts: { equipment: string }[] };
    expect(page.alerts).toHaveLength(22);
    expect(page.alerts[0].equipment).toBe("Lapsed 22");
  });

  it("counts exactly the expired contracts, in the shell and on /alerts", async () => {
    await db.delete(contracts);
    const expired = await add({ equipment: "Expired A", nextDueDate: addDays(today(), -1) });
    await add({ equipment: "Expired B", nextDueDate: "2020-05-01" });
    await add({ equipment: "Due tomorrow", nextDueDate: addDays(today(), 1) });
    await add({ equipment: "No date", nextDueDate: "", lastDateOfChecking: "" });
    const shell = (await (
      await run(shellLoader, buildRequest("/home", { cookie: staff.cookie }))
    ).json()) as { alertCount: number };
    expect(shell.alertCount).toBe(2);
    const page = (await (
      await run(alertsLoader, buildRequest("/alerts", { cookie: staff.cookie }))
    ).json()) as {
      alerts: { id: string; equipment: string; reason: string; date: string; mobileNumber: string }[];
    };
    expect(page.alerts.map((alert) => alert.equipment)).toEqual(["Expired B", "Expired A"]);
    expect(page.alerts[1]).toEqual({
      id: expired._id,
      equipment: "Expired A",
      mobileNumber: "98765 43210",
      reason: "pms",
      date: expired.nextDueDate,
    });
  });

  it("turns a contract into an alert just after 00:00 plant time of its due date", async () => {
    await db.delete(contracts);
    await add({ equipment: "Midnight", nextDueDate: "2026-03-10" });
    // 00:00 on 10 March in Kolkata = 18:30 UTC on 9 March.
    expect(await loadAmcAlerts(db, new Date("2026-03-09T18:30:00.000Z"), ZONE)).toEqual([]);
    const after = await loadAmcAlerts(db, new Date("2026-03-09T18:30:00.001Z"), ZONE);
    expect(after.map((alert) => alert.equipment)).toEqual(["Midnight"]);
  });
});
