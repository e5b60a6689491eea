import { describe, expect, it } from "vitest";
import {
  closingStock,
  formatQuantity,
  isClosingStockAllowed,
  messages,
  parseQuantity,
  parseRackNumber,
  RACKS,
  rackCategory,
  rackLabel,
} from "#app/store-racks/rules.ts";
import {
  fromApiInput,
  rackItemApiSchema,
  rackItemInsertSchema,
  rackItemUpdateSchema,
} from "#app/store-racks/schema.ts";

describe("closing stock (README difference 10)", () => {
  // Adds the receipt and takes away the issue (the legacy formula, available − (issue + receit),
  // gave 2 for the first row), exact to the thousandth, without floating-point noise.
  it.each([
    [10, 3, 5, 12],
    [0.1, 0, 0.2, 0.3],
    [1.005, 0.001, 0, 1.004],
    [0.3, 0.1, 0, 0.2],
    [999_999_999.999, 0, 1_000_000_000, 1_999_999_999.999],
  ])("of %s available, %s issued and %s received is %s", (availableStock, issue, receipt, closing) => {
    expect(closingStock({ availableStock, issue, receipt })).toBe(closing);
  });

  it("allows exactly zero and refuses anything below", () => {
    expect(closingStock({ availableStock: 5, issue: 5, receipt: 0 })).toBe(0);
    expect(isClosingStockAllowed({ availableStock: 5, issue: 5, receipt: 0 })).toBe(true);
    expect(isClosingStockAllowed({ availableStock: 5, issue: 5.001, receipt: 0 })).toBe(false);
    expect(isClosingStockAllowed({ availableStock: 0, issue: 2, receipt: 2 })).toBe(true);
    expect(Object.is(closingStock({ availableStock: 0, issue: 2, receipt: 2 }), 0)).toBe(true);
  });

  it("shows a quantity without floating-point noise", () => {
    expect(formatQuantity(0.1 + 0.2)).toBe("0.3");
    expect(formatQuantity(12.5)).toBe("12.5");
  });
});

describe("quantities", () => {
  it("reads typed text and JSON numbers, and says what is wrong", () => {
    expect(parseQuantity("12.125")).toEqual({ kind: "ok", value: 12.125 });
    expect(parseQuantity(" 7 ")).toEqual({ kind: "ok", value: 7 });
    expect(parseQuantity(0.1)).toEqual({ kind: "ok", value: 0.1 });
    expect(parseQuantity("")).toEqual({ kind: "blank" });
    expect(parseQuantity(null)).toEqual({ kind: "blank" });
    expect(parseQuantity("abc")).toEqual({ kind: "invalid", problem: "notNumber" });
    expect(parseQuantity(true)).toEqual({ kind: "invalid", problem: "notNumber" });
    expect(parseQuantity(Number.NaN)).toEqual({ kind: "invalid", problem: "notNumber" });
    expect(parseQuantity("-0.5")).toEqual({ kind: "invalid", problem: "negative" });
    expect(parseQuantity(-1)).toEqual({ kind: "invalid", problem: "negative" });
    expect(parseQuantity("1.0001")).toEqual({ kind: "invalid", problem: "decimals" });
    expect(parseQuantity(1.0005)).toEqual({ kind: "invalid", problem: "decimals" });
    expect(parseQuantity("1000000001")).toEqual({ kind: "invalid", problem: "tooLarge" });
  });
});

describe("racks", () => {
  it("has 24 racks in the categories of the legacy app", () => {
    expect(RACKS).toHaveLength(24);
    const byCategory = (category: string) =>
      RACKS.filter((rack) => rack.category === category).map((rack) => rack.number);
    expect(byCategory("Technician/Kosan")).toEqual([1, 2]);
    expect(byCategory("Technician")).toEqual([3, 4, 5, 6, 14, 15, 16, 17, 23, 24]);
    expect(byCategory("Electrician")).toEqual([7, 8, 9, 10, 18, 21, 22]);
    expect(byCategory("Fire Fighting")).toEqual([11, 12, 13, 19, 20]);
    expect(rackCategory(12)).toBe("Fire Fighting");
    expect(rackLabel(7)).toBe("RACK 7 - Electrician");
  });

  it("reads rack numbers 1 to 24, and rack7 as 7; nothing else", () => {
    expect(parseRackNumber("1")).toBe(1);
    expect(parseRackNumber("24")).toBe(24);
    expect(parseRackNumber("rack7")).toBe(7);
    expect(parseRackNumber("Rack12")).toBe(12);
    for (const bad of ["0", "25", "abc", "7.5", "-1", "", undefined, "rack", "100"]) {
      expect(parseRackNumber(bad)).toBeNull();
    }
  });
});

describe("rack item schemas", () => {
  it("the insert form requires section, material name and the opening stock", () => {
    const parsed = rackItemInsertSchema.safeParse({
      section: " A ",
      materialName: "M",
      availableStock: "3.5",
    });
    expect(parsed.success && parsed.data).toEqual({ section: "A", materialName: "M", availableStock: 3.5 });
    const empty = rackItemInsertSchema.safeParse({ section: "  ", availableStock: "" });
    const errors = empty.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(errors).toEqual([
      ["section", "Section is required."],
      ["materialName", "Material name is required."],
      ["availableStock", "Opening stock is required."],
    ]);
  });

  it("the update form types no stock figure: a sent one is ignored", () => {
    const parsed = rackItemUpdateSchema.parse({
      section: "A",
      materialName: "M",
      availableStock: "99",
      issue: "1",
    });
    expect(parsed).toEqual({ section: "A", materialName: "M" });
  });

  it("reads the API's receit, splits what the item is from its figures, and ignores closingStock", () => {
    const parsed = rackItemApiSchema.parse({
      section: "S",
      materialName: "M",
      availableStock: 4,
      issue: 1,
      receit: 2,
      closingStock: 999,
    });
    expect(fromApiInput(parsed)).toEqual({
      item: { section: "S", materialName: "M" },
      figures: { availableStock: 4, issue: 1, receipt: 2 },
    });
    const refused = rackItemApiSchema.safeParse({
      section: "S",
      materialName: "M",
      availableStock: 1,
      issue: 2,
    });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["closingStock"],
      message: messages.negativeClosingStock,
    });
    const wrongType = rackItemApiSchema.safeParse({ section: 5, materialName: "M", availableStock: "x" });
    expect(wrongType.error?.issues.map((issue) => issue.message)).toEqual([
      "Section is required.",
      "Available stock must be a number.",
    ]);
  });

  it("reads an optional version and refuses a bad one", () => {
    const valid = { section: "A1", materialName: "Bearing 6204" };
    expect(rackItemUpdateSchema.parse({ ...valid, version: "3" }).version).toBe(3);
    expect(rackItemUpdateSchema.parse(valid).version).toBeUndefined();
    expect(rackItemUpdateSchema.safeParse({ ...valid, version: "x" }).success).toBe(false);
  });
});
