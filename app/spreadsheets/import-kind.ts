import type { Area } from "#app/auth/permissions.ts";
import type { Tx } from "#app/db/client.server.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import type { ImportColumn } from "#app/spreadsheets/import-rules.ts";

// What a list must tell the import engine (engine.server.ts): its columns (the export's headers),
// how a row is checked (the forms' schema, so the messages are the forms'), its natural key, and
// how records are read, written and put back. Values are plain JSON: they wait in the imports table.

export type Values = Record<string, string | number | null>;
export type Stored = {
  id: string;
  version: number;
  values: Values;
  /** How many stored records share this natural key (a list without a unique key may hold two). */
  sameKey?: number;
};

/** Records by natural key, each counting the records that share its key (the first one is kept). */
export function storedByKey(entries: Iterable<[string, Stored]>): Map<string, Stored> {
  const byKey = new Map<string, Stored>();
  for (const [key, stored] of entries) {
    const first = byKey.get(key);
    if (first) first.sameKey = (first.sameKey ?? 1) + 1;
    else byKey.set(key, stored);
  }
  return byKey;
}
/** Which import is writing: its file's name, for the remarks of what it writes beside the records. */
export type ImportSource = { fileName: string };

/**
 * A write the list's own rules refuse (the stock ledger, say): thrown inside the import's
 * transaction so nothing of it is kept, and shown to the person as the import's answer.
 */
export class ImportRefused extends Error {}

export type ImportKind = {
  /** "spares:Electrician": what the imports table records. */
  id: string;
  /** "Electrician spare parts", as the pages name it. */
  title: string;
  area: Area;
  /** The list the import goes into, and back to. */
  listHref: string;
  /** Where its upload page is. */
  uploadHref: string;
  /** The list's name in the template's file name ("Electrician": plantops-electrician-template-…). */
  fileStem: string;
  /** The export's columns; each with the schema field it fills. */
  columns: ImportColumn[];
  /** The template: the export's columns and types (each feature's export.server.ts). */
  template: readonly ExportColumn[];
  /** The natural key, in words: "Serial Number". */
  keyLabel: string;
  /** What the upload page says about this list's columns, beside the key (a sentence each). */
  notes?: string[];
  /** The schema field of the natural key, where a duplicate in the file is reported. */
  keyField: string;
  check(
    texts: Record<string, string>,
  ): { ok: true; values: Values } | { ok: false; errors: Record<string, string> };
  /**
   * The insert form's stricter rules, for a row that matches no record (a contract: the update
   * form asks nothing, the insert form asks for the equipment, company, validity and PMS).
   */
  checkNew?(
    texts: Record<string, string>,
  ): { ok: true; values: Values } | { ok: false; errors: Record<string, string> };
  keyOf(values: Values): string;
  /** Every record of the list by natural key. */
  existing(db: Tx): Promise<Map<string, Stored>>;
  /** The values a save would store (a derived status, say), given the stored record if any. */
  resolve(values: Values, stored?: Values): Values;
  insert(tx: Tx, rows: Values[], userId: string, source: ImportSource): Promise<string[]>;
  /**
   * Updates when the record is still as previewed (`stored.values` are the previewed ones); the
   * new version, or null when the record changed since.
   */
  update(
    tx: Tx,
    stored: Stored,
    values: Values,
    userId: string,
    source: ImportSource,
  ): Promise<number | null>;
  versions(tx: Tx, ids: string[]): Promise<Map<string, number>>;
  /**
   * How many dependent rows each record has that change without its version (a spares line's
   * ledger movements): taken after the import, compared before undo, so a movement since
   * counts as a change. Records without any may be left out.
   */
  dependents?(tx: Tx, ids: string[]): Promise<Map<string, number>>;
  remove(tx: Tx, ids: string[]): Promise<void>;
  restore(tx: Tx, id: string, values: Values, userId: string, source: ImportSource): Promise<void>;
};

/** A schema's issues as one message per field (the first), fields renamed where the file's differ. */
export function errorsByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fallback: string,
  rename: Record<string, string> = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? fallback);
    errors[rename[field] ?? field] ??= issue.message;
  }
  return errors;
}
