import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import {
  periodFigures,
  recordMovement,
  reverseMovement,
  stockOn,
  ZERO_FIGURES,
} from "#app/ledger/movements.server.ts";
import { type ReportCharts, reportChartViews } from "#app/ledger/report/chart.server.ts";
import { groupDepartment } from "#app/ledger/report/labels.ts";
import { MOST_USED, type ReportPage, reportForPrint, reportPage } from "#app/ledger/report/queries.server.ts";
import { loader as apiReport } from "#app/ledger/report/routes/api-report.ts";
import { loader as printLoader } from "#app/ledger/report/routes/print.tsx";
import { loader as reportLoader } from "#app/ledger/report/routes/report.tsx";
import { readReportView } from "#app/ledger/report/view.ts";
import { addDays } from "#app/lib/dates.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { formatQuantity } from "#app/stock/rules.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { layerNamed, quantityOfWidth } from "#tests/support/charts.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// The stock report (issue 17) against the real PostgreSQL: per item opening / receipts / issues /
// counts / closing over a period, totals per rack and department, its filters, a reversal inside
// the period, paging, the print view and GET /api/stock/report.

let cookie: string;
let token: string;
let userId: string;
const items: Record<string, StockItemRef> = {};
const OCTOBER = "from=2026-10-01&to=2026-10-31";

async function rackItem(rackNumber: number, materialName: string, section = "Shelf A-1") {
  const [row] = await db
    .insert(rackItems)
    .values({ rackNumber, section, materialName, availableStock: 0, closingStock: 0 })
    .returning({ id: rackItems.id });
  return { type: "rack", id: row.id } as const;
}

async function sparesLine(department: "Electrician" | "FireFight", srno: number, components: string) {
  const [row] = await db
    .insert(inventoryItems)
    .values({
      department,
      srno,
      assets: "DG Set 1",
      componentsAndEquipments: components,
      availableStock: 0,
      minStock: 1,
      leadTimeDays: 7,
    })
    .returning({ id: inventoryItems.id });
  return { type: "spare", id: row.id } as const;
}

async function move(
  item: StockItemRef,
  kind: "opening" | "receipt" | "issue" | "count",
  movedOn: string,
  quantity: number,
) {
  const outcome = await recordMovement(db, item, { kind, movedOn, quantity }, userId);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.movement;
}

beforeAll(async () => {
  const user = await signedInUser();
  cookie = user.cookie;
  token = await apiToken(user);
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  userId = me.id;

  // Rack 7 (Electrician) is made first, rack 3 (Technician) after: the report still lists rack 3 first.
  items.fuse = await rackItem(7, "Fuse 10 A");
  await move(items.fuse, "opening", "2026-08-01", 7);
  // An issue entered wrongly inside October and reversed: it cancels out of October's issues.
  const wrong = await move(items.fuse, "issue", "2026-10-18", 3);
  expect((await reverseMovement(db, wrong.id, userId, "Wrong item")).ok).toBe(true);

  items.valve = await rackItem(3, "Kosan valve SC", "Shelf B-2");
  await move(items.valve, "opening", "2026-09-10", 10);
  // Reversed in September: neither counts in October, and the opening is as if it never happened.
  const september = await move(items.valve, "issue", "2026-09-20", 1);
  expect((await reverseMovement(db, september.id, userId)).ok).toBe(true);
  await move(items.valve, "receipt", "2026-10-03", 5);
  await move(items.valve, "issue", "2026-10-12", 4);
  await move(items.valve, "issue", "2026-11-02", 2); // after the period

  // Put in during October (its opening folds into the opening), then counted one short.
  items.ring = await rackItem(3, "Neck ring");
  await move(items.ring, "opening", "2026-10-05", 3);
  await move(items.ring, "count", "2026-10-20", 2);

  items.cable = await sparesLine("Electrician", 41, "Armoured cable 4C [m]");
  await move(items.cable, "opening", "2026-09-01", 20.5);
  await move(items.cable, "issue", "2026-10-15", 6.25);

  items.hose = await sparesLine("FireFight", 9, "Hose coupling 63 mm");
});

type Figures = { opening: number; receipts: number; issues: number; counts: number; closing: number };
type Body = {
  rows: ({ type: string; id: string; group: number; name: string; place: string } & Figures)[];
  groups: ({ group: number; items: number } & Figures)[];
  totals: { items: number } & Figures;
  total: number;
  page: number;
  problems: string[];
  filters: Record<string, unknown>;
  charts: ReportCharts | null;
};

async function report(query: string): Promise<Body> {
  const response = await run(reportLoader, buildRequest(`/stock/report?${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

/** A department group's name as the chart writes it (groups 101–103). */
const groupLabelOf = (group: number) => groupDepartment(group);

const figuresOf = (row: Figures) => ({
  opening: row.opening,
  receipts: row.receipts,
  issues: row.issues,
  counts: row.counts,
  closing: row.closing,
});

describe("the stock report's figures", () => {
  it("gives each item its opening, receipts, issues, counts and closing for the period", async () => {
    const body = await report(OCTOBER);
    const byName = Object.fromEntries(body.rows.map((row) => [row.name, figuresOf(row)]));
    expect(byName["Kosan valve SC"]).toEqual({ opening: 10, receipts: 5, issues: 4, counts: 0, closing: 11 });
    expect(byName["Neck ring"]).toEqual({ opening: 3, receipts: 0, issues: 0, counts: -1, closing: 2 });
    expect(byName["Armoured cable 4C [m]"]).toEqual({
      opening: 20.5,
      receipts: 0,
      issues: 6.25,
      counts: 0,
      closing: 14.25,
    });
    expect(byName["Hose coupling 63 mm"]).toEqual({
      opening: 0,
      receipts: 0,
      issues: 0,
      counts: 0,
      closing: 0,
    });
  });

  it("cancels an issue reversed inside the period out of its issues", async () => {
    const fuse = (await report(OCTOBER)).rows.find((row) => row.name === "Fuse 10 A");
    expect(fuse && figuresOf(fuse)).toEqual({ opening: 7, receipts: 0, issues: 0, counts: 0, closing: 7 });
  });

  it("agrees with the ledger's own period figures, an item's opening movement counted in its opening", async () => {
    for (const period of [
      { from: "2026-10-01", to: "2026-10-31" },
      { from: "2026-09-15", to: "2026-10-12" },
      { from: "2026-11-01", to: "2026-11-30" },
    ]) {
      const body = await report(`from=${period.from}&to=${period.to}`);
      expect(body.rows).toHaveLength(5);
      for (const row of body.rows) {
        const item = { type: row.type, id: row.id } as StockItemRef;
        const ledger =
          (await periodFigures(db, item.type, [item.id], period.from, period.to)).get(item.id) ??
          ZERO_FIGURES;
        expect(figuresOf(row), `${row.name} ${period.from}`).toEqual({
          opening: ledger.opening + ledger.openings,
          receipts: ledger.receipts,
          issues: ledger.issues,
          counts: ledger.counts,
          closing: ledger.closing,
        });
        expect(row.closing).toBe(await stockOn(db, item, period.to));
        expect(row.opening - ledger.openings).toBe(await stockOn(db, item, addDays(period.from, -1)));
      }
    }
  });

  it("totals each rack and department over its items, and the whole list at the foot", async () => {
    const body = await report(OCTOBER);
    const rack3 = body.groups.find((group) => group.group === 3);
    expect(rack3).toEqual({
      group: 3,
      items: 2,
      opening: 13,
      receipts: 5,
      issues: 4,
      counts: -1,
      closing: 13,
    });
    expect(body.groups.find((group) => group.group === 7)).toMatchObject({
      items: 1,
      opening: 7,
      closing: 7,
    });
    expect(body.totals).toEqual({
      items: 5,
      opening: 40.5,
      receipts: 5,
      issues: 10.25,
      counts: -1,
      closing: 34.25,
    });
  });

  it("draws each rack's and department's receipts against its issues, and the items most used, as the table has them", async () => {
    const body = await report(OCTOBER);
    const charts = body.charts;
    if (!charts) throw new Error("no charts");
    const { geometry } = charts.groups;
    const moved = body.groups.filter((group) => group.receipts > 0 || group.issues > 0);
    expect(geometry.yTicks.map((tick) => tick.label)).toEqual(
      moved.map((group) => (group.group > 100 ? String(groupLabelOf(group.group)) : `Rack ${group.group}`)),
    );
    const read = (name: string) =>
      layerNamed(geometry, name, "bars").bars.map(
        (bar) => Math.round(quantityOfWidth(geometry, bar.width) * 100) / 100,
      );
    expect(read("Received")).toEqual(moved.map((group) => group.receipts));
    expect(read("Issued")).toEqual(moved.map((group) => group.issues));
    // The items most used: the rows' issues, most first.
    const used = body.rows
      .filter((row) => row.issues > 0)
      .sort((a, b) => b.issues - a.issues || a.name.localeCompare(b.name));
    expect(charts.mostUsed.geometry.yTicks.map((tick) => tick.label)).toEqual(used.map((row) => row.name));
    expect(
      layerNamed(charts.mostUsed.geometry, "Figures", "labels").texts.map((text) => Number(text.text)),
    ).toEqual(used.map((row) => row.issues));
    expect(charts.groups.title).toBe("Received and issued per rack and department, 01/10/2026 to 31/10/2026");
    // Any page draws the whole report: page 2 of 2-item pages draws what page 1 does.
    expect((await report(`${OCTOBER}&size=2&page=2`)).charts).toEqual(charts);
  });

  it("lists the items as the racks page does: by rack, then as put in, then the departments' lines", async () => {
    const body = await report(OCTOBER);
    expect(body.rows.map((row) => row.name)).toEqual([
      "Kosan valve SC",
      "Neck ring",
      "Fuse 10 A",
      "Armoured cable 4C [m]",
      "Hose coupling 63 mm",
    ]);
    expect(body.rows[0]).toMatchObject({ place: "Shelf B-2", group: 3 });
  });

  it("is this month by default", async () => {
    const body = await report("");
    expect(body.filters.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect((body.filters.to as string).slice(0, 7)).toBe((body.filters.from as string).slice(0, 7));
  });
});

describe("the stock report's filters", () => {
  const names = async (query: string) => (await report(`${OCTOBER}&${query}`)).rows.map((row) => row.name);

  it("shows one rack's items, and no spares lines, for a rack", async () => {
    expect(await names("rack=3")).toEqual(["Kosan valve SC", "Neck ring"]);
  });

  it("shows a department's spares lines and the racks of its trade for a department", async () => {
    expect(await names("department=Electrician")).toEqual(["Fuse 10 A", "Armoured cable 4C [m]"]);
    expect(await names("department=Technician")).toEqual(["Kosan valve SC", "Neck ring"]);
  });

  it("shows only rack items or only spares lines when asked", async () => {
    expect(await names("items=spare")).toEqual(["Armoured cable 4C [m]", "Hose coupling 63 mm"]);
    expect(await names("items=rack")).toEqual(["Kosan valve SC", "Neck ring", "Fuse 10 A"]);
  });

  it("searches the item, its section or line and its department, and totals only what matches", async () => {
    expect(await names("q=valve")).toEqual(["Kosan valve SC"]);
    expect(await names("q=shelf%20b-2")).toEqual(["Kosan valve SC"]);
    expect(await names("q=firefight")).toEqual(["Hose coupling 63 mm"]);
    const body = await report(`${OCTOBER}&q=valve`);
    expect(body.groups).toEqual([
      { group: 3, items: 1, opening: 10, receipts: 5, issues: 4, counts: 0, closing: 11 },
    ]);
    expect(await names("q=50%25_off")).toEqual([]);
  });

  it("says what it could not read and shows the default instead, never a failure", async () => {
    const body = await report("from=2026-13-01&rack=99");
    expect(body.problems).toHaveLength(2);
    expect(body.problems[0]).toMatch(/^From '2026-13-01' is not a date/);
    expect(body.rows.length).toBe(5);
  });
});

describe("paging", () => {
  it("pages on the server and totals each group over all its items, not just the page's", async () => {
    await db.insert(rackItems).values(
      Array.from({ length: 55 }, (_, index) => ({
        rackNumber: 24,
        section: "Shelf E-3",
        materialName: `Bolt M${index + 1}`,
        availableStock: 0,
        closingStock: 0,
      })),
    );
    const last = await rackItem(24, "Bolt last");
    await move(last, "opening", "2026-10-02", 9);
    const first = await report(`${OCTOBER}&rack=24&size=50`);
    expect(first.total).toBe(56);
    expect(first.rows).toHaveLength(50);
    const second = await report(`${OCTOBER}&rack=24&size=50&page=2`);
    expect(second.rows.map((row) => row.name).at(-1)).toBe("Bolt last");
    expect(second.groups).toEqual([
      { group: 24, items: 56, opening: 9, receipts: 0, issues: 0, counts: 0, closing: 9 },
    ]);
    expect(first.groups[0]).toEqual(second.groups[0]);
    const beyond = await report(`${OCTOBER}&rack=24&size=50&page=9`);
    expect(beyond.page).toBe(2);
  });
});

describe("the print view", () => {
  it("prints the whole filtered report with the period and filters in its header", async () => {
    const response = await run(
      printLoader,
      buildRequest(`/stock/report/print?${OCTOBER}&department=Electrician&page=2`, { cookie }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body & {
      filters: { label: string; value: string }[];
      printedAt: string;
      backHref: string;
    };
    expect(body.rows.map((row) => row.name)).toEqual(["Fuse 10 A", "Armoured cable 4C [m]"]);
    expect(body.filters).toEqual([
      { label: "Period", value: "01/10/2026 to 31/10/2026" },
      { label: "Department", value: "Electrician" },
    ]);
    expect(body.printedAt).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    expect(body.backHref).toBe(`/stock/report?${OCTOBER}&department=Electrician&page=2`);
  });
});

describe("GET /api/stock/report", () => {
  const api = (query: string, auth: { token?: string; cookie?: string } = { token }) =>
    run(apiReport, buildRequest(`/api/stock/report?${query}`, auth));

  it("answers the page's figures with the same filters", async () => {
    const response = await api(`${OCTOBER}&rack=3`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      from: string;
      to: string;
      total: number;
      items: Record<string, unknown>[];
      groups: Record<string, unknown>[];
      totals: Record<string, number>;
    };
    expect(body).toMatchObject({ from: "2026-10-01", to: "2026-10-31", total: 2 });
    expect(body.items[0]).toEqual({
      type: "rack",
      id: items.valve.id,
      rackNumber: 3,
      department: null,
      place: "Shelf B-2",
      name: "Kosan valve SC",
      srno: null,
      opening: 10,
      receipts: 5,
      issues: 4,
      counts: 0,
      closing: 11,
    });
    expect(body.groups).toEqual([
      {
        label: "RACK 3 - Technician",
        rack: 3,
        department: null,
        items: 2,
        opening: 13,
        receipts: 5,
        issues: 4,
        counts: -1,
        closing: 13,
      },
    ]);
    expect(body.totals).toMatchObject({ items: 2, closing: 13 });
  });

  it("takes a month", async () => {
    const body = (await (await api("month=2026-10&items=spare")).json()) as {
      from: string;
      to: string;
      total: number;
    };
    expect(body).toMatchObject({ from: "2026-10-01", to: "2026-10-31", total: 2 });
  });

  it("answers 400 naming what it cannot read, 401 without sign-in, 405 for a post", async () => {
    const bad = await api("from=31-10-2026&department=electrician");
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe("From '31-10-2026' is not a date (write it YYYY-MM-DD).");
    expect(Object.keys(body.errors).sort()).toEqual(["department", "from"]);
    const anonymous = await api(OCTOBER, {});
    expect(anonymous.status).toBe(401);
    const { action } = await import("#app/ledger/report/routes/api-report.ts");
    const posted = await run(action, buildRequest("/api/stock/report", { json: {}, token }));
    expect(posted.status).toBe(405);
  });
});

describe("the totals and the rows, read apart (issue 36)", () => {
  // The group totals come from one aggregate per group and the page's rows from a query that
  // stops at the page: every group's totals must still be what its rows add up to, on any page,
  // with movements after the period, openings and reversals inside it, and the charts must draw
  // those very totals.
  const sum = (rows: readonly Figures[], pick: (row: Figures) => number) =>
    Math.round(rows.reduce((total, row) => total + pick(row), 0) * 1000) / 1000;
  const summed = (rows: readonly Figures[]) => ({
    opening: sum(rows, (row) => row.opening),
    receipts: sum(rows, (row) => row.receipts),
    issues: sum(rows, (row) => row.issues),
    counts: sum(rows, (row) => row.counts),
    closing: sum(rows, (row) => row.closing),
  });

  beforeAll(async () => {
    const pump = await sparesLine("Electrician", 42, "Pump seal kit");
    await move(pump, "opening", "2026-10-09", 12);
    await move(pump, "issue", "2026-10-21", 5);
    await move(pump, "receipt", "2026-11-03", 4); // after the period
    // An opening put in by mistake inside the period and reversed: neither moves any figure.
    const wrongOpening = await move(
      await sparesLine("FireFight", 10, "Nozzle 19 mm"),
      "opening",
      "2026-10-11",
      6,
    );
    expect((await reverseMovement(db, wrongOpening.id, userId)).ok).toBe(true);
    const valve = await sparesLine("FireFight", 11, "Landing valve");
    await move(valve, "opening", "2026-09-01", 30);
    await move(valve, "issue", "2026-10-02", 9);
    await move(valve, "count", "2026-10-30", 20);
  });

  it("totals every group as its rows add up, page after page, and draws those totals", async () => {
    for (const query of [
      OCTOBER,
      `${OCTOBER}&department=FireFight`,
      `${OCTOBER}&items=spare`,
      `${OCTOBER}&q=valve`,
      "from=2026-10-15&to=2026-11-30",
    ]) {
      const { params, filters } = readReportView(new URLSearchParams(query), "2026-11-26");
      const whole = await reportForPrint(db, params.q, filters, true, true);
      // Pages of two rows (the pages' own sizes are 25 and up): every page boundary is crossed.
      const pages: ReportPage[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / 2); page += 1)
        pages.push(await reportPage(db, { q: params.q, page, size: 2 }, filters, true, true));
      const rows = pages.flatMap((page) => page.rows);
      expect(rows, query).toEqual(whole.rows);
      expect(rows.length, query).toBe(whole.total);
      for (const group of new Set(rows.map((row) => row.group))) {
        const mine = rows.filter((row) => row.group === group);
        const totals = { group, items: mine.length, ...summed(mine) };
        expect(
          whole.groups.find((g) => g.group === group),
          `${query} group ${group}`,
        ).toEqual(totals);
        for (const page of pages.filter((page) => page.rows.some((row) => row.group === group)))
          expect(page.groups.find((g) => g.group === group)).toEqual(totals);
      }
      expect(whole.totals, query).toEqual({ items: rows.length, ...summed(rows) });
      for (const page of pages) {
        expect(page.totals).toEqual(whole.totals);
        expect(page.charts).toEqual(whole.charts);
      }
      // The chart's bars are the groups' own receipts and issues, for every group that moved (a
      // bar's length to the tenth of a pixel it is drawn at; its words exactly).
      const charts = reportChartViews(whole.charts ?? { groups: [], mostUsed: [] }, filters);
      const moved = whole.groups.filter((group) => group.receipts > 0 || group.issues > 0);
      const tenths = (value: number) => Math.round(value * 10) / 10;
      const read = (name: string) =>
        layerNamed(charts.groups.geometry, name, "bars").bars.map((bar) =>
          tenths(quantityOfWidth(charts.groups.geometry, bar.width)),
        );
      expect(read("Received"), query).toEqual(moved.map((group) => tenths(group.receipts)));
      expect(read("Issued"), query).toEqual(moved.map((group) => tenths(group.issues)));
      for (const group of moved)
        expect(charts.groups.description).toContain(
          `received ${formatQuantity(group.receipts)}, issued ${formatQuantity(group.issues)}`,
        );
      const used = rows
        .filter((row) => row.issues > 0)
        .sort((a, b) => b.issues - a.issues || a.name.localeCompare(b.name))
        .map((row) => ({ id: row.id, issues: row.issues }));
      expect(
        whole.charts?.mostUsed.map((item) => ({ id: item.id, issues: item.issues })),
        query,
      ).toEqual(used.slice(0, MOST_USED));
    }
  });

  it("gives the new lines' figures: an opening after the period's start in the opening, a reversed opening nowhere", async () => {
    const body = await report(`${OCTOBER}&items=spare&size=200`);
    const byName = Object.fromEntries(body.rows.map((row) => [row.name, figuresOf(row)]));
    expect(byName["Pump seal kit"]).toEqual({ opening: 12, receipts: 0, issues: 5, counts: 0, closing: 7 });
    expect(byName["Nozzle 19 mm"]).toEqual({ opening: 0, receipts: 0, issues: 0, counts: 0, closing: 0 });
    expect(byName["Landing valve"]).toEqual({ opening: 30, receipts: 0, issues: 9, counts: -1, closing: 20 });
    // The list runs Electrician's lines, then FireFight's, each by serial number.
    expect(body.rows.map((row) => row.name)).toEqual([
      "Armoured cable 4C [m]",
      "Pump seal kit",
      "Hose coupling 63 mm",
      "Nozzle 19 mm",
      "Landing valve",
    ]);
  });
});
