import { describe, expect, it } from "vitest";
import { lastEndedShift, lastNight, plantClock, shiftText } from "#app/reminders/shifts.ts";

const KOLKATA = "Asia/Kolkata";
const THREE = ["06:00", "14:00", "22:00"];
/** An instant given as the plant's wall clock (UTC+05:30). */
const at = (local: string) => new Date(`${local}+05:30`);

describe("the plant's shifts", () => {
  it("reads the plant's wall clock, not the server's zone", () => {
    expect(plantClock(new Date("2026-11-23T19:00:00Z"), KOLKATA)).toBe("2026-11-24T00:30");
  });

  // Across midnight; nothing readable is one shift a day from midnight.
  it.each([
    ["2026-11-23T15:00", THREE, "2026-11-23T06:00", "2026-11-23T14:00"],
    ["2026-11-23T14:00", THREE, "2026-11-23T06:00", "2026-11-23T14:00"],
    ["2026-11-23T13:59", THREE, "2026-11-22T22:00", "2026-11-23T06:00"],
    ["2026-11-24T00:30", THREE, "2026-11-23T14:00", "2026-11-23T22:00"],
    ["2026-11-23T10:00", ["25:00"], "2026-11-22T00:00", "2026-11-23T00:00"],
  ])("at %s with shifts from %j, the shift that ended last is %s to %s", (now, shifts, start, end) => {
    expect(lastEndedShift(at(now), KOLKATA, shifts)).toEqual({ start, end });
  });

  // Last night is the night shift that ended last: the times in any order, a shift starting at
  // midnight the night shift.
  it.each([
    ["2026-11-23T06:00", THREE, "2026-11-22T22:00", "2026-11-23T06:00"],
    ["2026-11-23T05:59", THREE, "2026-11-21T22:00", "2026-11-22T06:00"],
    ["2026-11-23T23:30", THREE, "2026-11-22T22:00", "2026-11-23T06:00"],
    ["2026-11-23T10:00", ["20:00", "08:00"], "2026-11-22T20:00", "2026-11-23T08:00"],
    ["2026-11-23T10:00", ["08:00", "00:00", "16:00"], "2026-11-23T00:00", "2026-11-23T08:00"],
  ])("at %s with shifts from %j, last night is %s to %s", (now, shifts, start, end) => {
    expect(lastNight(at(now), KOLKATA, shifts)).toEqual({ start, end });
  });

  it("names a shift for people", () => {
    expect(shiftText({ start: "2026-11-23T06:00", end: "2026-11-23T14:00" })).toBe(
      "06:00–14:00 on 23/11/2026",
    );
    expect(shiftText({ start: "2026-11-22T22:00", end: "2026-11-23T06:00" })).toBe(
      "22:00 on 22/11/2026 – 06:00 on 23/11/2026",
    );
  });
});
