import { formatDateGB } from "#app/lib/dates.ts";
import type {
  Block,
  ChecklistBlock,
  CountsBlock,
  FormatDefinition,
  InputDef,
  RegisterBlock,
  SopData,
} from "./types.ts";

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

export const itemsOf = (block: ChecklistBlock) => block.sections.flatMap((section) => section.items);

export function cylinderTotal(block: CountsBlock, counts: unknown): number {
  const values = (counts ?? {}) as Record<string, unknown>;
  return block.items.reduce((sum, item) => {
    const value = Number(values[item.key]);
    return sum + (Number.isFinite(value) && value > 0 ? value : 0);
  }, 0);
}

/** How a stored value goes back into a form input. */
export function encodeInput(input: InputDef, value: unknown): string {
  if (input.kind === "tick") return value === true ? "on" : "";
  if (input.kind === "yesno") return value === true ? "Yes" : value === false ? "No" : "";
  if (value === null || value === undefined) return "";
  return String(value);
}

function encodeBlock(block: Block, data: SopData): SopData {
  if (block.type === "checklist") {
    if (block.store === "keyed") {
      return Object.fromEntries(
        block.sections.map((section) => {
          const answers = (data[section.key ?? ""] ?? {}) as SopData;
          return [
            section.key ?? "",
            Object.fromEntries(
              section.items.map((item) => [
                item.key ?? "",
                encodeInput(block.status, answers[item.key ?? ""]),
              ]),
            ),
          ];
        }),
      );
    }
    const stored = rowsOf(data, block.name ?? "");
    return {
      [block.name ?? ""]: itemsOf(block).map((_, index) => {
        const item = stored[index] ?? {};
        const encoded: SopData = { [block.status.name]: encodeInput(block.status, item[block.status.name]) };
        if (block.remarks) encoded[block.remarks.name] = encodeInput(block.remarks, item[block.remarks.name]);
        return encoded;
      }),
    };
  }
  if (block.type === "register") {
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
  }
  const counts = (data[block.name] ?? {}) as SopData;
  return {
    [block.name]: Object.fromEntries(
      block.items.map((item) => [
        item.key,
        encodeInput({ name: item.key, label: item.label, kind: "count" }, counts[item.key]),
      ]),
    ),
  };
}

/** The form's starting values: a saved record's data, or a blank form (dates default to `today`). */
export function formDefaults(definition: FormatDefinition, data: SopData | null, today: string): SopData {
  const source: SopData = data ?? {};
  const values: SopData = {};
  for (const input of [...definition.header, ...definition.footer]) {
    values[input.name] =
      data === null && input.kind === "date" ? today : encodeInput(input, source[input.name]);
  }
  for (const block of definition.body) Object.assign(values, encodeBlock(block, source));
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
      return input.choices?.find((choice) => choice.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}
