import {
  type FormatDefinition,
  forBlock,
  type InputDef,
  type PerBlockType,
  type RegisterBlock,
  type SopData,
} from "#app/sop/engine/types.ts";
import {
  checklistEntries,
  countInput,
  cylinderTotal,
  type DataPath,
  displayInput,
  valueAt,
} from "#app/sop/engine/values.ts";
import type { CellType, ExportColumn } from "#app/spreadsheets/cells.ts";

// A SOP format's records as a spreadsheet, derived from the format's definition like its form and
// its paper: every field of the format in a column, in the paper's order: the header fields, each
// checklist item's answer and remarks, each register column, the counts and their total, the
// footer's fields and signatures. A record is one row; a record with a register is one row per
// register entry, its other fields repeated on each, so that the rows filter and sum like the
// register they are. Pure, so that the columns of every format are tested without a database.

/** One column: its header and type, and its value in a record's data (and register entry). */
type Field = ExportColumn & { value: (data: SopData, entry: RegisterEntry) => unknown };

/** A register's entry on a row: its Sr No. (1, 2, …) and its values; none past the last entry. */
type RegisterEntry = (register: RegisterBlock) => { number: number; values: SopData } | undefined;

const CELL_TYPES: Partial<Record<InputDef["kind"], CellType>> = {
  date: "date",
  datetime: "datetime",
  number: "number",
  count: "integer",
};

/** A value as its column holds it: dates and numbers as they are stored, anything else as the paper reads. */
function cellOf(input: InputDef, value: unknown): unknown {
  return CELL_TYPES[input.kind] ? (value ?? null) : displayInput(input, value);
}

function inputField(
  header: string,
  input: InputDef,
  at: (data: SopData, entry: RegisterEntry) => unknown,
): Field {
  return {
    header,
    type: CELL_TYPES[input.kind] ?? "text",
    value: (data, entry) => cellOf(input, at(data, entry)),
  };
}

const topLevel = (input: InputDef): Field => inputField(input.label, input, (data) => data[input.name]);

/** Each block's columns. */
const blockFields: PerBlockType<Field[]> = {
  checklist(block) {
    return checklistEntries(block).flatMap((entries, index) => {
      const section = block.sections[index];
      // Numbers restart in each section (AS16): the section names the item ("B. … – 1. No visible leak").
      const prefix = block.numbering === "per-section" && section.title ? `${section.title} – ` : "";
      return entries.flatMap((entry) => {
        const at = (path: DataPath) => (data: SopData) => valueAt(data, path);
        const fields = [
          inputField(`${prefix}${entry.number}. ${entry.label}`, block.status, at(entry.status)),
        ];
        if (block.remarks && entry.remarks)
          fields.push(
            inputField(`${prefix}${entry.number}. ${block.remarks.label}`, block.remarks, at(entry.remarks)),
          );
        return fields;
      });
    });
  },
  register(block) {
    return [
      { header: "Sr No.", type: "integer", value: (_, entry) => entry(block)?.number ?? null },
      ...block.parts.flatMap((part) =>
        part.columns.map((column) =>
          inputField(column.label, column, (_, entry) => entry(block)?.values[column.name]),
        ),
      ),
    ];
  },
  counts(block) {
    return [
      ...block.items.map((item) =>
        inputField(`${block.title} – ${item.label}`, countInput(item), (data) =>
          valueAt(data, [block.name, item.key]),
        ),
      ),
      {
        header: `${block.title} – ${block.totalLabel}`,
        type: "integer",
        value: (data) => cylinderTotal(block, data[block.name]),
      },
    ];
  },
};

/** True when the record files its date from a register's rows ("entries[].date"). */
const datedByRegister = (definition: FormatDefinition) => definition.dateField.includes("[]");

/** The columns of every field, each with where its value comes from. */
function fieldsOf(definition: FormatDefinition): Field[] {
  // The header's date the record files under is the Date column already.
  const notTheDate = (input: InputDef) => !(input.name === definition.dateField && input.kind === "date");
  return [
    ...definition.header.filter(notTheDate).map(topLevel),
    ...definition.body.flatMap((block) => forBlock(blockFields, block)),
    ...definition.footer.filter(notTheDate).map(topLevel),
  ];
}

/** A record as the export reads it: its date, its data, who saved it and when ("YYYY-MM-DDTHH:MM"). */
export type ExportedRecord = { date: unknown; data: SopData; savedBy: unknown; savedAt: unknown };

/**
 * A format's export: its columns, and the rows of one record. The record's date comes first:
 * "Date", or "Record date" when it is the first register entry's (each entry has its own date).
 */
export function sopRecordsLayout(definition: FormatDefinition) {
  const fields = fieldsOf(definition);
  const registers = definition.body.filter((block): block is RegisterBlock => block.type === "register");
  const columns: ExportColumn[] = [
    { header: datedByRegister(definition) ? "Record date" : "Date", type: "date" },
    ...fields.map(({ header, type }) => ({ header, type })),
    { header: "Saved by", type: "text" },
    { header: "Saved at", type: "datetime" },
  ];
  const rowsOf = (record: ExportedRecord): unknown[][] => {
    const data = record.data ?? {};
    const entries = new Map(registers.map((register) => [register, filledEntries(data, register)]));
    const count = Math.max(1, ...[...entries.values()].map((list) => list.length));
    return Array.from({ length: count }, (_, row) => {
      const entry: RegisterEntry = (register) => entries.get(register)?.[row];
      return [
        record.date,
        ...fields.map((field) => field.value(data, entry)),
        record.savedBy ?? "",
        record.savedAt,
      ];
    });
  };
  return { columns, rowsOf };
}

/**
 * A register's entries that hold anything as the paper reads it (AS17's seven rows, three filled
 * in: three rows), numbered as on the paper.
 */
function filledEntries(data: SopData, register: RegisterBlock) {
  const rows = Array.isArray(data[register.name]) ? (data[register.name] as SopData[]) : [];
  const columns = register.parts.flatMap((part) => part.columns);
  return rows
    .map((values, index) => ({ number: index + 1, values: values ?? {} }))
    .filter(({ values }) => columns.some((column) => displayInput(column, values[column.name]) !== ""));
}
