import * as z from "zod/mini";
import { clockToday, dateWindow, dateWindowProblem, isIsoDate } from "#app/lib/dates.ts";
import { multiLineCheck, singleLineCheck } from "#app/lib/text-checks.ts";
import { type FormatDefinition, forBlock, type InputDef, type PerBlockType } from "#app/sop/engine/types.ts";
import { countInput } from "#app/sop/engine/values.ts";

// The zod/mini schema of a format, derived from its definition. The same schema validates in the
// browser and on the server (pages and /api): form values arrive as strings (an empty input as
// missing, app/ui/form/parse.ts), JSON values as strings, numbers or booleans; both are normalised here.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(:\d{2}(\.\d+)?)?$/;

/** Blank text (or nothing) becomes undefined; text is trimmed. */
const blankToUndefined = (value: unknown) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  return value;
};

export function requiredMessage(input: InputDef) {
  return typeof input.required === "string" ? input.required : `${input.label} is required.`;
}

// Schemas are composed from data, so their static types are loose; the tests pin the behaviour.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Schema = z.ZodMiniType<any, any>;
type Shape = Record<string, Schema>;

/** Wraps a schema for a present value: required → the message when blank; optional → `empty` when blank. */
function presence<T>(input: InputDef, present: Schema, empty: T): Schema {
  if (input.required) {
    const message = requiredMessage(input);
    const filled: Schema = z
      .unknown()
      .check(z.refine((value) => value !== undefined, { message, abort: true }));
    const blankAsMissing: Schema = z.transform(blankToUndefined);
    return z.pipe(blankAsMissing, z.pipe(filled, present));
  }
  return z.pipe(
    z.pipe(z.transform(blankToUndefined), z.optional(present)),
    z.transform((value): T => (value === undefined ? empty : value)),
  );
}

// A one-line input's text has no line break (app/lib/text.ts: one sent is folded to a space); a
// <textarea>'s keeps them.
const textOf = (max: number, lines: "single" | "multi") =>
  z
    .string({ error: "Enter text." })
    .check(
      lines === "multi" ? multiLineCheck : singleLineCheck,
      z.maxLength(max, `At most ${max} characters.`),
    );

/** A record's dates lie between 2000 and a year after today (a 9999-12-31 is a slip). */
export const RECORD_YEARS_AHEAD = 1;

// A value that is no date has had its own message already.
const inWindow = (label: string, date: string) =>
  isIsoDate(date) ? dateWindowProblem(label, date, dateWindow(clockToday(), RECORD_YEARS_AHEAD)) : null;

const dateValue = (label: string) =>
  z.string({ error: "Enter a date as YYYY-MM-DD." }).check(
    z.refine(isIsoDate, "Enter a date as YYYY-MM-DD."),
    z.superRefine((value, ctx) => {
      const problem = inWindow(label, value);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
    }),
  );

const timeValue = z
  .string({ error: "Enter a time as HH:MM." })
  .check(z.refine((value) => TIME.test(value), "Enter a time as HH:MM."));

const dateTimeValue = (label: string) =>
  z.pipe(
    z.string({ error: "Enter a date and time." }).check(
      z.refine((value) => {
        const match = DATETIME.exec(value);
        return Boolean(match && isIsoDate(match[1]));
      }, "Enter a date and time as YYYY-MM-DD HH:MM."),
      z.superRefine((value, ctx) => {
        const problem = inWindow(label, DATETIME.exec(value)?.[1] ?? "");
        if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
      }),
    ),
    z.transform((value) => {
      const match = DATETIME.exec(value);
      return match ? `${match[1]}T${match[2]}:${match[3]}` : value;
    }),
  );

const toNumber = (value: unknown) => (typeof value === "string" && value !== "" ? Number(value) : value);

/** A number of 0 up to a billion, of the kind `isKind` accepts (`message` says which), and `more`. */
const numberFromZero = (
  message: string,
  isKind: (value: number) => boolean,
  ...more: z.core.$ZodCheck<number>[]
) =>
  z.pipe(
    z.transform(toNumber),
    z
      .number({ error: message })
      .check(
        z.refine(isKind, message),
        z.minimum(0, message),
        z.maximum(1_000_000_000, "That number is too large."),
        ...more,
      ),
  );

const quantityValue = numberFromZero(
  "Enter a number of 0 or more.",
  Number.isFinite,
  // value * 1000 is not exact in binary floating point (16447.166 * 1000), so allow a sliver.
  z.refine((value) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6, "Use at most 3 decimals."),
);

const countValue = numberFromZero("Enter a whole number of 0 or more.", Number.isInteger);

const YES = [true, "Yes", "yes", "true"];
const NO = [false, "No", "no", "false"];
const yesNoValue = z.pipe(
  z
    .unknown()
    .check(
      z.refine((value) => YES.includes(value as string) || NO.includes(value as string), "Choose Yes or No."),
    ),
  z.transform((value) => YES.includes(value as string)),
);

const TICKED = [true, "on", "true", "yes"];
const UNTICKED = [undefined, null, false, "", "false", "no"];
// An unticked box is not posted at all: a missing value is "not ticked".
const tickValue = z.pipe(
  z.optional(
    z
      .unknown()
      .check(
        z.refine(
          (value) => TICKED.includes(value as string) || UNTICKED.includes(value as string),
          "Tick the box or leave it empty.",
        ),
      ),
  ),
  z.transform((value) => TICKED.includes(value as string)),
);

/** The schema of one value. */
export function inputSchema(input: InputDef): Schema {
  switch (input.kind) {
    case "text":
    case "signature":
      return presence(input, textOf(input.max ?? 200, "single"), "");
    case "textarea":
      return presence(input, textOf(input.max ?? 1000, "multi"), "");
    case "date":
      return presence(input, dateValue(input.label), "");
    case "time":
      return presence(input, timeValue, "");
    case "datetime":
      return presence(input, dateTimeValue(input.label), "");
    case "number":
      return presence<number | null>(input, quantityValue, null);
    case "count":
      return presence<number | null>(input, countValue, null);
    case "yesno":
      return presence<boolean | null>(input, yesNoValue, null);
    case "tick":
      return tickValue;
    case "choice": {
      const values = input.choices.map((choice) => choice.value).filter(Boolean);
      const message = `Choose ${values.join(" or ")}.`;
      const picked = z.string({ error: message }).check(z.refine((value) => values.includes(value), message));
      return presence(input, picked, "");
    }
  }
}

/** A list of exactly `length` objects: a missing or short list is padded, a longer one refused. */
function fixedList(length: number, item: Schema, tooMany: string) {
  return z.pipe(
    z.pipe(
      z.transform((value: unknown) => (value === undefined || value === null || value === "" ? [] : value)),
      z.array(z.unknown(), { error: "Send a list." }).check(z.maxLength(length, tooMany)),
    ),
    z.pipe(
      z.transform((list: unknown[]) => Array.from({ length }, (_, index) => list[index] ?? {})),
      z.array(item),
    ),
  );
}

/** An object whose missing value counts as empty (a section of unticked radios is not posted). */
function objectOf(shape: Shape) {
  return z.pipe(
    z.transform((value: unknown) => (value === undefined || value === null || value === "" ? {} : value)),
    z.object(shape, { error: "Send an object." }),
  );
}

/** Each block type's fields in the format's schema. */
const blockShapes: PerBlockType<Shape> = {
  checklist(block) {
    if (block.store === "keyed") {
      return Object.fromEntries(
        block.sections.map((section) => [
          section.key,
          objectOf(Object.fromEntries(section.items.map((item) => [item.key, inputSchema(block.status)]))),
        ]),
      );
    }
    const { itemKey } = block;
    const labels = block.sections.flatMap((section) => section.items.map((item) => item.label));
    const itemShape: Shape = { [block.status.name]: inputSchema(block.status) };
    if (block.remarks) itemShape[block.remarks.name] = inputSchema(block.remarks);
    const list = fixedList(labels.length, objectOf(itemShape), `This format has ${labels.length} items.`);
    const withWording = itemKey
      ? z.pipe(
          list,
          z.transform((items: unknown[]) =>
            items.map((item, index) => ({ [itemKey]: labels[index], ...(item as object) })),
          ),
        )
      : list;
    return { [block.name]: withWording };
  },
  register(block) {
    const columns = block.parts.flatMap((part) => part.columns);
    const row = objectOf(Object.fromEntries(columns.map((column) => [column.name, inputSchema(column)])));
    if ("fixed" in block.rows) {
      return { [block.name]: fixedList(block.rows.fixed, row, `This format has ${block.rows.fixed} rows.`) };
    }
    const { min, max } = block.rows;
    return {
      [block.name]: z.pipe(
        z.transform((value: unknown) => (value === undefined || value === null || value === "" ? [] : value)),
        z
          .array(row, { error: "Send a list of entries." })
          .check(
            z.minLength(min, min === 1 ? "Add at least one entry." : `Add at least ${min} entries.`),
            z.maxLength(max, `At most ${max} entries.`),
          ),
      ),
    };
  },
  counts(block) {
    return {
      [block.name]: objectOf(
        Object.fromEntries(block.items.map((item) => [item.key, inputSchema(countInput(item))])),
      ),
    };
  },
};

const cache = new WeakMap<FormatDefinition, Schema>();

/** The format's schema (cached per definition). */
export function schemaFor(definition: FormatDefinition): Schema {
  let schema = cache.get(definition);
  if (!schema) {
    const shape: Shape = {};
    for (const input of definition.header) shape[input.name] = inputSchema(input);
    for (const block of definition.body) Object.assign(shape, forBlock(blockShapes, block));
    for (const input of definition.footer) shape[input.name] = inputSchema(input);
    schema = z.object(shape, { error: "Send the form as an object." });
    cache.set(definition, schema);
  }
  return schema;
}
