import { describe, expect, it } from "vitest";
import { parseSopSubmission } from "#app/sop/engine/parse.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { formats } from "#app/sop/formats/index.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";

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

/** A posted form with every text blanked: each required field fails. */
function blanked(form: FormData) {
  const out = new FormData();
  for (const name of form.keys()) out.append(name, /date|time/i.test(name) ? "not a date" : "");
  return out;
}

describe("reading a posted SOP form", () => {
  for (const definition of formats) {
    it(`${definition.code}: a filled-in form reads as its record; blanks are refused by field; "Add row" is not a save`, () => {
      const record = sampleRecord(definition, "Parse");
      const filled = parseSopSubmission(formOf(record), definition);
      expect(filled.status).toBe("success");
      // The schema's own reading of the record (as the API sends it) is what the form gives too.
      const expected = schemaFor(definition).safeParse(record);
      expect(expected.success).toBe(true);
      if (filled.status === "success") expect(filled.value).toEqual(expected.data);

      const blank = parseSopSubmission(blanked(formOf(record)), definition);
      expect(blank.status).toBe("error");
      const messages = Object.values(blank.reply().error ?? {}).flat();
      expect(messages.length).toBeGreaterThan(0);
      // Every required input that was blanked is named by its own form field.
      for (const input of [...definition.header, ...definition.footer].filter((field) => field.required)) {
        expect(blank.reply().error?.[input.name]?.length ?? 0).toBeGreaterThan(0);
      }

      const register = definition.body.find((block) => block.type === "register");
      if (register) {
        const addRow = formOf(record);
        addRow.append("__intent__", JSON.stringify({ type: "insert", payload: { name: register.name } }));
        const adding = parseSopSubmission(addRow, definition);
        expect(adding.status).toBeUndefined();
        const rows = (adding.payload as Record<string, unknown[]>)[register.name];
        expect(rows).toHaveLength(((record as Record<string, unknown[]>)[register.name] ?? []).length + 1);
      }
    });
  }
});
