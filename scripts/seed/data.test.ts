import { describe, expect, it } from "vitest";
import { departmentLines, inventoryLines } from "./data.ts";

describe("departmentLines", () => {
  it("starts a big department with the plant-scale department's own lines", () => {
    const big = departmentLines("Technician", 5000, "plantops");
    const plant = inventoryLines(1000, "plantops").filter((line) => line.department === "Technician");
    expect(big.slice(0, 1000)).toEqual(plant);
  });

  it("numbers the lines 1…count, once each, all in the one department", () => {
    const lines = departmentLines("Electrician", 2500, "plantops");
    expect(lines.map((line) => line.srno)).toEqual(Array.from({ length: 2500 }, (_, index) => index + 1));
    expect(new Set(lines.map((line) => line.department))).toEqual(new Set(["Electrician"]));
  });
});
