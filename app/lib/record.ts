// One definition per record type (a contract, a file of the file index, a spares line…): each
// field once, with everything the app says about it — its label, kind, database column, list
// behaviour, export cell, import parsing, the key its audit entries store it under and its legacy
// /api name. The list's sorts and search, the export's and import's columns, the history's field
// list and the legacy API's mapping are derived from it (the derivers below), so a new field is
// added in one place (docs/architecture.md "Adding a field to a record type").
// Pure and app-free: a feature's record.ts builds its definition here and its modules derive.

import { formatDateGB } from "#app/lib/dates.ts";

/** What a field holds. A choice is text from a fixed list (`choices`). */
export type FieldKind = "text" | "date" | "integer" | "number" | "choice";

/** How a sortable list column orders: "text" ignores case, "value" orders the stored value. */
export type SortHow = "text" | "value";

/** An exported cell's type (the spreadsheets kit's CellType). */
export type ExportCellType = "text" | "integer" | "number" | "date" | "datetime";

/** A form input's type. */
export type InputType = "text" | "date" | "number" | "tel" | "select";

/**
 * How a field is asked for on its record type's form (app/ui/form/record-fields.tsx draws it: the
 * label, the input, the hint, the required mark and the errors).
 */
export type FormInput = {
  /** Its label on the form where that differs from the field's. */
  label?: string;
  /** The input's type (default from the kind: a date's "date", a figure's "number", a choice's "select"). */
  type?: InputType;
  /** A select's options as value and words (default: the field's choices, each its own words). */
  options?: readonly (readonly [value: string, label: string])[];
  /** A select's first, empty option ("Select PMS"). */
  empty?: string;
  /** The line under the input. */
  hint?: string;
  /** Marked required (*) on a form that marks (default: a new record needs it, `import.required`). */
  marked?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal";
  min?: number;
  step?: number | "any";
  maxLength?: number;
};

export type FieldDefinition = {
  /** The field's words: the export's and import's column header, the history's label. */
  label: string;
  kind: FieldKind;
  /**
   * The database column's name where it is not the field's name in snake_case ("validityFrom" is
   * validity_from); the drizzle table's property is the field's name.
   */
  column?: string;
  /** A choice's allowed values. */
  choices?: readonly string[];
  /**
   * A column of the record type's list and print view (absent: not shown there): its sort (absent:
   * not sortable), whether ?q= searches it, how its cell reads.
   */
  list?: {
    sort?: SortHow;
    search?: boolean;
    /** Sort values saved links may still carry for this field (the list's earlier names). */
    oldSorts?: readonly string[];
    /** The sort its header sets where that is not the field's name (the address's own word). */
    sortAs?: string;
    /** Its column's heading where that differs from the label. */
    heading?: string;
    /** A figure's text in its cell (default: as it is). */
    format?: (value: number) => string;
    /** The row's name: its cell is the row's header (th scope="row"). */
    rowHeader?: boolean;
    /** A figure's column, right-aligned (default: an integer's or a number's). */
    figure?: boolean;
  };
  /** On the record type's form (default: drawn from the kind); false: not on the form. */
  form?: FormInput | false;
  /** The exported cell's type (default: from the kind); false: not exported. */
  export?: ExportCellType | false;
  /** A spreadsheet import reads it (required: a new record needs it); false: not imported. */
  import?: { required: boolean } | false;
  /** In audit entries: the key the value is stored under (default: the wire name) and its label. */
  audit?: { key?: string; label?: string } | false;
  /** The legacy /api's name for it where it differs, a dotted path when nested ("validity.from"). */
  wire?: string;
};

export type Fields = Record<string, FieldDefinition>;

/** Any record type's definition, for the derivers that need no field names. */
export type AnyRecordDefinition = { readonly fields: Fields; readonly names: readonly string[] };

export type RecordDefinition<F extends Fields = Fields> = {
  /** The fields, in the order the forms, exports and imports show them. */
  readonly fields: F;
  /** Their names, in that order. */
  readonly names: readonly (keyof F & string)[];
};

export type FieldName<R extends AnyRecordDefinition> = R["names"][number];

/** A field name whose list column sorts. */
export type SortName<R extends AnyRecordDefinition> = {
  [K in FieldName<R>]: R["fields"][K]["list"] extends { sort: SortHow } ? K : never;
}[FieldName<R>];

/** A field's legacy wire path: its `wire`, else its name. */
type WirePath<R extends AnyRecordDefinition, K extends FieldName<R>> = R["fields"][K] extends {
  wire: infer W extends string;
}
  ? W
  : K;
type WirePaths<R extends AnyRecordDefinition> = { [K in FieldName<R>]: WirePath<R, K> }[FieldName<R>];
type Nest<P extends string, V> = {
  [H in P extends `${infer Head}.${string}` ? Head : P]: H extends P
    ? V
    : Nest<P extends `${H}.${infer Rest}` ? Rest : never, V>;
};
/** A value of a field of this kind: a figure's a number, any other's text (a date YYYY-MM-DD). */
type KindValue<K extends FieldKind> = K extends "integer" | "number" ? number : string;
/** A record's values by field name, each typed by its kind. */
export type ValuesOf<R extends AnyRecordDefinition> = {
  [K in FieldName<R>]: KindValue<R["fields"][K]["kind"]>;
};
/** The same under their legacy wire names (a record whose wire names are flat). */
export type WireValuesOf<R extends AnyRecordDefinition> = {
  [K in FieldName<R> as WirePath<R, K>]: KindValue<R["fields"][K]["kind"]>;
};
/** A record's fields as the legacy wire has them (`toWire`'s answer), each holding a V. */
export type WireOf<R extends AnyRecordDefinition, V = string> = Nest<WirePaths<R>, V>;

/**
 * A record type's definition. `const` keeps the field names literal, so every deriver's field
 * argument (and a feature's `satisfies Record<FieldName<…>, …>`) refuses a misspelt one.
 */
export function defineRecord<const F extends Fields>(fields: F): RecordDefinition<F> {
  return { fields, names: Object.keys(fields) as (keyof F & string)[] };
}

const entries = <R extends AnyRecordDefinition>(definition: R) =>
  definition.names.map((name) => [name as FieldName<R>, definition.fields[name]] as const);

const defaultCell: Record<FieldKind, ExportCellType> = {
  text: "text",
  choice: "text",
  date: "date",
  integer: "integer",
  number: "number",
};

/** How the import reads and the history shows a field's value: a date, a number, or text (undefined). */
const valueKind = (kind: FieldKind) =>
  kind === "date" ? "date" : kind === "integer" || kind === "number" ? "number" : undefined;

/** The export's columns, in field order (the spreadsheets kit's ExportColumn). */
export function exportColumns(definition: AnyRecordDefinition): { header: string; type: ExportCellType }[] {
  return entries(definition).flatMap(([, field]) =>
    field.export === false ? [] : [{ header: field.label, type: field.export ?? defaultCell[field.kind] }],
  );
}

/** The exported fields' names, in the order of `exportColumns`. */
export function exportFields<R extends AnyRecordDefinition>(definition: R): FieldName<R>[] {
  return entries(definition).flatMap(([name, field]) => (field.export === false ? [] : [name]));
}

/** The import's columns, headed as the export heads them (the spreadsheets kit's ImportColumn). */
export function importColumns<R extends AnyRecordDefinition>(
  definition: R,
): { header: string; field: FieldName<R>; required: boolean; kind?: "number" | "date" }[] {
  return entries(definition).flatMap(([name, field]) => {
    if (field.import === false) return [];
    const kind = valueKind(field.kind);
    const required = field.import?.required ?? false;
    return [
      kind
        ? { header: field.label, field: name, required, kind }
        : { header: field.label, field: name, required },
    ];
  });
}

/** The imported fields' names, in the order of `importColumns`. */
export function importFields<R extends AnyRecordDefinition>(definition: R): FieldName<R>[] {
  return entries(definition).flatMap(([name, field]) => (field.import === false ? [] : [name]));
}

/** The legacy /api's name (path) of a field: its `wire`, else its name. Unknown names pass as they are. */
export function wireName(definition: AnyRecordDefinition, name: string): string {
  return Object.hasOwn(definition.fields, name) ? (definition.fields[name].wire ?? name) : name;
}

/**
 * The history's field list (the audit kit's FieldSpec): each field under the key its entries
 * store it, so entries written before a rename still read.
 */
export function auditFields(
  definition: AnyRecordDefinition,
): { path: string; label: string; kind?: "date" | "number" }[] {
  return entries(definition).flatMap(([name, field]) => {
    if (field.audit === false) return [];
    const path = field.audit?.key ?? wireName(definition, name);
    const label = field.audit?.label ?? field.label;
    const kind = valueKind(field.kind);
    return [kind ? { path, label, kind } : { path, label }];
  });
}

/**
 * A record type's history declaration (the audit kit's RecordTypeInfo): the type's entity name,
 * label and area, and its definition's fields as auditFields gives them.
 */
export const historyOf = <const T extends { entity: string; label: string; area: string }>(
  definition: AnyRecordDefinition,
  type: T,
) => ({ ...type, fields: auditFields(definition) });

/** The sortable fields, in field order (a list adds its own sorts, "entered", beside them). */
export function sortNames<R extends AnyRecordDefinition>(definition: R): SortName<R>[] {
  return entries(definition).flatMap(([name, field]) => (field.list?.sort ? [name as SortName<R>] : []));
}

/** How each sortable field orders. */
export function sortHows<R extends AnyRecordDefinition>(definition: R): Record<SortName<R>, SortHow> {
  return Object.fromEntries(
    entries(definition).flatMap(([name, field]) => (field.list?.sort ? [[name, field.list.sort]] : [])),
  ) as Record<SortName<R>, SortHow>;
}

/** The sort values saved links may carry, each with the field it sorts now. */
export function oldSortNames<R extends AnyRecordDefinition>(definition: R): Record<string, SortName<R>> {
  return Object.fromEntries(
    entries(definition).flatMap(([name, field]) =>
      (field.list?.oldSorts ?? []).map((old) => [old, name as SortName<R>]),
    ),
  );
}

/** The fields ?q= searches, in field order. */
export function searchFields<R extends AnyRecordDefinition>(definition: R): FieldName<R>[] {
  return entries(definition).flatMap(([name, field]) => (field.list?.search ? [name] : []));
}

/**
 * Flat values (by field name) as the legacy wire has them: each under its wire name, a dotted
 * one nested ("validity.from" → validity: {from}), in field order. Fields absent from `values`
 * are left out.
 */
export function toWire<R extends AnyRecordDefinition, V>(
  definition: R,
  values: Readonly<Record<string, V>>,
): WireOf<R, V>;
export function toWire(
  definition: AnyRecordDefinition,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown>;
export function toWire(definition: AnyRecordDefinition, values: Readonly<Record<string, unknown>>) {
  const wire: Record<string, unknown> = {};
  for (const name of definition.names) {
    if (!Object.hasOwn(values, name)) continue;
    const path = wireName(definition, name).split(".");
    let target = wire;
    for (const key of path.slice(0, -1)) {
      if (!target[key] || typeof target[key] !== "object") target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[path[path.length - 1]] = values[name];
  }
  return wire;
}

/**
 * A legacy wire body's fields by their names in the app (the other way of `toWire`): only the
 * fields present in the body; a nested path whose parent is not an object is absent.
 */
export function fromWire<R extends AnyRecordDefinition>(
  definition: R,
  body: Readonly<Record<string, unknown>>,
): Partial<Record<FieldName<R>, unknown>> {
  const values: Partial<Record<FieldName<R>, unknown>> = {};
  for (const [name] of entries(definition)) {
    let source: unknown = body;
    let found = true;
    for (const key of wireName(definition, name).split(".")) {
      if (!source || typeof source !== "object" || Array.isArray(source) || !Object.hasOwn(source, key)) {
        found = false;
        break;
      }
      source = (source as Record<string, unknown>)[key];
    }
    if (found) values[name] = source;
  }
  return values;
}

/** A field's database column: its `column`, else its name in snake_case. */
export const columnName = (name: string, field: FieldDefinition) =>
  field.column ?? name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Where a definition and its (hand-written) drizzle table disagree: a field with no table property
 * of its name, a property whose column is not the field's `column`, or a table column no field
 * and no `bookkeeping` property (id, version, timestamps) accounts for. Empty when they agree; a
 * feature's test asserts that (`columns`: drizzle's getTableColumns of the table).
 */
export function tableMismatches(
  definition: AnyRecordDefinition,
  columns: Readonly<Record<string, { name: string }>>,
  bookkeeping: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const [name, field] of entries(definition)) {
    const column = columns[name];
    const said = columnName(name, field);
    if (!column) problems.push(`field ${name} has no table column`);
    else if (column.name !== said)
      problems.push(`field ${name}: the table's column is ${column.name}, the definition says ${said}`);
  }
  for (const property of Object.keys(columns))
    if (!Object.hasOwn(definition.fields, property) && !bookkeeping.includes(property))
      problems.push(`table column ${columns[property].name} (${property}) is no field of the definition`);
  return problems;
}

/**
 * The legacy wire's top-level keys for these names (default: every field), in their order: each
 * with the name it holds, or, for a dotted wire name, the group's object of key → name (at its
 * first member's place). A name that is no field keeps its name.
 */
export function wireLayout(
  definition: AnyRecordDefinition,
  names: readonly string[] = definition.names,
): [string, string | Record<string, string>][] {
  const layout: [string, string | Record<string, string>][] = [];
  const groups = new Map<string, Record<string, string>>();
  for (const name of names) {
    const [head, ...rest] = wireName(definition, name).split(".");
    if (rest.length === 0) {
      layout.push([head, name]);
      continue;
    }
    let group = groups.get(head);
    if (!group) {
      group = {};
      groups.set(head, group);
      layout.push([head, group]);
    }
    group[rest.join(".")] = name;
  }
  return layout;
}

const defaultInput: Record<FieldKind, InputType> = {
  text: "text",
  choice: "select",
  date: "date",
  integer: "number",
  number: "number",
};

/** A field as its record type's form asks for it (formFields). */
export type FormField<Name extends string = string> = {
  name: Name;
  label: string;
  type: InputType;
  /** A select's options, value and words. */
  options: readonly (readonly [value: string, label: string])[];
  empty?: string;
  hint?: string;
  marked: boolean;
  /** The input's own attributes (those set). */
  attributes: Pick<FormInput, "autoComplete" | "inputMode" | "min" | "step" | "maxLength">;
};

/** The form's fields, in field order: every field but those with `form: false`. */
export function formFields<R extends AnyRecordDefinition>(definition: R): FormField<FieldName<R>>[] {
  return entries(definition).flatMap(([name, field]) => {
    if (field.form === false) return [];
    const { label, type, options, empty, hint, marked, ...attributes } = field.form ?? {};
    return [
      {
        name,
        label: label ?? field.label,
        type: type ?? defaultInput[field.kind],
        options: options ?? (field.choices ?? []).map((choice) => [choice, choice] as const),
        empty,
        hint,
        marked: marked ?? (field.import ? field.import.required : false),
        attributes,
      },
    ];
  });
}

/** A column of the record type's list and print view (listColumns). */
export type ListColumn<Name extends string = string> = {
  name: Name;
  heading: string;
  /** The sort its header sets (absent: not sortable). */
  sort?: string;
  /** A figure (right-aligned, "num"). */
  figure: boolean;
  rowHeader: boolean;
  /** ?q= searches it: its cell marks the matches. */
  searched: boolean;
};

/** The list's and the print view's columns, in field order: the fields with `list`. */
export function listColumns<R extends AnyRecordDefinition>(definition: R): ListColumn<FieldName<R>>[] {
  return entries(definition).flatMap(([name, field]) =>
    field.list
      ? [
          {
            name,
            heading: field.list.heading ?? field.label,
            sort: field.list.sortAs ?? (field.list.sort ? name : undefined),
            figure: field.list.figure ?? (field.kind === "integer" || field.kind === "number"),
            rowHeader: field.list.rowHeader ?? false,
            searched: field.list.search ?? false,
          },
        ]
      : [],
  );
}

/**
 * A field's value as its list cell reads: a date as dd/mm/yyyy, a figure as it is (or by the
 * list's `format`), text as it is; nothing (empty text, no date) reads "N/A".
 */
export function cellText(definition: AnyRecordDefinition, name: string, value: unknown): string {
  const field = definition.fields[name];
  if (value === null || value === undefined)
    return field.kind === "integer" || field.kind === "number" ? "" : "N/A";
  if (field.kind === "date") return formatDateGB(String(value));
  if (typeof value === "number") return field.list?.format ? field.list.format(value) : String(value);
  const text = String(value);
  return text.trim() ? text : "N/A";
}
