import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { formats } from "../formats/index.ts";
import { errorsByName, nameOfPath, parseSopSubmission } from "./parse.ts";
import { schemaFor } from "./schema.ts";
import type { FormatDefinition } from "./types.ts";

/** A record as an HTML form posts it: nested names, strings; ticked boxes "on", answers Yes/No. */
function formOf(data: unknown, prefix = "", form = new FormData()) {
  if (Array.isArray(data)) {
    for (const [index, item] of data.entries()) formOf(item, `${prefix}[${index}]`, form);
  } else if (data && typeof data === "object")
    for (const [key, value] of Object.entries(data)) formOf(value, prefix ? `${prefix}.${key}` : key, form);
  else if (data === true) form.append(prefix, prefix.endsWith("checked") ? "on" : "Yes");
  else if (data === false) {
    if (!prefix.endsWith("checked")) form.append(prefix, "No");
  } else if (data !== null && data !== undefined) form.append(prefix, String(data));
  return form;
}

/** What the form used to be read with: Conform's own zod adapter, auto-coercion off. */
const byConformZod = (form: FormData, definition: FormatDefinition) =>
  parseWithZod(form, { schema: schemaFor(definition), disableAutoCoercion: true });

/** A posted form with every text blanked: each required field fails. */
function blanked(form: FormData) {
  const out = new FormData();
  for (const name of form.keys()) out.append(name, /date|time/i.test(name) ? "not a date" : "");
  return out;
}

describe("reading a posted SOP form", () => {
  for (const definition of formats) {
    it(`${definition.code}: the same submission as Conform's zod adapter, filled in, blank or adding a row`, () => {
      const filled = formOf(sampleRecord(definition, "Parse"));
      const addRow = formOf(sampleRecord(definition, "Parse"));
      const register = definition.body.find((block) => block.type === "register");
      if (register)
        addRow.append("__intent__", JSON.stringify({ type: "insert", payload: { name: register.name } }));
      for (const form of [filled, blanked(filled), addRow]) {
        const ours = parseSopSubmission(form, definition);
        const theirs = byConformZod(form, definition);
        expect(ours.status).toBe(theirs.status);
        expect(ours.payload).toEqual(theirs.payload);
        expect(ours.reply()).toEqual(theirs.reply());
        if (ours.status === "success" && theirs.status === "success")
          expect(ours.value).toEqual(theirs.value);
      }
      expect(parseSopSubmission(filled, definition).status).toBe("success");
      expect(parseSopSubmission(blanked(filled), definition).status).toBe("error");
    });
  }

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
