import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  dateInZone,
  dateWindow,
  dateWindowProblem,
  formatDateGB,
  isIsoDate,
  startOfDayInZone,
  wallClock,
} from "#app/lib/dates.ts";

describe("a zone's wall clock", () => {
  // Midnight reads 00, with the date already the next day.
  it.each([
    ["2026-11-25T18:30:05Z", "Asia/Kolkata", { date: "2026-11-26", hour: "00", minute: "00", second: "05" }],
    ["2026-11-26T08:09:52Z", "UTC", { date: "2026-11-26", hour: "08", minute: "09", second: "52" }],
  ])("reads %s in %s as the zone's date and time", (instant, zone, clock) => {
    expect(wallClock(new Date(instant), zone)).toEqual(clock);
  });
});

describe("calendar dates", () => {
  it("formats en-GB, with N/A for empty and Invalid Date for nonsense", () => {
    expect(formatDateGB("2026-03-09")).toBe("09/03/2026");
    expect(formatDateGB("2026-03-09T00:00:00.000Z")).toBe("09/03/2026");
    expect(formatDateGB("")).toBe("N/A");
    expect(formatDateGB(null)).toBe("N/A");
    expect(formatDateGB("soon")).toBe("Invalid Date");
    expect(formatDateGB("2026-02-30")).toBe("Invalid Date");
  });

  it("knows real dates", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("29/02/2028")).toBe(false);
  });

  it("reads today's date in the plant's zone while the process runs in UTC", () => {
    // 20:00 UTC on 1 March is 01:30 on 2 March in Kolkata.
    expect(dateInZone(new Date("2026-03-01T20:00:00Z"), "Asia/Kolkata")).toBe("2026-03-02");
    expect(dateInZone(new Date("2026-03-01T18:29:59Z"), "Asia/Kolkata")).toBe("2026-03-01");
  });

  it("finds midnight of a date in the plant's zone", () => {
    expect(startOfDayInZone("2026-03-02", "Asia/Kolkata").toISOString()).toBe("2026-03-01T18:30:00.000Z");
    expect(startOfDayInZone("2026-07-01", "Europe/London").toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });

  it("adds days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});

describe("a date field's plausible window", () => {
  it("runs from 01/01/2000 to the years ahead of today, and says so", () => {
    const window = dateWindow("2026-11-26", 30);
    expect(window).toEqual({ from: "2000-01-01", to: "2056-11-26" });
    expect(dateWindowProblem("Validity To", "9999-12-31", window)).toBe(
      "Validity To must be between 01/01/2000 and 26/11/2056.",
    );
    expect(dateWindowProblem("Validity To", "1900-01-01", window)).toBe(
      "Validity To must be between 01/01/2000 and 26/11/2056.",
    );
    expect(dateWindowProblem("Validity To", "2000-01-01", window)).toBeNull();
    expect(dateWindowProblem("Validity To", "2056-11-26", window)).toBeNull();
    expect(dateWindowProblem("Validity To", "2056-11-27", window)).not.toBeNull();
  });

  it("adds years to the 29th of February as the 28th", () => {
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2026-11-26", 1)).toBe("2027-11-26");
  });
});
