import type { Translate } from "#app/i18n/translate.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { groupDigits } from "#app/lib/numbers.ts";

// What an audit entry changed, field by field, for people (issue 17 "History"). Pure: the history
// server module and the tests call it; the browser only receives its answers. An entry's before
// and after are whatever the feature stored (jsonb): a full record, a partial one (a user's role),
// or a SOP record's nested data. Fields are read by path, so old rows stay readable when a shape
// gains keys.

/** How a value is shown: as on the record's page. */
export type ValueKind = "text" | "date" | "number" | "flag";

/** A field people see on the record's form, found in the stored object at `path` ("validity.from"). */
export type FieldSpec = {
  path: string;
  label: string;
  kind?: ValueKind;
  /** Stored value → the words the form shows for it (a SOP choice). */
  choices?: Readonly<Record<string, string>>;
};

/** One line of a history entry: "Company: Atlas → Kirloskar". */
export type FieldChange = {
  path: string;
  label: string;
  before: string;
  after: string;
  /** The values are the form's words for a choice (its `choices`), not what was typed: shown in the page's language. */
  worded?: boolean;
};

export type AuditAction = "create" | "update" | "delete";

/** What a blank value looks like in a history. */
export const BLANK = "—";

/** Keys every record carries that say nothing to people (ids, versions, timestamps). */
const BOOKKEEPING = new Set(["_id", "id", "version", "createdAt", "updatedAt", "createdBy", "updatedBy"]);

/** The value at a dotted path, or undefined. */
export function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A stored value as the record's page shows it: dates dd/mm/yyyy, numbers grouped (1,00,000), Yes/No. */
export function formatValue(value: unknown, kind: ValueKind = "text"): string {
  if (value === null || value === undefined || value === "") return BLANK;
  if (kind === "date" && typeof value === "string") return formatDateGB(value);
  if (typeof value === "number") return Number.isFinite(value) ? groupDigits(value) : String(value);
  if (kind === "number" && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return groupDigits(Number(value));
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length ? value.map((item) => formatValue(item)).join(", ") : BLANK;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function show(value: unknown, field: FieldSpec): string {
  if (field.choices && typeof value === "string" && value in field.choices) return field.choices[value];
  return formatValue(value, field.kind);
}

/** Two stored values mean the same to people ("" and a missing value are both blank). */
function same(a: unknown, b: unknown): boolean {
  const blank = (value: unknown) => value === null || value === undefined || value === "";
  if (blank(a) && blank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The lines of one entry for the record's known fields, in the form's order: an update lists the
 * fields that changed (before → after); a create lists the values it was made with, a delete the
 * values it had (blank ones left out). A field missing on both sides (a partial object, an older
 * row written before the field existed) is no change: missing reads as blank.
 */
export function fieldChanges(
  action: AuditAction,
  before: unknown,
  after: unknown,
  fields: readonly FieldSpec[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const old = valueAt(before, field.path);
    const next = valueAt(after, field.path);
    if (action === "update") {
      if (same(old, next)) continue;
    } else if (formatValue(action === "create" ? next : old) === BLANK) continue;
    changes.push({
      path: field.path,
      label: field.label,
      before: action === "create" ? BLANK : show(old, field),
      after: action === "delete" ? BLANK : show(next, field),
      ...(field.choices ? { worded: true } : {}),
    });
  }
  return changes;
}

/**
 * A field's label in a language: each part of "Row 3 · Vehicle No" looked up on its own (a SOP
 * paper's row, its column), the row's number kept.
 */
export function sayLabel(label: string, say: Translate): string {
  const [first = "", ...rest] = label.split(" · ");
  const field = rest.map((part) => say(part)).join(" · ");
  const row = /^Row (\d+)$/.exec(first);
  if (!row) return [say(first), ...(field ? [field] : [])].join(" · ");
  // One sentence with the row's number, so a language may order it.
  return field
    ? say("Row {number} · {field}", { number: row[1], field })
    : say("Row {number}", { number: row[1] });
}

/**
 * A value in a language: the words of a choice, and those formatValue writes itself (a yes or no);
 * a record's text stays as typed.
 */
export const sayValue = (value: string, say: Translate, worded = false): string =>
  isOurWord(value, worded) ? say(value) : value;

/** Is a shown value our word (a choice's, a yes or no, the blank's dash), not what someone typed? */
export const isOurWord = (value: string, worded = false) =>
  worded || value === "Yes" || value === "No" || value === BLANK;

/** "mustChangePassword" → "Must change password"; "entries.2.date" → "Entries 3 · Date". */
export function humanize(path: string): string {
  return path
    .split(".")
    .map((part) =>
      /^\d+$/.test(part)
        ? String(Number(part) + 1)
        : part
            .replace(/([a-z\d])([A-Z])/g, "$1 $2")
            .replace(/[_-]+/g, " ")
            .toLowerCase()
            .replace(/^./, (first) => first.toUpperCase()),
    )
    .join(" · ");
}

/**
 * The leaves of a stored object as dotted paths ("data.entries.0.date"), objects and arrays walked,
 * bookkeeping keys at the top left out. For records whose fields are not a fixed list (a SOP
 * record's paper, a type this module does not know).
 */
export function leafPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return prefix ? [prefix] : [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  if (entries.length === 0) return prefix ? [prefix] : [];
  return entries.flatMap(([key, child]) =>
    !prefix && BOOKKEEPING.has(key) ? [] : leafPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Field specs for the union of the leaves of before and after, in first-seen order, labelled by
 * `label` (falling back to the humanized path): the changes of a record without a fixed field list.
 */
export function specsFromLeaves(
  before: unknown,
  after: unknown,
  label: (path: string) => FieldSpec | null = () => null,
): FieldSpec[] {
  const paths = [...new Set([...leafPaths(before), ...leafPaths(after)])];
  return paths.map((path) => label(path) ?? { path, label: humanize(path) });
}

/**
 * Specs in people's order: by `rank` (compared part by part, a missing part first), ties kept in
 * their order. PostgreSQL's jsonb keeps keys by length, not in the order they were written, so a
 * record without a fixed list needs its form's order from elsewhere.
 */
export function inFormOrder(
  specs: readonly FieldSpec[],
  rank: (path: string) => readonly number[],
): FieldSpec[] {
  const ranks = new Map(specs.map((spec) => [spec.path, rank(spec.path)]));
  const compare = (a: readonly number[], b: readonly number[]) => {
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const difference = (a[index] ?? -1) - (b[index] ?? -1);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  return [...specs].sort((a, b) => compare(ranks.get(a.path) ?? [], ranks.get(b.path) ?? []));
}

/**
 * The changes of a record without a fixed field list: every leaf of before and after (of their
 * `within` key, for a record that keeps its fields under one), labelled by `label` (else its
 * humanized path) and in people's order by `rank` (see inFormOrder).
 */
export function leafChanges(
  action: AuditAction,
  before: unknown,
  after: unknown,
  how: {
    label: (path: string) => FieldSpec | null;
    rank: (path: string) => readonly number[];
    within?: string;
  },
): FieldChange[] {
  const { within } = how;
  const inside = (value: unknown) => (within ? (value as Record<string, unknown> | null)?.[within] : value);
  const specs = inFormOrder(specsFromLeaves(inside(before), inside(after), how.label), how.rank);
  const paths = within ? specs.map((spec) => ({ ...spec, path: `${within}.${spec.path}` })) : specs;
  return fieldChanges(action, before, after, paths);
}
