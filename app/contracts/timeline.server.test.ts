import { describe, expect, it } from "vitest";
import { dayScale } from "#app/charts/axes.server.ts";
import { contractState, statusBounds } from "#app/contracts/rules.ts";
import { contractTimeline, monthStrip, STRIP_WORDS, TIMELINE_ROWS } from "#app/contracts/timeline.server.ts";
import { contractEvents } from "#app/contracts/timeline.ts";
import { wordsIn } from "#app/i18n/words.server.ts";
import { layerNamed } from "#tests/support/charts.ts";

// The contracts' pictures (issue 36) draw the list's own status rule: a date is crossed as
// overdue exactly when /amc calls the contract expired for it, every other date sits on its day.

const ZONE = "Asia/Kolkata";
const now = new Date("2026-11-23T08:30+05:30");
const bounds = statusBounds(now, ZONE, 7);
const today = "2026-11-23";
const rows = [
  { id: "a", equipment: "Compressor", company: "Acme", validityTo: "2027-01-10", nextDueOn: "2026-11-23" },
  { id: "b", equipment: "Fire pump", company: "", validityTo: "2026-11-22", nextDueOn: null },
  { id: "c", equipment: "Weighbridge", company: "", validityTo: "2026-11-24", nextDueOn: "2026-12-01" },
  { id: "d", equipment: "Far away", company: "", validityTo: "2028-01-01", nextDueOn: "2027-06-01" },
];

describe("the contracts' dates", () => {
  const events = contractEvents(rows, "2027-02-20", bounds);

  it("are overdue exactly when the status rule says the contract expired on that date", () => {
    for (const event of events.filter((candidate) => candidate.overdue)) {
      const row = rows.find((candidate) => candidate.id === event.id);
      const state = contractState({ validityTo: row?.validityTo, nextDueOn: row?.nextDueOn }, bounds);
      expect(state.status).toBe("expired");
    }
    expect(events.map((event) => [event.id, event.what, event.date, event.overdue])).toEqual([
      ["b", "validity", "2026-11-22", true],
      // A PMS due today has passed its 00:00 (the /amc rule); a validity ending today has not.
      ["a", "pms", "2026-11-23", true],
      ["c", "validity", "2026-11-24", false],
      ["c", "pms", "2026-12-01", false],
      ["a", "validity", "2027-01-10", false],
    ]);
  });
});

describe("the /amc timeline", () => {
  const chart = contractTimeline(contractEvents(rows, "2027-02-20", bounds), today);

  it("has a row per contract, nearest first, its dates on their days and the overdue ones crossed in the left column", () => {
    expect(chart.geometry.yTicks.map((tick) => tick.label)).toEqual([
      "Fire pump",
      "Compressor",
      "Weighbridge",
    ]);
    const [fire, compressor, weighbridge] = chart.geometry.yTicks.map((tick) => tick.at);
    const overdue = layerNamed(chart.geometry, "Overdue", "marks");
    expect(overdue.shape).toBe("cross");
    expect(overdue.points.map((point) => point.y)).toEqual([fire, compressor]);
    const column = layerNamed(chart.geometry, "Overdue column", "bars").bars[0];
    for (const point of overdue.points) expect(point.x).toBeGreaterThan(column.x);
    for (const point of overdue.points) expect(point.x).toBeLessThan(column.x + column.width);
    // The days: the same scale as the axis, today at its left.
    const { x } = dayScale(today, "2027-02-20", {
      ...chart.geometry.plot,
      left: column.x + column.width + 4,
    });
    expect(layerNamed(chart.geometry, "Validity ends", "marks").points).toEqual([
      { x: x("2027-01-10"), y: compressor },
      { x: x("2026-11-24"), y: weighbridge },
    ]);
    expect(layerNamed(chart.geometry, "PMS due", "marks").points).toEqual([
      { x: x("2026-12-01"), y: weighbridge },
    ]);
    expect(layerNamed(chart.geometry, "Today", "rule").x1).toBe(x(today));
  });

  it("says every date in words, overdue named as such", () => {
    expect(chart.title).toBe("Contracts: overdue and the next 90 days, 23/11/2026 to 20/02/2027");
    expect(chart.description).toBe(
      "3 contracts have a date overdue or within the next 90 days. Fire pump: validity ended 22/11/2026 (overdue). Compressor (Acme): PMS was due 23/11/2026 (overdue); validity ends 10/01/2027. Weighbridge: validity ends 24/11/2026; PMS due 01/12/2026.",
    );
  });

  it(`draws the first ${TIMELINE_ROWS} contracts and says how many more the table holds`, () => {
    const many = Array.from({ length: TIMELINE_ROWS + 3 }, (_, index) => ({
      id: `m${index}`,
      equipment: `Pump ${index}`,
      company: "",
      validityTo: null,
      nextDueOn: "2026-12-10",
    }));
    const big = contractTimeline(contractEvents(many, "2027-02-20", bounds), today);
    expect(big.geometry.yTicks).toHaveLength(TIMELINE_ROWS);
    expect(big.description).toContain("3 more not drawn: see the table");
  });
});

describe("Today's strip", () => {
  it("marks this month's dates only, overdue crossed, today ruled", () => {
    const strip = monthStrip(contractEvents(rows, "2026-11-30", bounds), today);
    expect(strip.title).toBe("Contract dates in November 2026");
    expect(layerNamed(strip.geometry, "Overdue", "marks").points).toHaveLength(2);
    expect(layerNamed(strip.geometry, "Validity ends", "marks").points).toHaveLength(1);
    expect(strip.geometry.layers.some((layer) => layer.name === "PMS due")).toBe(false);
    expect(strip.description).toBe(
      "3 dates fall in November 2026: Fire pump validity ended 22/11/2026 (overdue); Compressor (Acme) PMS was due 23/11/2026 (overdue); Weighbridge validity ends 24/11/2026.",
    );
  });

  it("is worded in the page's language, the month's name too; the contracts' names as typed", () => {
    const strip = monthStrip(contractEvents(rows, "2026-11-30", bounds), today, wordsIn("hi", STRIP_WORDS));
    expect(strip.title).toBe("नवंबर 2026 में कॉन्ट्रैक्ट की तारीखें");
    expect(strip.geometry.legend.map((entry) => entry.name)).toEqual([
      "PMS नियत",
      "वैधता खत्म",
      "समय निकल गया",
    ]);
    expect(strip.description).toMatch(
      /^नवंबर 2026 में 3 तारीखें पड़ती हैं: Fire pump .*Compressor \(Acme\).*Weighbridge/,
    );
    expect(strip.description).not.toMatch(/validity|overdue|due/);
  });
});
