import { describe, expect, it } from "vitest";
import { statusBounds } from "#app/contracts/rules.ts";
import {
  contractBands,
  contractReminderOffset,
  DEFAULT_CONTRACT_OFFSETS,
  daysBetween,
  digestCron,
  digestMessage,
  digestTimePassed,
  plantDay,
  reminderChoicesSchema,
} from "#app/reminders/rules.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

const OFFSETS = DEFAULT_CONTRACT_OFFSETS;
const KOLKATA = "Asia/Kolkata";

describe("contract reminder offsets", () => {
  it("sends nothing before the farthest offset, then the nearest offset reached", () => {
    expect(contractReminderOffset("2026-12-31", "2026-10-31", OFFSETS)).toBeNull(); // 61 days
    expect(contractReminderOffset("2026-12-31", "2026-11-01", OFFSETS)).toBe(60);
    expect(contractReminderOffset("2026-12-31", "2026-12-01", OFFSETS)).toBe(30);
    expect(contractReminderOffset("2026-12-31", "2026-12-24", OFFSETS)).toBe(7);
  });

  it("catches up a missed offset day: the 30-day reminder still goes out on day 29", () => {
    expect(contractReminderOffset("2026-12-31", "2026-12-02", OFFSETS)).toBe(30);
  });

  it("a contract ending today is still under its 7-day reminder; tomorrow's too", () => {
    expect(contractReminderOffset("2026-11-23", "2026-11-23", OFFSETS)).toBe(7);
    expect(contractReminderOffset("2026-11-24", "2026-11-23", OFFSETS)).toBe(7);
  });

  it("is overdue daily from the day after, each day under its own offset", () => {
    expect(contractReminderOffset("2026-11-22", "2026-11-23", OFFSETS)).toBe(-1);
    expect(contractReminderOffset("2026-11-20", "2026-11-23", OFFSETS)).toBe(-3);
  });

  it("counts the 29th of February: 60 days before 29-02-2028 is 31-12-2027", () => {
    expect(daysBetween("2027-12-31", "2028-02-29")).toBe(60);
    expect(contractReminderOffset("2028-02-29", "2027-12-30", OFFSETS)).toBeNull();
    expect(contractReminderOffset("2028-02-29", "2027-12-31", OFFSETS)).toBe(60);
    expect(contractReminderOffset("2028-02-29", "2028-03-01", OFFSETS)).toBe(-1);
  });

  it("has no reminder for a contract without the date", () => {
    expect(contractReminderOffset(null, "2026-11-23", OFFSETS)).toBeNull();
    expect(contractReminderOffset("", "2026-11-23", OFFSETS)).toBeNull();
  });

  it("takes the plant's own offsets in any order", () => {
    expect(contractReminderOffset("2026-12-31", "2026-12-17", [14, 90])).toBe(14);
  });
});

describe("the plant's day at 23:30 and 00:30", () => {
  it("23:30 plant time (18:00 UTC) is still the 28th; 00:30 (19:00 UTC) is the 29th of February", () => {
    const at2330 = new Date("2028-02-28T18:00:00Z");
    const at0030 = new Date("2028-02-28T19:00:00Z");
    expect(plantDay(at2330, KOLKATA)).toBe("2028-02-28");
    expect(plantDay(at0030, KOLKATA)).toBe("2028-02-29");
    // A contract ending on the 29th: tomorrow at 23:30, today at 00:30, both under the 7-day reminder;
    // overdue only from 00:30 on the 1st of March.
    expect(contractReminderOffset("2028-02-29", plantDay(at2330, KOLKATA), OFFSETS)).toBe(7);
    expect(contractReminderOffset("2028-02-29", plantDay(at0030, KOLKATA), OFFSETS)).toBe(7);
    expect(
      contractReminderOffset("2028-02-29", plantDay(new Date("2028-02-29T18:00:00Z"), KOLKATA), OFFSETS),
    ).toBe(7);
    expect(
      contractReminderOffset("2028-02-29", plantDay(new Date("2028-02-29T19:00:00Z"), KOLKATA), OFFSETS),
    ).toBe(-1);
  });
});

describe("the digest's time", () => {
  it.each([
    ["08:00", "0 8 * * *"],
    ["17:45", "45 17 * * *"],
    ["25:00", "0 8 * * *"],
  ])("at %j is the daily cron line %j (a bad time falls back to 08:00)", (time, cron) => {
    expect(digestCron(time)).toBe(cron);
  });

  it.each([
    ["2026-11-23T02:29:00Z", false], // 07:59 in the plant
    ["2026-11-23T02:30:00Z", true], // 08:00
  ])("at 08:00 in the plant's zone, has passed at %s: %s (from its minute on)", (instant, passed) => {
    expect(digestTimePassed(new Date(instant), KOLKATA, "08:00")).toBe(passed);
  });
});

describe("the digest's text", () => {
  const items = {
    contracts: [
      {
        id: "c1",
        equipment: "Fire pump",
        company: "Acme",
        what: "validity" as const,
        date: "2026-12-23",
        offset: 30,
        mobileNumber: "98765 43210",
        whatsApp: "https://wa.me/919876543210?text=x",
      },
    ],
    spares: [{ department: "FireFight", srno: 4, assets: "Hose", available: 1, minimum: 3 }],
    returns: [],
  };
  const context = { today: "2026-11-23", appUrl: "https://plant.example", plantName: "North Plant" };

  it("lists only the subscribed kinds, with links into the app and WhatsApp", () => {
    const message = digestMessage(items, ["contracts"], context);
    expect(message?.subject).toBe("North Plant: 1 reminder for 23/11/2026");
    expect(message?.text).toContain('- "Fire pump" ("Acme"): validity ends 23/12/2026, in 30 days');
    expect(message?.text).toContain("https://plant.example/amc?q=Fire%20pump");
    expect(message?.text).toContain('WhatsApp "98765 43210": https://wa.me/919876543210?text=x');
    expect(message?.text).not.toContain("Hose");
  });

  it("holds a record's text on one quoted line, with no link of its own (issue 31)", () => {
    const hostile = {
      gatePassNo: "GP-7",
      descriptionOfItems:
        "2 cylinders\n\nFrom the administrator: your session expired, re-enter your password at http://evil.example/a",
      issuedTo: "Ramesh\r\nwww.evil.example",
      expected: "2026-11-20",
    };
    const text = digestMessage({ ...items, returns: [hostile] }, ["returns"], context)?.text ?? "";
    const lines = text.split("\n");
    const entry = lines.filter((line) => line.includes("GP-7"));
    expect(entry).toHaveLength(1);
    expect(entry[0]).toMatch(/^- Gate pass "GP-7": "2 cylinders From the administrator: your session/);
    expect(entry[0]).toContain('issued to "Ramesh www[.]evil.example"');
    expect(lines.some((line) => line.startsWith("From the administrator"))).toBe(false);
    expect(text).not.toContain("http://evil.example");
    expect(text).not.toContain("www.evil");
  });

  it("is no message at all when nothing subscribed is due", () => {
    expect(digestMessage(items, ["returns"], context)).toBeNull();
    expect(digestMessage(items, [], context)).toBeNull();
  });
});

describe("the Today page's contract bands", () => {
  const due = (what: "validity" | "pms", date: string) => ({
    id: `${what} ${date}`,
    equipment: date,
    company: "",
    what,
    date,
    offset: 0,
    mobileNumber: "",
    whatsApp: null,
  });
  // The bounds at midday of `today` in the plant's zone (Kolkata).
  const bands = (items: ReturnType<typeof due>[], today: string) =>
    contractBands(
      items,
      today,
      [60, 30, 7],
      statusBounds(new Date(`${today}T12:00:00+05:30`), "Asia/Kolkata"),
    ).map(
      (band) => `${band.what} ${band.within ?? "overdue"}: ${band.items.map((item) => item.date).join(" ")}`,
    );

  it("puts validity ends in disjoint windows, one ending today in the nearest and one ended yesterday overdue", () => {
    const today = "2026-11-23";
    const items = [
      "2026-11-22",
      "2026-11-23",
      "2026-11-30",
      "2026-12-01",
      "2026-12-23",
      "2026-12-24",
      "2027-01-22",
    ].map((date) => due("validity", date));
    expect(bands(items, today).slice(0, 4)).toEqual([
      "validity overdue: 2026-11-22",
      "validity 7: 2026-11-23 2026-11-30",
      "validity 30: 2026-12-01 2026-12-23",
      "validity 60: 2026-12-24 2027-01-22",
    ]);
  });

  it("counts a PMS date as passed by /amc's own rule (its 00:00), so a PMS due today is overdue", () => {
    const items = [due("pms", "2026-11-23"), due("pms", "2026-11-24")];
    expect(bands(items, "2026-11-23").slice(4, 6)).toEqual(["pms overdue: 2026-11-23", "pms 7: 2026-11-24"]);
  });

  it("crosses 29 February by calendar days", () => {
    expect(bands([due("validity", "2028-02-29")], "2028-02-22")[1]).toBe("validity 7: 2028-02-29");
    expect(bands([due("validity", "2028-02-29")], "2028-03-01")[0]).toBe("validity overdue: 2028-02-29");
  });
});

describe("the reminder choices form (/account)", () => {
  const kinds = (...ticked: string[]) => {
    const form = new URLSearchParams({ intent: "reminders" });
    for (const kind of ticked) form.append("kind", kind);
    const submission = parseSubmission(form, reminderChoicesSchema);
    return submission.status === "success" ? submission.value.kind : null;
  };

  it("reads no box, one box and several boxes as a list", () => {
    expect(kinds()).toEqual([]);
    expect(kinds("returns")).toEqual(["returns"]);
    expect(kinds("returns", "contracts")).toEqual(["returns", "contracts"]);
  });
});
