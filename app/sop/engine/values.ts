import { formatDateGB } from "#app/lib/dates.ts";
import {
  type ChecklistBlock,
  type CountsBlock,
  type FormatDefinition,
  forBlock,
  type InputDef,
  type PerBlockType,
  type RegisterBlock,
  type SopData,
} from "#app/sop/engine/types.ts";

// Pure helpers over a definition and a record's data: the record's date and summary, the form's
// starting values, and how each value reads on screen and on paper.

const rowsOf = (data: SopData, name: string) => {
  const rows = data[name];
  return Array.isArray(rows) ? (rows as SopData[]) : [];
};

const ROW_FIELD = /^(\w+)\[\]\.(\w+)$/;

/** A stored value as text for the record's date, summary and key fields. */
export const keyValueText = (value: unknown) =>
  (value === null || value === undefined ? "" : String(value)).trim();

/** The values at a path: "lorryNo" → one value; "entries[].lorryNo" → one per row. */
export function valuesAt(data: SopData, path: string): string[] {
  const match = ROW_FIELD.exec(path);
  const raw = match ? rowsOf(data, match[1]).map((row) => row[match[2]]) : [data[path]];
  return raw.map(keyValueText);
}

/** The same path for the database (jsonb_path_query_array): "entries[].lorryNo" → $."entries"[*]."lorryNo". */
export function keyFieldJsonPath(path: string) {
  const match = ROW_FIELD.exec(path);
  return match ? `$."${match[1]}"[*]."${match[2]}"` : `$."${path}"`;
}

/** The calendar date the record is filed under (YYYY-MM-DD). */
export function recordDateOf(definition: FormatDefinition, data: SopData): string {
  const first = valuesAt(data, definition.dateField).find(Boolean) ?? "";
  return first.slice(0, 10);
}

/** A key field's values as the records list shows them: the distinct ones, joined. */
export const joinKeyValues = (values: string[]) => [...new Set(values.filter(Boolean))].join(", ");

/** A key field's text for the records list: a register's distinct values joined. */
export function keyFieldText(data: SopData, path: string) {
  return joinKeyValues(valuesAt(data, path));
}

/** The key fields as one searchable line, stored in sop_records.summary. */
export function summaryOf(definition: FormatDefinition, data: SopData): string {
  return definition.keyFields
    .map((field) => keyFieldText(data, field.path))
    .filter(Boolean)
    .join(" · ")
    .slice(0, 1000);
}

export const itemsOf = (block: ChecklistBlock) =>
  block.sections.flatMap((section): { label: string }[] => section.items);

/** Where a value sits in a record's data: ["criteria", 0, "status"], ["tankTruck", "leakage"]. */
export type DataPath = readonly (string | number)[];

/** One checklist item as a row of the paper: its Sr No. and where its answers are stored. */
export type ChecklistEntry = { label: string; number: number; status: DataPath; remarks?: DataPath };

/**
 * A checklist's items, section by section, with the place of each answer: the one place that
 * knows the two stores (keyed: data[section][item]; list: data[name][i].{status, remarks}).
 * The form names its inputs after these paths; the sheet, the defaults and the tests read them.
 */
export function checklistEntries(block: ChecklistBlock): ChecklistEntry[][] {
  let overall = 0;
  return block.sections.map((section, sectionIndex) =>
    section.items.map((item, position) => {
      const index = overall++;
      return {
        label: item.label,
        number: block.numbering === "per-section" ? position + 1 : index + 1,
        ...answerPaths(block, sectionIndex, position, index),
      };
    }),
  );
}

function answerPaths(block: ChecklistBlock, sectionIndex: number, position: number, index: number) {
  if (block.store === "keyed") {
    const section = block.sections[sectionIndex];
    return { status: [section.key, section.items[position].key] };
  }
  const { name, status, remarks } = block;
  return { status: [name, index, status.name], remarks: remarks ? [name, index, remarks.name] : undefined };
}

/** The value at a path, or undefined where the data stops short. */
export function valueAt(data: unknown, path: DataPath): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/** Sets the value at a path, making the objects and lists on the way. */
export function setAt(data: SopData, path: DataPath, value: unknown) {
  let target: Record<string | number, unknown> = data;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      target[segment] = value;
      return;
    }
    const next = target[segment];
    if (next === null || typeof next !== "object")
      target[segment] = typeof path[index + 1] === "number" ? [] : {};
    target = target[segment] as Record<string | number, unknown>;
  });
}

export function cylinderTotal(block: CountsBlock, counts: unknown): number {
  const values = (counts ?? {}) as Record<string, unknown>;
  return block.items.reduce((sum, item) => {
    const value = Number(values[item.key]);
    return sum + (Number.isFinite(value) && value > 0 ? value : 0);
  }, 0);
}

/** A counts block's item as an input: a whole number ≥ 0. */
export const countInput = (item: CountsBlock["items"][number]): InputDef => ({
  name: item.key,
  label: item.label,
  kind: "count",
});

/** How a stored value goes back into a form input. */
export function encodeInput(input: InputDef, value: unknown): string {
  if (input.kind === "tick") return value === true ? "on" : "";
  if (input.kind === "yesno") return value === true ? "Yes" : value === false ? "No" : "";
  if (value === null || value === undefined) return "";
  return String(value);
}

/** Each block's form values from the stored data. */
const blockDefaults: PerBlockType<SopData, [data: SopData]> = {
  checklist(block, data) {
    const values: SopData = {};
    for (const entry of checklistEntries(block).flat()) {
      setAt(values, entry.status, encodeInput(block.status, valueAt(data, entry.status)));
      if (block.remarks && entry.remarks)
        setAt(values, entry.remarks, encodeInput(block.remarks, valueAt(data, entry.remarks)));
    }
    return values;
  },
  register(block, data) {
    const columns = block.parts.flatMap((part) => part.columns);
    const stored = rowsOf(data, block.name);
    const count = "fixed" in block.rows ? block.rows.fixed : Math.max(stored.length, block.rows.min);
    return {
      [block.name]: Array.from({ length: count }, (_, index) =>
        Object.fromEntries(
          columns.map((column) => [column.name, encodeInput(column, stored[index]?.[column.name])]),
        ),
      ),
    };
  },
  counts(block, data) {
    return {
      [block.name]: Object.fromEntries(
        block.items.map((item) => [
          item.key,
          encodeInput(countInput(item), valueAt(data, [block.name, item.key])),
        ]),
      ),
    };
  },
};

/** The form's starting values: a saved record's data, or a blank form (dates default to `today`). */
export function formDefaults(definition: FormatDefinition, data: SopData | null, today: string): SopData {
  const source: SopData = data ?? {};
  const values: SopData = {};
  for (const input of [...definition.header, ...definition.footer]) {
    values[input.name] =
      data === null && input.kind === "date" ? today : encodeInput(input, source[input.name]);
  }
  for (const block of definition.body) Object.assign(values, forBlock(blockDefaults, block, source));
  if (data === null) {
    for (const block of definition.body) {
      if (block.type !== "register") continue;
      const first = (values[block.name] as SopData[])[0];
      const dateColumn = firstDateColumn(definition, block);
      if (first && dateColumn) first[dateColumn] = today;
    }
  }
  return values;
}

/** A register's date column that files the record (e.g. entries[].date), prefilled with today. */
export function firstDateColumn(definition: FormatDefinition, block: RegisterBlock) {
  const match = ROW_FIELD.exec(definition.dateField);
  return match && match[1] === block.name ? match[2] : undefined;
}

/** A value as it reads on screen and on paper. */
export function displayInput(input: InputDef, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  switch (input.kind) {
    case "tick":
      return value === true ? "✓" : "";
    case "yesno":
      return value === true ? "Yes" : value === false ? "No" : "";
    case "date":
      return formatDateGB(String(value));
    case "datetime": {
      const text = String(value);
      return `${formatDateGB(text.slice(0, 10))} ${text.slice(11, 16)}`.trim();
    }
    case "choice":
      return input.choices.find((choice) => choice.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}

/** A checklist item saved without an answer, as the warning and the record name it. */
export type UnansweredItem = { number: number; label: string; section?: string };

/**
 * The posted field of the form's "Save anyway" button: a save with checklist items unanswered is
 * sent back once with a warning, and stored as it is when this comes with it.
 */
export const SAVE_ANYWAY_FIELD = "saveAnyway";

/** Whether a checklist status was left blank (a tick is an answer either way: ticked or not). */
export const isUnanswered = (status: InputDef, value: unknown) =>
  status.kind !== "tick" && (value === null || value === undefined || value === "");

/** The checklist items of a record's data left without an answer, in the paper's order. */
export function unansweredItems(definition: FormatDefinition, data: SopData): UnansweredItem[] {
  return definition.body.flatMap((block) => {
    if (block.type !== "checklist") return [];
    const perSection = block.numbering === "per-section";
    return checklistEntries(block).flatMap((entries, sectionIndex) =>
      entries
        .filter((entry) => isUnanswered(block.status, valueAt(data, entry.status)))
        .map((entry) => ({
          number: entry.number,
          label: entry.label,
          // Where Sr No. restarts per section, the number alone does not say which item.
          ...(perSection && block.sections[sectionIndex].title
            ? { section: block.sections[sectionIndex].title }
            : {}),
        })),
    );
  });
}
