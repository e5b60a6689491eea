import { describe, expect, it } from "vitest";
import { storedByKey } from "#app/imports/kinds/types.ts";
import { naturalKey } from "#app/imports/rules.ts";

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
