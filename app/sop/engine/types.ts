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
  | "yesno" // Yes / No radios, unanswered until chosen (behaviour note 13); stored true / false / null
  | "tick"; // a checkbox; stored true / false

export type Choice = { value: string; label: string };

export type InputDef = {
  /** The field name on the wire and in the stored data (sop-formats.md). */
  name: string;
  label: string;
  kind: InputKind;
  /** true → "{label} is required."; a string → that message. */
  required?: boolean | string;
  /** Longest text accepted (default 200, textarea 1000). */
  max?: number;
  choices?: readonly Choice[];
};

export type ChecklistItem = { label: string; key?: string };
export type ChecklistSection = { title?: string; key?: string; items: ChecklistItem[] };

/**
 * Fixed items, each answered with `status` (and `remarks`). Stored either as a list
 * (`store: "list"`: data[name][i] = {status, remarks}) or keyed per section
 * (`store: "keyed"`: data[section.key][item.key] = status).
 */
export type ChecklistBlock = {
  type: "checklist";
  store: "list" | "keyed";
  /** The list's field name (store "list"). */
  name?: string;
  /** Heading of the item column: "Criterion", "Check point", … */
  itemColumn: string;
  status: InputDef;
  remarks?: InputDef;
  /** Also store each item's wording under this key (AS16 items[].description). */
  itemKey?: string;
  sections: ChecklistSection[];
  /** Sr No. runs through all sections, or restarts in each (AS16). */
  numbering: "continuous" | "per-section";
};

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

export type Block = ChecklistBlock | RegisterBlock | CountsBlock;

export type FormatDefinition = {
  /** "AS11" */
  code: string;
  /** The blank form's route (spec §2): "/AS11", "/as10", … */
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
};

export type SopData = Record<string, unknown>;
