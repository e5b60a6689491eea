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

  it("finds the shift that ended last, across midnight", () => {
    expect(lastEndedShift(at("2026-11-23T15:00"), KOLKATA, THREE)).toEqual({
      start: "2026-11-23T06:00",
      end: "2026-11-23T14:00",
    });
    expect(lastEndedShift(at("2026-11-23T14:00"), KOLKATA, THREE).start).toBe("2026-11-23T06:00");
    expect(lastEndedShift(at("2026-11-23T13:59"), KOLKATA, THREE).start).toBe("2026-11-22T22:00");
    expect(lastEndedShift(at("2026-11-24T00:30"), KOLKATA, THREE)).toEqual({
      start: "2026-11-23T14:00",
      end: "2026-11-23T22:00",
    });
  });

  it("takes last night as the night shift that ended last", () => {
    expect(lastNight(at("2026-11-23T06:00"), KOLKATA, THREE)).toEqual({
      start: "2026-11-22T22:00",
      end: "2026-11-23T06:00",
    });
    expect(lastNight(at("2026-11-23T05:59"), KOLKATA, THREE).start).toBe("2026-11-21T22:00");
    expect(lastNight(at("2026-11-23T23:30"), KOLKATA, THREE).start).toBe("2026-11-22T22:00");
  });

  it("reads the times in any order, and a shift starting at midnight as the night shift", () => {
    expect(lastNight(at("2026-11-23T10:00"), KOLKATA, ["20:00", "08:00"])).toEqual({
      start: "2026-11-22T20:00",
      end: "2026-11-23T08:00",
    });
    expect(lastNight(at("2026-11-23T10:00"), KOLKATA, ["08:00", "00:00", "16:00"])).toEqual({
      start: "2026-11-23T00:00",
      end: "2026-11-23T08:00",
    });
    // Nothing readable: one shift a day from midnight.
    expect(lastEndedShift(at("2026-11-23T10:00"), KOLKATA, ["25:00"])).toEqual({
      start: "2026-11-22T00:00",
      end: "2026-11-23T00:00",
    });
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
