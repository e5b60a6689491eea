import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { emptyAsMissing, errorsByName, nameOfPath, parseSubmission } from "#app/ui/form/parse.ts";

/** A posted form of these fields, in this order. */
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const schema = z.object({
  name: z.string({ error: "Name is required." }).check(z.trim(), z.minLength(1, "Name is required.")),
  code: z
    .string({ error: "Code is required." })
    .check(z.minLength(1, "Code is required."), z.minLength(4, "Code must be at least 4 characters.")),
  note: z.optional(z.string()),
  rows: z.optional(z.array(z.object({ item: z.string({ error: "Item is required." }) }))),
});

describe("one form pipeline: parseSubmission", () => {
  it("answers the schema's value when the form is valid, and a blank optional field is not given", () => {
    const submission = parseSubmission(form({ name: " Pump ", code: "ABCD", note: "" }), schema);
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toEqual({ name: "Pump", code: "ABCD", note: undefined });
  });

  // A cleared field reads as missing: one 'required' message, not the length rules too. Text of
  // spaces stays text: the schema decides what it means.
  it.each([
    ["", "", { name: ["Name is required."], code: ["Code is required."] }],
    ["  ", "  ", { name: ["Name is required."], code: ["Code must be at least 4 characters."] }],
  ])("answers the name %j and the code %j with %j", (name, code, errors) => {
    const submission = parseSubmission(form({ name, code }), schema);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual(errors);
  });

  it("names errors in lists by their form field, and sends the values back so the form comes back filled in", () => {
    const submission = parseSubmission(
      form({ name: "Pump", code: "AB", "rows[0].item": "Valve", "rows[1].item": "" }),
      schema,
    );
    const reply = submission.reply();
    expect(reply.error).toEqual({
      code: ["Code must be at least 4 characters."],
      "rows[1].item": ["Item is required."],
    });
    expect(reply.initialValue).toMatchObject({ name: "Pump", code: "AB" });
    expect((reply.initialValue?.rows as unknown[])[0]).toEqual({ item: "Valve" });
  });

  it("applies Conform's intents (an 'Add row' is not a save)", () => {
    const data = form({ name: "Pump", code: "ABCD", "rows[0].item": "Valve" });
    data.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "rows" } }));
    const submission = parseSubmission(data, schema);
    expect(submission.status).toBeUndefined();
    expect(submission.payload.rows).toHaveLength(2);
  });

  it("reads URLSearchParams as it reads FormData", () => {
    const submission = parseSubmission(new URLSearchParams({ name: "Pump", code: "" }), schema);
    expect(submission.reply().error).toEqual({ code: ["Code is required."] });
  });
});

describe("the pieces", () => {
  it("turns empty strings and empty file inputs into missing values at any depth, and leaves the rest", () => {
    const emptyFile = new File([], "");
    const file = new File(["x"], "a.txt");
    expect(emptyAsMissing({ a: "", b: " ", c: [{ d: "" }, "x"], e: emptyFile, f: file })).toEqual({
      a: undefined,
      b: " ",
      c: [{ d: undefined }, "x"],
      e: undefined,
      f: file,
    });
  });

  it("names each issue by its form field, the form's own issues under ''", () => {
    expect(nameOfPath(["entries", 0, "date"])).toBe("entries[0].date");
    expect(nameOfPath(["vehicle", "brakes"])).toBe("vehicle.brakes");
    expect(nameOfPath([])).toBe("");
    expect(
      errorsByName([
        { path: ["date"], message: "Date is required." },
        { path: ["date"], message: "Enter a date as YYYY-MM-DD." },
        { path: [], message: "Send the form as an object." },
      ]),
    ).toEqual({
      date: ["Date is required.", "Enter a date as YYYY-MM-DD."],
      "": ["Send the form as an object."],
    });
  });
});
