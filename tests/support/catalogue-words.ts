import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import hindi from "#app/i18n/locales/hi.json";
import { type AnyRecordDefinition, formFields, listColumns } from "#app/lib/record.ts";

// What the catalogue tests compare: the words a folder's code writes out and the words a record
// definition gives the forms and lists, against what a language's catalogue holds.

const catalogue: Record<string, Record<string, string>> = hindi.messages;

/** Whether one of the namespaces holds a Hindi word for the English. */
export const inHindi = (namespaces: readonly string[], key: string) =>
  namespaces.some((namespace) => Boolean(catalogue[namespace]?.[key]));

/** A folder's source files (not its tests), all the way down. */
export const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The English of every `_("…")`, `say("…")` and `pageTitle("…")` written out in a source text. */
export const writtenWords = (text: string): string[] =>
  [...text.matchAll(/\b(?:_|say|pageTitle)\(\s*"((?:[^"\\]|\\.)*)"/g)].map(
    (match) => JSON.parse(`"${match[1]}"`) as string,
  );

/** …in every source file of a folder. */
export const folderWords = (folder: string) =>
  sources(folder).flatMap((file) => writtenWords(readFileSync(file, "utf8")));

/** Every word a definition gives the forms, lists and print views: labels, headings, hints, prompts. */
export const definitionWords = (definition: AnyRecordDefinition) => [
  ...definition.names.map((name) => definition.fields[name].label),
  ...listColumns(definition).map((column) => column.heading),
  ...formFields(definition).flatMap((field) => [field.label, field.hint ?? "", field.empty ?? ""]),
];
