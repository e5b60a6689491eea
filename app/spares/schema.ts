import * as z from "zod/mini";
import { ungroupDigits } from "#app/lib/numbers.ts";
import { singleLine } from "#app/lib/text.ts";
import { messages } from "#app/spares/rules.ts";

// One schema for the insert and update forms (browser and action) and the /api rows, with the
// legacy field names (the legacy app). Values arrive as form strings or JSON numbers/strings; this
// schema reads both (a cleared input arrives as missing, app/ui/form/parse.ts: blank here too).
// ExcessShortFall is never read from input and StatusofOrder is read and ignored: the server
// derives both from the stock figures, so a typed-over figure never disagrees with them.

export const MAX_TEXT = 500;
export const MAX_SRNO = 999_999_999;
export const MAX_QUANTITY = 999_999_999;
export const MAX_LEAD_TIME_DAYS = 99_999;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

type NumberRule = { label: string; decimals: number; min: number; max: number };

/** A field read from a form's text or a JSON value: `read` gives its value, or `fail(message)`. */
function readField<T>(read: (input: unknown, fail: (message: string) => never) => T) {
  return z.pipe(
    z.unknown(),
    z.transform((input: unknown, ctx) =>
      read(input, (message) => {
        ctx.issues.push({ code: "custom", message, input });
        return z.NEVER;
      }),
    ),
  );
}

/** A required number: blank → the spec's all-fields message; otherwise a message naming the field. */
function numberField({ label, decimals, min, max }: NumberRule) {
  return readField((input, fail) => {
    if (isBlank(input)) return fail(messages.required);
    let value: number;
    if (typeof input === "number") value = input;
    // "1,250" as an import reads it (app/lib/numbers.ts: one rule for forms and imports).
    else if (typeof input === "string" && NUMBER_TEXT.test(ungroupDigits(input)))
      value = Number(ungroupDigits(input));
    else return fail(`${label} must be a number.`);
    if (!Number.isFinite(value)) return fail(`${label} must be a number.`);
    if (decimals === 0) {
      if (!Number.isInteger(value) || value < min)
        return fail(`${label} must be a whole number of ${min} or more.`);
    } else {
      if (value < min) return fail(`${label} cannot be negative.`);
      const scaled = value * 10 ** decimals;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
        return fail(`${label} can have at most ${decimals} decimal place${decimals === 1 ? "" : "s"}.`);
    }
    if (value > max) return fail(`${label} must be at most ${max}.`);
    return value === 0 ? 0 : value; // no -0
  });
}

/** Text: one line (a line break folded to a space, app/lib/text.ts), trimmed, capped; required unless `optional` (then blank → ""). */
function textField(label: string, { optional = false } = {}) {
  return readField((input, fail) => {
    if (isBlank(input)) return optional ? "" : fail(messages.required);
    if (typeof input !== "string" && typeof input !== "number") return fail(`${label} must be text.`);
    const text = singleLine(String(input)).trim();
    if (text.length > MAX_TEXT) return fail(`${label} must be at most ${MAX_TEXT} characters.`);
    return text;
  });
}

/** The version the editor read (optimistic concurrency, README difference 20). Optional for legacy clients. */
const versionField = z.optional(
  readField((input, fail) => {
    if (isBlank(input)) return undefined;
    const value = typeof input === "string" ? Number(input.trim()) : input;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
      return fail("version must be a whole number.");
    return value;
  }),
);

const fields = {
  srno: numberField({ label: "Serial number", decimals: 0, min: 1, max: MAX_SRNO }),
  Assets: textField("Assets"),
  ComponentsAndEquipments: textField("Components/Equipments"),
  AvailableStock: numberField({ label: "Available stock", decimals: 3, min: 0, max: MAX_QUANTITY }),
  MinStock: numberField({ label: "Min stock", decimals: 3, min: 0, max: MAX_QUANTITY }),
  // the legacy app: LeadTime is not marked required on the insert form, yet the all-fields check includes it.
  LeadTime: numberField({ label: "Lead time", decimals: 1, min: 0, max: MAX_LEAD_TIME_DAYS }),
  // Derived from the stock (rules.ts orderStatusOf), never stored or typed: a value sent (an older
  // API client, an exported sheet imported again) is accepted and ignored.
  StatusofOrder: z.optional(
    z.pipe(
      z.unknown(),
      z.transform((): undefined => undefined),
    ),
  ),
};

/** The insert form and POST /api/{department}/create: the available stock is the line's opening stock. */
export const lineSchema = z.object({ ...fields, version: versionField });
export type LineInput = z.infer<typeof lineSchema>;

/**
 * The update form: everything but the available stock, which only movements change now (issue
 * 17: Issue, Receive, Count on the stock card), so a form saved late cannot type over them.
 */
const { AvailableStock: _stockIsMoved, ...editable } = fields;
export const lineUpdateSchema = z.object({ ...editable, version: versionField });
export type LineUpdate = z.infer<typeof lineUpdateSchema>;

/**
 * PUT /api/{department}/update/{id}: fields left out keep their stored values (as the legacy server
 * did). A new AvailableStock is recorded as a stock count of that figure (queries.server.ts).
 */
export const lineChangesSchema = z.object({
  srno: z.optional(fields.srno),
  Assets: z.optional(fields.Assets),
  ComponentsAndEquipments: z.optional(fields.ComponentsAndEquipments),
  AvailableStock: z.optional(fields.AvailableStock),
  MinStock: z.optional(fields.MinStock),
  LeadTime: z.optional(fields.LeadTime),
  StatusofOrder: z.optional(fields.StatusofOrder),
  version: versionField,
});
export type LineChanges = z.infer<typeof lineChangesSchema>;

/** The legacy `Message` of a 400: the all-fields message when anything is missing, else the first problem. */
export function problemMessage(issues: readonly { message: string; path: readonly PropertyKey[] }[]) {
  if (issues.some((issue) => issue.message === messages.required || issue.path.length === 0))
    return messages.required;
  return issues[0]?.message ?? messages.required;
}
