import type {
  ChecklistSection,
  FormatDefinition,
  InputDef,
  RegisterBlock,
  TextInputDef,
  ValueInputDef,
} from "#app/sop/engine/types.ts";

// Builders for what the format definitions (app/sop/formats/*.ts) have in common: the paper's code,
// address and printed number, the usual inputs, a register's entry rows and a checklist's items.
// They return plain definitions (types.ts); a format may still write any part out in full.

/** A required input's message: `true` is "{label} is required." (as the engine words it). */
type Required = true | string;
const requiredBy = (label: string, required?: Required) =>
  required === undefined ? {} : { required: required === true ? `${label} is required.` : required };

/** A line of text, at most `max` characters. */
export function text(name: string, label: string, max: number, required?: Required): TextInputDef {
  return { name, label, kind: "text", ...requiredBy(label, required), max };
}

/** A typed name on a signature line (at most 120 characters). */
export function signature(name: string, label: string, required?: Required): TextInputDef {
  return { name, label, kind: "signature", ...requiredBy(label, required), max: 120 };
}

/** A value whose kind says all (a date, a time, a quantity, a count, Yes / No, a tick). */
export function value(
  kind: ValueInputDef["kind"],
  name: string,
  label: string,
  required?: Required,
): ValueInputDef {
  return { name, label, kind, ...requiredBy(label, required) };
}

/** The paper's date, required: the record's date in most formats. */
export const dateInput = value("date", "date", "Date", true);

/** A register's remarks column. */
export const remarksInput = text("remarks", "Remarks", 300);

/**
 * What names the paper: its code, with the address of its blank form and the number printed on it
 * ("AS08" → /as08, "FORMAT NO. AS 08"), its page's orientation, its printed heading and its title
 * in menus and lists.
 */
export function paper(
  code: string,
  orientation: FormatDefinition["orientation"],
  heading: string,
  title: string,
): Pick<FormatDefinition, "code" | "path" | "formatNo" | "heading" | "title" | "orientation"> {
  return {
    code,
    path: `/${code.toLowerCase()}`,
    formatNo: code.replace(/^AS/, "AS "),
    heading,
    title,
    orientation,
  };
}

/**
 * A register's paper (AS08, AS09, AS12, AS14, AS15): no header fields, entry rows added and removed
 * by the user (one to two hundred a day) in one table (`columns`) or several sharing the rows
 * (`parts`), the record's date from its first row's `dateColumn`, and the key fields of the records
 * list from its rows: [heading, column name] each.
 */
export function register({
  columns,
  parts = [{ columns: columns ?? [] }],
  keys,
  dateColumn = "date",
}: {
  columns?: InputDef[];
  parts?: RegisterBlock["parts"];
  keys: [label: string, column: string][];
  dateColumn?: string;
}): Pick<FormatDefinition, "header" | "body" | "dateField" | "keyFields"> {
  return {
    header: [],
    body: [{ type: "register", name: "entries", rows: { min: 1, max: 200 }, parts }],
    dateField: `entries[].${dateColumn}`,
    keyFields: keyFields(...keys.map(([label, column]): [string, string] => [label, `entries[].${column}`])),
  };
}

/** The key fields of the records list, each [heading, path of the value in the record]. */
export function keyFields(...keys: [label: string, path: string][]): FormatDefinition["keyFields"] {
  return keys.map(([label, path]) => ({ label, path }));
}

/** One of a fixed list, each choice [value, label]. */
export function choice(name: string, label: string, choices: [value: string, label: string][]): InputDef {
  return { name, label, kind: "choice", choices: choices.map(([value, text]) => ({ value, label: text })) };
}

/** Items with stored keys, each key: its label, in the paper's order. */
export function keyedItems(items: Record<string, string>): { key: string; label: string }[] {
  return Object.entries(items).map(([key, label]) => ({ key, label }));
}

/** A checklist section's items, one label each, stored in a list (AS06, AS11, AS16). */
export function listItems(...labels: string[]): { label: string }[] {
  return labels.map((label) => ({ label }));
}

/** A keyed checklist section (AS10): its items' stored keys and labels, in the paper's order. */
export function keyedSection(
  title: string,
  key: string,
  items: Record<string, string>,
): Extract<ChecklistSection, { key: string }> {
  return { title, key, items: keyedItems(items) };
}
