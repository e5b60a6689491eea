// The shape of a paper format's definition (app/sop/formats/*.ts). A definition is data only: the
// engine derives the schema, the form, the records list, the record view and the print view from it.

/** How one value is entered, stored and shown. */
export type InputKind =
  | "text" // one line of text
  | "textarea" // several lines
  | "signature" // a typed name on a signature line
  | "date" // YYYY-MM-DD
  | "time" // HH:MM (24 h)
  | "datetime" // YYYY-MM-DDTHH:MM
  | "number" // a quantity ≥ 0, up to 3 decimals; blank → null
  | "count" // a whole number ≥ 0; blank → null
  | "choice" // one of `choices` (a <select>); "" allowed when a choice's value is ""
  | "yesno" // Yes / No radios, unanswered until chosen (README difference 13); stored true / false / null
  | "tick"; // a checkbox; stored true / false

export type Choice = { value: string; label: string };

type InputBase = {
  /** The field name on the wire and in the stored data (the paper formats). */
  name: string;
  label: string;
  /** true → "{label} is required."; a string → that message. */
  required?: boolean | string;
};

/** Typed text: one line, several lines, or a name on a signature line. */
export type TextInputDef = InputBase & {
  kind: "text" | "textarea" | "signature";
  /** Longest text accepted (default 200, textarea 1000). */
  max?: number;
};

/** One of a fixed list. */
export type ChoiceInputDef = InputBase & { kind: "choice"; choices: readonly Choice[] };

/** A value whose kind says all: a date, a time, a quantity, a count, Yes / No, a tick. */
export type ValueInputDef = InputBase & {
  kind: Exclude<InputKind, TextInputDef["kind"] | ChoiceInputDef["kind"]>;
};

export type InputDef = TextInputDef | ChoiceInputDef | ValueInputDef;

type ChecklistBase = {
  type: "checklist";
  /** Heading of the item column: "Criterion", "Check point", … */
  itemColumn: string;
  status: InputDef;
  /** Sr No. runs through all sections, or restarts in each (AS16). */
  numbering: "continuous" | "per-section";
};

/**
 * Fixed items, each answered with `status` (and `remarks`), stored as a list:
 * data[name][i] = {status, remarks} (AS06, AS11, AS16).
 */
export type ListChecklistBlock = ChecklistBase & {
  store: "list";
  /** The list's field name. */
  name: string;
  remarks?: InputDef;
  /** Also store each item's wording under this key (AS16 items[].description). */
  itemKey?: string;
  sections: { title?: string; key?: never; items: { label: string; key?: never }[] }[];
};

/** Fixed items answered with `status` only, keyed per section: data[section.key][item.key] (AS10). */
export type KeyedChecklistBlock = ChecklistBase & {
  store: "keyed";
  remarks?: never;
  itemKey?: never;
  sections: { title?: string; key: string; items: { label: string; key: string }[] }[];
};

export type ChecklistBlock = ListChecklistBlock | KeyedChecklistBlock;
export type ChecklistSection = ChecklistBlock["sections"][number];

/** Entry rows: added and removed by the user, or a fixed number of rows (AS17). */
export type RegisterBlock = {
  type: "register";
  name: string;
  /** One table per part; the parts share the rows (AS09: inbound and outbound). */
  parts: { title?: string; columns: InputDef[] }[];
  rows: { fixed: number } | { min: number; max: number };
};

/** Counts per type with a total (AS16 G: inventory of cylinders). */
export type CountsBlock = {
  type: "counts";
  name: string;
  title: string;
  itemColumn: string;
  countColumn: string;
  items: { key: string; label: string }[];
  totalLabel: string;
};

/** A part of the paper between the header and the footer fields. */
export type Block = ChecklistBlock | RegisterBlock | CountsBlock;
export type BlockType = Block["type"];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/**
 * One handler per block type, e.g. the schema of each or its form inputs. Every concern keeps
 * its handlers in one such table, so a new block type is a compile error until each has one.
 */
export type PerBlockType<Result, Args extends unknown[] = []> = {
  [T in BlockType]: (block: BlockOf<T>, ...args: Args) => Result;
};

/** Calls the handler of the block's type. */
export function forBlock<Result, Args extends unknown[]>(
  handlers: PerBlockType<Result, Args>,
  block: Block,
  ...args: Args
): Result {
  // The table's type pairs each type with its handler; TypeScript cannot follow that through an index.
  return (handlers[block.type] as (block: Block, ...args: Args) => Result)(block, ...args);
}

export type FormatDefinition = {
  /** "AS11" */
  code: string;
  /** The blank form's route (the legacy app): "/AS11", "/as10", … */
  path: string;
  /** "AS 11", printed as "FORMAT NO. AS 11" */
  formatNo: string;
  /** The paper's heading. */
  heading: string;
  /** A short plain title for menus and lists. */
  title: string;
  orientation: "portrait" | "landscape";
  header: InputDef[];
  body: Block[];
  footer: InputDef[];
  /** Where the record's date comes from: a header/footer field ("date", "dateTime") or the first
   * row of a register ("entries[].date"). */
  dateField: string;
  /** The key fields shown in the records list and stored in the summary; "entries[].x" joins the rows. */
  keyFields: { label: string; path: string }[];
  // Capabilities: what only some formats do, declared here so that no code asks for a format by code.
  /** /{format}/records also lists the register's entries whose material has not come back, marking
   * the overdue (AS15's columns: date, gatePassNo, …, expectedDateOfReturn, dateOfReturn). */
  outstandingReturns?: true;
  /** An older address that also saves this format (the legacy API contract): POST there answers
   * 201 {message, _id}. Only /api/checklist has a route (routes.ts), hence the literal type. */
  legacyApi?: { path: "/api/checklist"; description: string };
};

export type SopData = Record<string, unknown>;
