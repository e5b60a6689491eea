import { type TextPattern, translateByPatterns, translateMessage } from "#app/i18n/messages.ts";
import type { Translate } from "#app/i18n/translate.ts";

// An import's messages in the page's language (issue 37). They are made in English where the file
// is read (a worker thread, before any page language is known) and kept with the preview, and the
// /api would answer the same words, so they are translated where a page shows them: a message
// written out in full is its own key ("imports"), one built around a value (a row, a header, a
// cell's text) matched to its pattern here, with the list's words in it (a header, the key's name)
// translated from the list's namespace and what the file holds kept as written.

/** "'Rack', 'Sr. No'": each header quoted as the file or the template has it, translated. */
const quotedHeaders = (list: string, _: Translate) =>
  list
    .split(/', '/)
    .map((name) => `'${_(name.replace(/^'|'$/g, ""))}'`)
    .join(", ");

/** "1,240" as a number (an import has at most 20,000 rows: en-IN groups them as en does). */
const rowCount = (text = "") => Number(text.replaceAll(",", ""));
const headerCount = (list = "") => list.split(/', '/).length;

const PATTERNS: TextPattern[] = [
  [
    /^The same (.+) is already in row (.+) of this file\.$/,
    "The same {key} is already in row {row} of this file.",
    ([, key, row], _) => ({ key: keyName(_, key ?? ""), row: row ?? "" }),
  ],
  [
    /^(\d+) records of the list have this (.+): the import cannot tell which one to change\. Rename one of them in the list first\.$/,
    "{count} records of the list have this {key}: the import cannot tell which one to change. Rename one of them in the list first.",
    ([, count, key], _) => ({ count: count ?? "", key: keyName(_, key ?? "") }),
  ],
  [
    /^The file lacks the columns? (.+)\.$/,
    "{count, plural, one {The file lacks the column {names}.} other {The file lacks the columns {names}.}}",
    ([, names], _) => ({ count: headerCount(names), names: quotedHeaders(names ?? "", _) }),
  ],
  [
    /^The file has columns? this list does not know: (.+)\. Use the template's headers\.$/,
    "{count, plural, one {The file has column this list does not know: {names}. Use the template's headers.} other {The file has columns this list does not know: {names}. Use the template's headers.}}",
    ([, names]) => ({ count: headerCount(names), names: names ?? "" }),
  ],
  [
    /^The file has values in column (\w+), beyond the (\d+) columns an import of this list reads \(the template's and (\d+) more\): delete the columns after the table and upload it again\.$/,
    "The file has values in column {column}, beyond the {cap} columns an import of this list reads (the template's and {more} more): delete the columns after the table and upload it again.",
    ([, column, cap, more]) => ({ column: column ?? "", cap: cap ?? "", more: more ?? "" }),
  ],
  [
    /^"(.*)" is not a date: write it as (.+)\.$/s,
    '"{text}" is not a date: write it as dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd (or an Excel date cell).',
    ([, text]) => ({ text: text ?? "" }),
  ],
  [
    /^Row (.+): "(.*)" could be (.+) or (.+), and no other date of the file shows which comes first, the day or the month\. Write it as yyyy-mm-dd\.$/s,
    'Row {row}: "{text}" could be {dayFirst} or {monthFirst}, and no other date of the file shows which comes first, the day or the month. Write it as yyyy-mm-dd.',
    ([, row, text, dayFirst, monthFirst]) => ({
      row: row ?? "",
      text: text ?? "",
      dayFirst: dayFirst ?? "",
      monthFirst: monthFirst ?? "",
    }),
  ],
  [
    /^Row (.+): "(.*)" is not clear: this file has dates written day first \(dd\/mm\/yyyy\) and others month first \(mm\/dd\/yyyy\)\. Write its dates as dd\/mm\/yyyy\.$/s,
    'Row {row}: "{text}" is not clear: this file has dates written day first (dd/mm/yyyy) and others month first (mm/dd/yyyy). Write its dates as dd/mm/yyyy.',
    ([, row, text]) => ({ row: row ?? "", text: text ?? "" }),
  ],
  [
    /^The file was read as (.+) text\.$/,
    "The file was read as {encoding} text.",
    ([, name]) => ({ encoding: name ?? "" }),
  ],
  [
    /^Row (.+), above the headers, was skipped\.$/,
    "Row {row}, above the headers, was skipped.",
    ([, row]) => ({ row: row ?? "" }),
  ],
  [
    /^Rows (.+) to (.+), above the headers, were skipped\.$/,
    "Rows {first} to {last}, above the headers, were skipped.",
    ([, first, last]) => ({ first: first ?? "", last: last ?? "" }),
  ],
  [
    /^Row (.+) was taken for units \((.*)\) and skipped\.$/,
    "Row {row} was taken for units ({units}) and skipped.",
    ([, row, units]) => ({ row: row ?? "", units: units ?? "" }),
  ],
  [
    /^Imported ([\d,]+) rows? from (.+) by (\S+)$/s,
    "Imported {count, plural, one {# row} other {# rows}} from {fileName} by {email}",
    ([, count, fileName, email]) => ({
      count: rowCount(count),
      fileName: fileName ?? "",
      email: email ?? "",
    }),
  ],
  [
    /^Undid the import of (.+): ([\d,]+) rows? put back\.$/s,
    "Undid the import of {fileName}: {count, plural, one {# row} other {# rows}} put back.",
    ([, fileName, count]) => ({ fileName: fileName ?? "", count: rowCount(count) }),
  ],
  [
    /^Nothing was imported\. (.+)$/s,
    "Nothing was imported. {why}",
    ([, why], _) => ({ why: translateMessage(_, why ?? "") }),
  ],
  [
    /^The import could not be undone, nothing was changed\. (.+)$/s,
    "The import could not be undone, nothing was changed. {why}",
    ([, why], _) => ({ why: translateMessage(_, why ?? "") }),
  ],
];

/** The catalogue keys of the messages built around a value (the catalogues' test checks them). */
export const IMPORT_PATTERN_KEYS = PATTERNS.map(([, key]) => key);

/** A natural key's name ("Equipment + Company"): each label translated. */
export const keyName = (_: Translate, key: string) =>
  key
    .split(" + ")
    .map((label) => _(label))
    .join(" + ");

/**
 * An import's message (the file's, a row's, the confirmation's) in the page's language. The file's
 * two column problems come as one message: each sentence is translated.
 */
export function importMessage(_: Translate, message: string): string {
  const whole = _(message);
  if (whole !== message) return whole;
  const [lacks, unknown] = message.split(/(?<=\.) (?=The file has columns? this list does not know)/);
  if (unknown && lacks) return `${importMessage(_, lacks)} ${importMessage(_, unknown)}`;
  const own = translateByPatterns(PATTERNS, _, message);
  return own !== message ? own : translateMessage(_, message);
}

/** A list's name as the import pages say it ("Electrician spare parts": the department's words). */
export function listName(_: Translate, title: string): string {
  const spares = /^(.+) spare parts$/.exec(title);
  return spares ? _("{department} spare parts", { department: _(spares[1] ?? "") }) : _(title);
}
