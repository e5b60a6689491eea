import { describe, expect, it } from "vitest";
import { storedByKey } from "#app/imports/kinds/types.ts";
import { dateText, naturalKey } from "#app/imports/rules.ts";

describe("naturalKey", () => {
  it("matches as people do: case, surrounding spaces and runs of spaces ignored", () => {
    expect(naturalKey(3, " Pressure  Gauge ")).toBe(naturalKey("3", "pressure gauge"));
  });

  it("keeps the parts apart, so moving a word between them makes another key", () => {
    expect(naturalKey("Fire pump", "Kirloskar")).not.toBe(naturalKey("Fire", "pump Kirloskar"));
    expect(naturalKey("Rack1A", 1)).not.toBe(naturalKey("Rack1A", 11));
  });
});

describe("storedByKey", () => {
  it("keeps the first record of a key and counts the records that share it", () => {
    const record = (id: string) => ({ id, version: 1, values: {} });
    const byKey = storedByKey([
      ["a", record("1")],
      ["b", record("2")],
      ["a", record("3")],
      ["a", record("4")],
    ]);
    expect(byKey.get("a")).toMatchObject({ id: "1", sameKey: 3 });
    expect(byKey.get("b")?.sameKey).toBeUndefined();
  });
});

describe("dateText", () => {
  it("reads an Excel date's serial number (a date cell whose format was not seen) as its day", () => {
    expect(dateText(46_349)).toBe("2026-11-23");
    expect(dateText(61)).toBe("1900-03-01");
  });

  it("reads the plant's dd-mm-yyyy and leaves what is no date for the form to name", () => {
    expect(dateText("23-11-2026")).toBe("2026-11-23");
    expect(dateText("31-02-2026")).toBe("31-02-2026");
    expect(dateText(12.5)).toBe("12.5");
    expect(dateText(60)).toBe("60");
  });
});
