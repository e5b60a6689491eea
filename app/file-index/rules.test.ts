import { describe, expect, it } from "vitest";
import {
  CUPBOARDS,
  countFiles,
  cupboardOf,
  cupboardToOpen,
  findCupboard,
  isFileId,
  isRackName,
  RACK_NAMES,
  sortFiles,
} from "#app/file-index/rules.ts";

describe("cupboards and racks", () => {
  it("has two cupboards of four racks, Rack1A–Rack1D and Rack2A–Rack2D", () => {
    expect(CUPBOARDS.map((cupboard) => cupboard.label)).toEqual(["CupBoard 1", "CupBoard 2"]);
    expect(RACK_NAMES).toEqual([
      "Rack1A",
      "Rack1B",
      "Rack1C",
      "Rack1D",
      "Rack2A",
      "Rack2B",
      "Rack2C",
      "Rack2D",
    ]);
    expect(cupboardOf("Rack1C").number).toBe(1);
    expect(cupboardOf("Rack2A").number).toBe(2);
  });

  it("knows rack names exactly (case and all) and nothing else", () => {
    expect(isRackName("Rack2D")).toBe(true);
    for (const name of ["rack2d", "Rack3A", "Rack1E", "", " Rack1A", undefined, 1]) {
      expect(isRackName(name)).toBe(false);
    }
  });

  it("finds the cupboard of a print address", () => {
    expect(findCupboard("1")?.label).toBe("CupBoard 1");
    expect(findCupboard("2")?.label).toBe("CupBoard 2");
    expect(findCupboard("3")).toBeNull();
    expect(findCupboard("cupboard")).toBeNull();
  });

  it("accepts only uuids as file ids", () => {
    expect(isFileId("0b7e5a52-4f1c-4a53-9d0a-0c2b6f4e2a11")).toBe(true);
    expect(isFileId("1")).toBe(false);
    expect(isFileId("0b7e5a52-4f1c-4a53-9d0a-0c2b6f4e2a1")).toBe(false);
    expect(isFileId("0b7e5a52-4f1c-4a53-9d0a-0c2b6f4e2a11'--")).toBe(false);
  });
});

describe("files", () => {
  it("sorts by the file's number, not by name or as text", () => {
    const sorted = sortFiles([
      { id: 10, name: "a" },
      { id: 2, name: "z" },
      { id: 1, name: "m" },
    ]);
    expect(sorted.map((file) => file.id)).toEqual([1, 2, 10]);
  });

  it("counts files in words", () => {
    expect(countFiles(0)).toBe("0 files");
    expect(countFiles(1)).toBe("1 file");
    expect(countFiles(12)).toBe("12 files");
  });
});

describe("accordion search (the legacy app)", () => {
  const racks = [
    { name: "Rack1A" as const, files: [{ name: "Fire NOC 2024" }, { name: "Boiler licence" }] },
    { name: "Rack1B" as const, files: [{ name: "Weighbridge stamping" }] },
    { name: "Rack2C" as const, files: [{ name: "fire drill register" }, { name: "Insurance" }] },
  ];

  it("opens the first cupboard that holds a match, or none", () => {
    const views = (matches: number[]) =>
      racks.map((rack, index) => ({ name: rack.name, matches: matches[index] }));
    expect(cupboardToOpen(views([0, 0, 1]))?.label).toBe("CupBoard 2");
    expect(cupboardToOpen(views([1, 0, 1]))?.label).toBe("CupBoard 1");
    expect(cupboardToOpen(views([0, 0, 0]))).toBeNull();
  });
});
