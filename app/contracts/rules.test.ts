import { describe, expect, it } from "vitest";
import {
  addMonths,
  alertMessages,
  alertTitle,
  contractAlertTitle,
  contractMessage,
  contractStateAt,
  contractStatus,
  contractStatusAt,
  dueMessage,
  expiredMessage,
  statusBounds,
  suggestNextDueDate,
  whatsAppLink,
  whatsAppNumber,
} from "#app/contracts/rules.ts";
import { addDays, dateInZone, formatDateGB, startOfDayInZone } from "#app/lib/dates.ts";

const KOLKATA = "Asia/Kolkata";
/** A contract with only a next due date. */
const next = (nextDueOn: string | null) => ({ nextDueOn });

describe("contract expiry (strictly after 00:00 plant time of the next due date)", () => {
  it("runs in UTC, as the servers do", () => {
    expect(new Date("2026-03-10T00:00:00").getTimezoneOffset()).toBe(0);
  });

  // 00:00 on 10 March in Kolkata is 18:30 UTC on 9 March.
  it("is not expired at 23:59:59 the day before, nor at exactly midnight", () => {
    expect(contractStatus(next("2026-03-10"), new Date("2026-03-09T18:29:59Z"), KOLKATA)).toBe("dueSoon");
    expect(contractStatus(next("2026-03-10"), new Date("2026-03-09T18:30:00.000Z"), KOLKATA)).toBe("dueSoon");
  });

  it("is expired one millisecond after midnight in Kolkata, though it is still 9 March in UTC", () => {
    expect(contractStatus(next("2026-03-10"), new Date("2026-03-09T18:30:00.001Z"), KOLKATA)).toBe("expired");
    expect(contractStatus(next("2026-03-10"), new Date("2026-03-09T20:00:00Z"), KOLKATA)).toBe("expired");
  });

  it("uses the plant's zone, not UTC: the same instant is not yet past midnight in London", () => {
    expect(contractStatus(next("2026-03-10"), new Date("2026-03-09T20:00:00Z"), "Europe/London")).toBe(
      "dueSoon",
    );
  });

  it("stays expired on later days", () => {
    expect(contractStatus(next("2025-01-01"), new Date("2026-03-09T20:00:00Z"), KOLKATA)).toBe("expired");
  });

  it("has nothing to say about a missing or unreadable due date", () => {
    const now = new Date("2026-03-09T12:00:00Z");
    expect(contractStatus(next(""), now, KOLKATA)).toBe("fine");
    expect(contractStatus(next(null), now, KOLKATA)).toBe("fine");
    expect(contractStatus(next("2026-02-30"), now, KOLKATA)).toBe("fine");
  });
});

describe("the status of many contracts at one instant (contractStatusAt)", () => {
  // The rule as written: expired strictly after 00:00 plant time of the due date, then the window.
  const byDefinition = (due: string, now: Date, zone: string, days: number) => {
    if (now.getTime() > startOfDayInZone(due, zone).getTime()) return "expired";
    return due <= addDays(dateInZone(now, zone), days) ? "dueSoon" : "fine";
  };

  it("agrees with the rule around midnights, in the plant's zone and in zones with daylight saving", () => {
    // Santiago moves its clocks at midnight (5 April, 6 September 2026); London and New York in March.
    const dues = [
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-17",
      "2026-03-29",
      "2026-04-05",
      "2026-09-06",
    ];
    for (const zone of [KOLKATA, "Europe/London", "America/New_York", "America/Santiago"]) {
      for (const due of dues) {
        const midnight = startOfDayInZone(due, zone).getTime();
        for (const offset of [-86_400_000, -3_600_000, -1, 0, 1, 3_600_000, 86_400_000]) {
          const now = new Date(midnight + offset);
          expect(contractStatusAt(now, zone, 7)(next(due)), `${due} at ${now.toISOString()} in ${zone}`).toBe(
            byDefinition(due, now, zone, 7),
          );
        }
      }
    }
  });

  it("has nothing to say about a missing or unreadable due date", () => {
    const statusOf = contractStatusAt(new Date("2026-03-09T12:00:00Z"), KOLKATA);
    expect([statusOf(next("")), statusOf(next(null)), statusOf({}), statusOf(next("2026-02-30"))]).toEqual([
      "fine",
      "fine",
      "fine",
      "fine",
    ]);
  });
});

describe("the status from both dates: validity end and next due date (one rule)", () => {
  // 17:30 on 26 November 2026 in Kolkata.
  const now = new Date("2026-11-26T12:00:00Z");
  const stateOf = (contract: { validityTo?: string | null; nextDueOn?: string | null }, days = 7) =>
    contractStateAt(now, KOLKATA, days)(contract);

  it("is expired when the validity has ended, with no next due date (issue 30)", () => {
    expect(stateOf({ validityTo: "2026-11-20", nextDueOn: null })).toEqual({
      status: "expired",
      reason: "validity",
      date: "2026-11-20",
    });
    expect(contractStatus({ validityTo: "2026-11-20" }, now, KOLKATA)).toBe("expired");
  });

  it("is expired when the validity has ended though the next due date is far off", () => {
    expect(stateOf({ validityTo: "2026-11-25", nextDueOn: "2027-02-01" })).toMatchObject({
      status: "expired",
      reason: "validity",
    });
  });

  it("keeps a contract valid through its validity end date: ending today is due soon, not expired", () => {
    expect(stateOf({ validityTo: "2026-11-26" })).toEqual({
      status: "dueSoon",
      reason: "validity",
      date: "2026-11-26",
    });
    expect(stateOf({ validityTo: "2026-12-03" }).status).toBe("dueSoon");
    expect(stateOf({ validityTo: "2026-12-04" }).status).toBe("fine");
    expect(stateOf({ validityTo: "2026-12-04" }, 8).status).toBe("dueSoon");
  });

  it("still decides by the next due date alone when the validity is far off or missing", () => {
    expect(stateOf({ validityTo: "2027-03-31", nextDueOn: "2026-11-26" })).toEqual({
      status: "expired",
      reason: "pms",
      date: "2026-11-26",
    });
    expect(stateOf({ validityTo: null, nextDueOn: "2026-11-30" })).toMatchObject({
      status: "dueSoon",
      reason: "pms",
    });
    expect(stateOf({ validityTo: "2027-03-31", nextDueOn: "2027-01-01" })).toEqual({
      status: "fine",
      reason: null,
      date: null,
    });
    expect(stateOf({}).status).toBe("fine");
    expect(stateOf({ validityTo: "2026-02-30", nextDueOn: "not a date" }).status).toBe("fine");
  });

  // When both flag the contract: the earlier date, the next due date on the same day; expired
  // beats due soon whichever date is earlier; both due soon, the nearer.
  it.each([
    ["2026-11-20", "2026-06-15", { reason: "pms", date: "2026-06-15" }],
    ["2026-11-20", "2026-11-24", { reason: "validity", date: "2026-11-20" }],
    ["2026-11-20", "2026-11-20", { reason: "pms" }],
    ["2026-11-28", "2026-11-26", { status: "expired", reason: "pms" }],
    ["2026-11-25", "2026-11-28", { status: "expired", reason: "validity" }],
    ["2026-11-29", "2026-12-01", { status: "dueSoon", reason: "validity" }],
  ])("with validity to %s and next due on %s, names %j", (validityTo, nextDueOn, expected) => {
    expect(stateOf({ validityTo, nextDueOn })).toMatchObject(expected);
  });

  it("ends the validity at the 00:00 after its last day in the plant's zone, not UTC's", () => {
    // 00:00 on 21 November in Kolkata is 18:30 UTC on 20 November.
    const validity = { validityTo: "2026-11-20" };
    expect(contractStatus(validity, new Date("2026-11-20T18:29:59.999Z"), KOLKATA)).toBe("dueSoon");
    expect(contractStatus(validity, new Date("2026-11-20T18:30:00.000Z"), KOLKATA)).toBe("dueSoon");
    expect(contractStatus(validity, new Date("2026-11-20T18:30:00.001Z"), KOLKATA)).toBe("expired");
    // The same instant is still 20 November in London: the last day of validity.
    expect(contractStatus(validity, new Date("2026-11-20T20:00:00Z"), "Europe/London")).toBe("dueSoon");
  });

  it("agrees with the rule as written around midnights, with daylight saving, for both dates", () => {
    const byDefinition = (validityTo: string, due: string, at: Date, zone: string) => {
      const passed = (date: string) => at.getTime() > startOfDayInZone(date, zone).getTime();
      if (passed(addDays(validityTo, 1)) || passed(due)) return "expired";
      const window = addDays(dateInZone(at, zone), 7);
      return validityTo <= window || due <= window ? "dueSoon" : "fine";
    };
    const dates = ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-29", "2026-04-05", "2026-09-06"];
    for (const zone of [KOLKATA, "Europe/London", "America/Santiago"]) {
      for (const day of dates) {
        const midnight = startOfDayInZone(day, zone).getTime();
        for (const offset of [-3_600_000, -1, 0, 1, 3_600_000]) {
          const at = new Date(midnight + offset);
          for (const [validityTo, due] of [
            [addDays(day, -1), "2027-01-01"],
            [day, "2027-01-01"],
            ["2027-01-01", day],
            [addDays(day, -1), day],
          ])
            expect(
              contractStatus({ validityTo, nextDueOn: due }, at, zone),
              `${validityTo}/${due} at ${at.toISOString()} in ${zone}`,
            ).toBe(byDefinition(validityTo, due, at, zone));
        }
      }
    }
  });
});

describe("the status bounds the /amc filter compares in SQL (statusBounds)", () => {
  it("splits at the last expired date and the last due-soon date, in the plant's zone", () => {
    // 17:30 on 9 March in Kolkata: 9 March's 00:00 has passed, 10 March's has not.
    expect(statusBounds(new Date("2026-03-09T12:00:00Z"), KOLKATA, 7)).toEqual({
      expiredThrough: "2026-03-09",
      validityEndedThrough: "2026-03-08",
      dueSoonThrough: "2026-03-16",
    });
    // Exactly 00:00 of 9 March in Kolkata (18:30 UTC on the 8th): the 9th is not yet expired.
    expect(statusBounds(new Date("2026-03-08T18:30:00Z"), KOLKATA, 3)).toEqual({
      expiredThrough: "2026-03-08",
      validityEndedThrough: "2026-03-07",
      dueSoonThrough: "2026-03-12",
    });
  });
});

describe("due soon (within the window, default 7 days, plant time)", () => {
  // 12:00 UTC on 9 March = 17:30 on 9 March in Kolkata.
  const now = new Date("2026-03-09T12:00:00Z");

  it("marks due dates from today up to 7 days ahead, not the 8th day", () => {
    expect(contractStatus(next("2026-03-16"), now, KOLKATA)).toBe("dueSoon");
    expect(contractStatus(next("2026-03-17"), now, KOLKATA)).toBe("fine");
  });

  it("follows the window from settings", () => {
    expect(contractStatus(next("2026-03-17"), now, KOLKATA, 8)).toBe("dueSoon");
    expect(contractStatus(next("2026-03-12"), now, KOLKATA, 2)).toBe("fine");
    expect(contractStatus(next("2026-03-10"), now, KOLKATA, 0)).toBe("fine");
  });

  it("counts days from the plant's today: after 18:30 UTC tomorrow's window has begun", () => {
    const lateEvening = new Date("2026-03-09T19:00:00Z"); // 00:30 on 10 March in Kolkata
    expect(contractStatus(next("2026-03-17"), lateEvening, KOLKATA)).toBe("dueSoon");
  });
});

describe("PMS next-due suggestion", () => {
  // Monthly adds a month, clamped to the end of a shorter month; Quarterly three, Yearly twelve,
  // Fortnightly fourteen days. Without a valid date and PMS it suggests nothing.
  it.each([
    ["2026-01-15", "Monthly", "2026-02-15"],
    ["2026-01-31", "Monthly", "2026-02-28"],
    ["2028-01-31", "Monthly", "2028-02-29"],
    ["2026-03-31", "Monthly", "2026-04-30"],
    ["2026-12-31", "Monthly", "2027-01-31"],
    ["2026-11-30", "Quarterly", "2027-02-28"],
    ["2026-01-10", "Quarterly", "2026-04-10"],
    ["2028-02-29", "Yearly", "2029-02-28"],
    ["2026-06-01", "Yearly", "2027-06-01"],
    ["2026-12-25", "Fortnightly", "2027-01-08"],
    ["", "Monthly", null],
    ["2026-02-30", "Monthly", null],
    ["2026-01-01", "", null],
    ["2026-01-01", "Weekly", null],
  ])("after %j with PMS %j suggests %j", (checkedOn, pms, suggested) => {
    expect(suggestNextDueDate(checkedOn, pms)).toBe(suggested);
  });

  it("adds months across years both ways", () => {
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
  });
});

describe("display", () => {
  // Dates dd/mm/yyyy, N/A when empty and Invalid Date when unreadable, in the alert's title too.
  it.each([
    ["2026-03-09", "09/03/2026"],
    ["", "N/A"],
    ["31/12/2026", "Invalid Date"],
    ["not a date", "Invalid Date"],
  ])("shows the date %j as %j", (date, shown) => {
    expect(formatDateGB(date)).toBe(shown);
    expect(alertTitle(date)).toBe(`AMC exceeds for the equipment with Next Due Date: ${shown}`);
  });

  it("words the WhatsApp messages as the spec does", () => {
    expect(expiredMessage("Fire pump", "2026-03-09")).toBe(
      "AMC has expired for the equipment: Fire pump with Next Due Date: 09/03/2026",
    );
    expect(dueMessage("Compressor", "2026-04-01")).toBe(
      "AMC for the equipment: Compressor is due on 01/04/2026",
    );
    const dgSet = { equipment: "DG set", nextDueOn: "2026-01-05" };
    expect(contractMessage(dgSet, { status: "expired", reason: "pms", date: "2026-01-05" })).toBe(
      "AMC has expired for the equipment: DG set with Next Due Date: 05/01/2026",
    );
    expect(contractMessage(dgSet, { status: "dueSoon", reason: "pms", date: "2026-01-05" })).toBe(
      "AMC for the equipment: DG set is due on 05/01/2026",
    );
    expect(contractMessage(dgSet, { status: "fine", reason: null, date: null })).toBe(
      "AMC for the equipment: DG set is due on 05/01/2026",
    );
  });

  it("names the validity end when that is what flags the contract", () => {
    const pump = { equipment: "Fire pump", nextDueOn: "" };
    expect(contractMessage(pump, { status: "expired", reason: "validity", date: "2026-11-20" })).toBe(
      "AMC has expired for the equipment: Fire pump; validity ended on 20/11/2026",
    );
    expect(contractMessage(pump, { status: "dueSoon", reason: "validity", date: "2026-11-30" })).toBe(
      "AMC for the equipment: Fire pump ends on 30/11/2026",
    );
    expect(contractAlertTitle({ reason: "validity", date: "2026-11-20" })).toBe(
      "AMC validity ended for the equipment on 20/11/2026",
    );
    expect(contractAlertTitle({ reason: "pms", date: "2026-03-09" })).toBe(alertTitle("2026-03-09"));
    expect(
      alertMessages(
        [{ id: "a", equipment: "Fire pump", reason: "validity", date: "2026-11-20" }],
        ["9876543210"],
      ),
    ).toEqual([
      expect.objectContaining({
        recipient: "9876543210",
        text: "AMC has expired for the equipment: Fire pump; validity ended on 20/11/2026",
      }),
    ]);
  });
});

describe("WhatsApp numbers and links", () => {
  it("gives a 10-digit Indian mobile the 91 country code", () => {
    expect(whatsAppNumber("9876543210").digits).toBe("919876543210");
    expect(whatsAppNumber("98765 43210").digits).toBe("919876543210");
    expect(whatsAppNumber("98765-43210").digits).toBe("919876543210");
    expect(whatsAppNumber("09876543210").digits).toBe("919876543210");
  });

  it("keeps a number given with its country code", () => {
    expect(whatsAppNumber("+91 98765 43210").digits).toBe("919876543210");
    expect(whatsAppNumber("919876543210").digits).toBe("919876543210");
    expect(whatsAppNumber("0091 98765 43210").digits).toBe("919876543210");
    expect(whatsAppNumber("+44 7700 900123").digits).toBe("447700900123");
  });

  it("refuses what cannot be a mobile number, with a reason", () => {
    expect(whatsAppNumber("")).toEqual({ digits: null, reason: "No mobile number is set." });
    expect(whatsAppNumber("  ")).toEqual({ digits: null, reason: "No mobile number is set." });
    for (const bad of [
      "12345",
      "1234567890",
      "call the office",
      "98765432101",
      "+91 12345 67890",
      "+0 123",
    ]) {
      const result = whatsAppNumber(bad);
      expect(result.digits, bad).toBeNull();
      expect(result.reason).toContain("is not a valid mobile number");
    }
  });

  it("builds https://wa.me/<digits>?text=<url-encoded message>", () => {
    const message = expiredMessage("Fire pump & hydrant", "2026-03-09");
    expect(whatsAppLink("98765 43210", message)).toEqual({
      href: "https://wa.me/919876543210?text=AMC%20has%20expired%20for%20the%20equipment%3A%20Fire%20pump%20%26%20hydrant%20with%20Next%20Due%20Date%3A%2009%2F03%2F2026",
      reason: null,
    });
    const link = whatsAppLink("+91 98765 43210", "a?b=c");
    expect(link.href && new URL(link.href).searchParams.get("text")).toBe("a?b=c");
    expect(whatsAppLink("", message)).toEqual({ href: null, reason: "No mobile number is set." });
  });
});
