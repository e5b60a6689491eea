import { describe, expect, it } from "vitest";
import { messages } from "#app/spares/rules.ts";
import { lineChangesSchema, lineSchema, problemMessage } from "#app/spares/schema.ts";

const form = {
  srno: "12",
  Assets: "  Main panel ",
  ComponentsAndEquipments: "MCB 32A",
  AvailableStock: "4.125",
  MinStock: "2",
  LeadTime: "7.5",
  StatusofOrder: "",
};

const errorsOf = (input: unknown, schema: typeof lineSchema | typeof lineChangesSchema = lineSchema) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join(".") || "_", issue.message]));
};

describe("the inventory line schema", () => {
  it("reads form strings and JSON numbers alike, trimming text", () => {
    expect(lineSchema.parse(form)).toEqual({
      srno: 12,
      Assets: "Main panel",
      ComponentsAndEquipments: "MCB 32A",
      AvailableStock: 4.125,
      MinStock: 2,
      LeadTime: 7.5,
    });
    const json = lineSchema.parse({
      ...form,
      srno: 3,
      AvailableStock: 0,
      MinStock: 1.5,
      LeadTime: 0,
      version: 2,
    });
    expect(json).toMatchObject({ srno: 3, AvailableStock: 0, MinStock: 1.5, LeadTime: 0, version: 2 });
  });

  it("says 'Please fill all required fields.' for each empty or missing field, status excepted", () => {
    expect(errorsOf({ ...form, srno: "", Assets: "   ", LeadTime: undefined })).toEqual({
      srno: messages.required,
      Assets: messages.required,
      LeadTime: messages.required,
    });
    expect(errorsOf({})).toEqual({
      srno: messages.required,
      Assets: messages.required,
      ComponentsAndEquipments: messages.required,
      AvailableStock: messages.required,
      MinStock: messages.required,
      LeadTime: messages.required,
    });
  });

  it("accepts a Status of Order and ignores it: the status is derived from the stock", () => {
    for (const sent of [undefined, "", " ", "Ordered 4 May", 12, { odd: true }, "y".repeat(501)])
      expect(lineSchema.parse({ ...form, StatusofOrder: sent }).StatusofOrder).toBeUndefined();
    expect(lineChangesSchema.parse({ StatusofOrder: "Available" }).StatusofOrder).toBeUndefined();
  });

  it("refuses negative, non-numeric and over-precise numbers with a message naming the field", () => {
    expect(errorsOf({ ...form, AvailableStock: "-1" })).toEqual({
      AvailableStock: "Available stock cannot be negative.",
    });
    expect(errorsOf({ ...form, MinStock: "abc" })).toEqual({ MinStock: "Min stock must be a number." });
    expect(errorsOf({ ...form, MinStock: "1e3" })).toEqual({ MinStock: "Min stock must be a number." });
    expect(errorsOf({ ...form, AvailableStock: "1.2345" })).toEqual({
      AvailableStock: "Available stock can have at most 3 decimal places.",
    });
    expect(errorsOf({ ...form, LeadTime: "1.25" })).toEqual({
      LeadTime: "Lead time can have at most 1 decimal place.",
    });
    expect(errorsOf({ ...form, LeadTime: -2 })).toEqual({ LeadTime: "Lead time cannot be negative." });
    expect(errorsOf({ ...form, AvailableStock: true })).toEqual({
      AvailableStock: "Available stock must be a number.",
    });
    expect(errorsOf({ ...form, MinStock: "1000000000" })).toEqual({
      MinStock: "Min stock must be at most 999999999.",
    });
  });

  it("wants a serial number that is a whole number of 1 or more", () => {
    for (const srno of ["0", "-3", "2.5", 1.5]) {
      expect(errorsOf({ ...form, srno })).toEqual({
        srno: "Serial number must be a whole number of 1 or more.",
      });
    }
  });

  it("caps text at 500 characters", () => {
    expect(errorsOf({ ...form, Assets: "x".repeat(501) })).toEqual({
      Assets: "Assets must be at most 500 characters.",
    });
    expect(lineSchema.parse({ ...form, Assets: ` ${"x".repeat(500)} ` }).Assets).toHaveLength(500);
  });

  it("reads the version as a whole number, when given", () => {
    expect(lineSchema.parse({ ...form, version: "3" }).version).toBe(3);
    expect(lineSchema.parse({ ...form, version: "" }).version).toBeUndefined();
    expect(errorsOf({ ...form, version: "x" })).toEqual({ version: "version must be a whole number." });
  });

  it("lets an API update leave fields out but not blank them", () => {
    expect(lineChangesSchema.parse({ MinStock: 3 })).toEqual({ MinStock: 3 });
    expect(errorsOf({ Assets: "" }, lineChangesSchema)).toEqual({ Assets: messages.required });
  });

  it("names the all-fields message first when anything is missing, else the first problem", () => {
    const missing = lineSchema.safeParse({ ...form, MinStock: "-1", Assets: "" });
    expect(problemMessage(missing.error?.issues ?? [])).toBe(messages.required);
    const negative = lineSchema.safeParse({ ...form, MinStock: "-1" });
    expect(problemMessage(negative.error?.issues ?? [])).toBe("Min stock cannot be negative.");
    const notAnObject = lineSchema.safeParse([]);
    expect(problemMessage(notAnObject.error?.issues ?? [])).toBe(messages.required);
  });
});
