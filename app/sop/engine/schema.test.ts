import { describe, expect, it } from "vitest";
import { addYears, clockToday, formatDateGB } from "#app/lib/dates.ts";
import { inputSchema, RECORD_YEARS_AHEAD, schemaFor } from "#app/sop/engine/schema.ts";
import { recordDateOf, summaryOf } from "#app/sop/engine/values.ts";
import { findFormat, formats } from "#app/sop/formats/index.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";

const parse = (code: string, data: unknown) => schemaFor(findFormat(code)!).safeParse(data);
const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("every format's schema", () => {
  for (const definition of formats) {
    const requiredHeader = [...definition.header, ...definition.footer].filter((input) => input.required);
    const registers = definition.body.flatMap((block) => (block.type === "register" ? [block] : []));

    it(`${definition.code} accepts a fully filled-in record`, () => {
      const result = schemaFor(definition).safeParse(sampleRecord(definition, "Full"));
      expect(messages(result)).toEqual([]);
      expect(recordDateOf(definition, result.data!)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(summaryOf(definition, result.data!)).not.toBe("");
    });

    it(`${definition.code} refuses a record missing a required field, with a clear message`, () => {
      const required = [
        ...requiredHeader.map((input) => ({ path: [input.name], input })),
        ...registers.flatMap((block) =>
          block.parts
            .flatMap((part) => part.columns)
            .filter((column) => column.required)
            .map((column) => ({ path: [block.name, 0, column.name], input: column })),
        ),
      ];
      expect(required.length).toBeGreaterThan(0);
      for (const { path, input } of required) {
        const data = sampleRecord(definition, "Missing");
        let target: Record<string | number, unknown> = data;
        for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
        target[path[path.length - 1]] = "  ";
        const result = schemaFor(definition).safeParse(data);
        expect(result.success).toBe(false);
        const expected = typeof input.required === "string" ? input.required : `${input.label} is required.`;
        expect(messages(result)).toContain(`${path.join(".")}: ${expected}`);
      }
    });
  }
});

describe("AS11", () => {
  it("needs date, lorry number and transporter; signatures and answers are optional", () => {
    const result = parse("AS11", {});
    expect(messages(result)).toEqual([
      "date: Date is required.",
      "lorryNo: Lorry number is required.",
      "transporter: Transporter is required.",
    ]);
    const minimal = parse("as11", { date: "2025-01-02", lorryNo: " KA01 ", transporter: "Swift" });
    expect(minimal.data).toMatchObject({ lorryNo: "KA01", driverSignature: "", officerSignature: "" });
    expect(minimal.data?.criteria).toHaveLength(15);
    expect((minimal.data?.criteria as unknown[])[14]).toEqual({ status: "", remarks: "" });
  });

  const base = { date: "2025-01-02", lorryNo: "KA01", transporter: "Swift" };

  // Select / Yes / No only, a real date, a lorry number of at most 40 characters.
  it.each([
    [
      "an answer other than Yes or No",
      { criteria: [{ status: "Maybe" }] },
      "criteria.0.status: Choose Yes or No.",
    ],
    ["a wrong date", { date: "2025-02-30" }, "date: Enter a date as YYYY-MM-DD."],
    ["a lorry number too long", { lorryNo: "x".repeat(41) }, "lorryNo: At most 40 characters."],
  ])("refuses %s: %j", (_what, change, message) => {
    expect(messages(parse("AS11", { ...base, ...change }))).toEqual([message]);
  });

  it("refuses a 16th criterion", () => {
    expect(parse("AS11", { ...base, criteria: Array(16).fill({ status: "Yes" }) }).success).toBe(false);
  });
});

describe("AS10", () => {
  it("keeps items unanswered until chosen and stores Yes / No as true / false", () => {
    const result = parse("AS10", {
      date: "2025-01-02",
      tankTruckNo: "TN 01",
      tankTruck: { sparkArrestor: "Yes", properFittings: "No" },
    });
    expect(result.success).toBe(true);
    expect(result.data?.tankTruck).toMatchObject({
      sparkArrestor: true,
      properFittings: false,
      extinguishers: null,
    });
    expect(result.data?.availableInTankTruck).toMatchObject({ defectsCorrected: null });
    const count = Object.keys(result.data!)
      .filter((key) => typeof result.data![key] === "object")
      .reduce((sum, key) => sum + Object.keys(result.data![key] as object).length, 0);
    expect(count).toBe(32);
    expect(
      messages(
        parse("AS10", { date: "2025-01-02", tankTruckNo: "T", electricals: { looseWiring: "Perhaps" } }),
      ),
    ).toEqual(["electricals.looseWiring: Choose Yes or No."]);
  });
});

describe("AS16", () => {
  it("stores the 29 items of A–F with their wording and refuses negative or fractional cylinder counts", () => {
    const base = { dateTime: "2025-01-02T22:00", handingOver: "A", takenOver: "B" };
    const result = parse("AS16", { ...base, cylinderInventory: { kg5: "4", kg19: 2 } });
    expect(result.success).toBe(true);
    const items = result.data?.items as { description: string }[];
    // the paper formats lists 29 items in A–F; with G (the cylinder inventory) that makes its "30 items".
    expect(items).toHaveLength(29);
    expect(items[0].description).toContain("4 hours");
    expect(result.data?.cylinderInventory).toMatchObject({ kg5: 4, kg19: 2, kg14_2: null });
    expect(messages(parse("AS16", { ...base, cylinderInventory: { kg5: "-1", kg19: "1.5" } }))).toEqual([
      "cylinderInventory.kg5: Enter a whole number of 0 or more.",
      "cylinderInventory.kg19: Enter a whole number of 0 or more.",
    ]);
    expect(messages(parse("AS16", { ...base, dateTime: "" }))).toEqual([
      "dateTime: Date and time are required.",
    ]);
  });
});

describe("AS06", () => {
  it("reads an unticked (unposted) box as not checked and a ticked one as checked", () => {
    const result = parse("AS06", {
      date: "2025-01-02",
      tankLorryNo: "TL 9",
      checkpoints: [{ checked: "on", observations: "ok" }, { observations: "seal loose" }],
    });
    expect(messages(result)).toEqual([]);
    const checks = result.data?.checkpoints as { checked: boolean; observations: string }[];
    expect(checks).toHaveLength(25);
    expect(checks.slice(0, 3)).toEqual([
      { checked: true, observations: "ok" },
      { checked: false, observations: "seal loose" },
      { checked: false, observations: "" },
    ]);
  });
});

describe("registers", () => {
  it("need at least one entry and check each row", () => {
    expect(messages(parse("AS14", { entries: [] }))).toEqual(["entries: Add at least one entry."]);
    const result = parse("AS08", {
      entries: [{ date: "2025-01-02", lorryNo: "KA 1", invoiceQuantity: "-2", timeIn: "25:00" }],
    });
    expect(messages(result)).toEqual([
      "entries.0.invoiceQuantity: Enter a number of 0 or more.",
      "entries.0.timeIn: Enter a time as HH:MM.",
    ]);
  });

  it("AS17 always has seven rows", () => {
    const result = parse("AS17", { date: "2025-01-02", entries: [{ time: "22:00", area: "Gate" }] });
    expect(result.data?.entries).toHaveLength(7);
  });
});

describe("quantities", () => {
  it("accepts three decimals that binary floating point cannot hold exactly, and refuses a fourth", () => {
    const definition = findFormat("as08")!;
    const record = sampleRecord(definition, "Qty") as { entries: Record<string, unknown>[] };
    const withQuantity = (value: string) => ({
      ...record,
      entries: [{ ...record.entries[0], invoiceQuantity: value }],
    });
    expect(messages(schemaFor(definition).safeParse(withQuantity("16447.166")))).toEqual([]);
    expect(messages(schemaFor(definition).safeParse(withQuantity("1.2345")))).toEqual([
      "entries.0.invoiceQuantity: Use at most 3 decimals.",
    ]);
  });
});

describe("text and dates in a sheet", () => {
  it("folds a line break in a one-line input to a space; a textarea keeps its lines", () => {
    const line = inputSchema({ name: "descriptionOfItems", label: "Description of items", kind: "text" });
    expect(line.parse("2 cylinders\r\n\r\nFrom the administrator\u0000")).toBe(
      "2 cylinders From the administrator",
    );
    const area = inputSchema({ name: "remarks", label: "Remarks", kind: "textarea" });
    expect(area.parse("first line\r\nsecond line\u0007")).toBe("first line\nsecond line");
  });

  it("refuses a record date before 2000 or more than a year ahead, saying the window", () => {
    const to = formatDateGB(addYears(clockToday(), RECORD_YEARS_AHEAD));
    for (const date of ["9999-12-31", "1900-01-01"]) {
      const result = parse("AS15", { ...sampleRecord(findFormat("AS15")!, "Full"), entries: [{ date }] });
      expect(messages(result)).toContain(`entries.0.date: Date must be between 01/01/2000 and ${to}.`);
    }
    const when = inputSchema({ name: "at", label: "Time of visit", kind: "datetime" });
    expect(when.safeParse("9999-12-31 10:00").error?.issues[0]?.message).toBe(
      `Time of visit must be between 01/01/2000 and ${to}.`,
    );
    expect(when.parse(`${clockToday()} 10:00`)).toBe(`${clockToday()}T10:00`);
  });
});
