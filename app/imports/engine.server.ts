import { and, desc, eq, gt, notInArray, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { withoutSavepoints } from "#app/db/one-transaction.server.ts";
import { isRecordId, isUniqueViolation } from "#app/db/records.server.ts";
import { translationsOf } from "#app/i18n/catalogues.server.ts";
import { commitInWorker, previewInWorker } from "#app/imports/preview-worker.server.ts";
import { imports } from "#app/imports/table.server.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import { cleanText } from "#app/lib/text.ts";
import { type ImportKind, ImportRefused, type Stored, type Values } from "#app/spreadsheets/import-kind.ts";
import {
  type Cell,
  cellText,
  type DateOrder,
  dateOrderOf,
  importMessages,
  MAX_PREVIEWS_PER_PERSON,
  matchColumns,
  PREVIEW_HOURS,
  readDate,
  rowsText,
} from "#app/spreadsheets/import-rules.ts";
import { isSmallUpload, readBytes, uploadRefusal } from "#app/spreadsheets/read.server.ts";

// The import engine (issue 18): upload → preview (stored in `imports`) → confirm (one transaction)
// → undo (admin, while nothing it wrote has changed since). Each list's part is its ImportKind.

export type Outcome = "new" | "changed" | "unchanged" | "error";
export type PreviewRow = {
  line: string;
  outcome: Outcome;
  /** The row's cells as read, by field: kept only for the rows the preview page lists (keptRows). */
  texts?: Record<string, string>;
  values?: Values;
  errors?: Record<string, string>;
  /** Changed fields: [stored, from the file]. */
  changes?: Record<string, [unknown, unknown]>;
  id?: string;
  version?: number;
  /** A changed record's stored values, which undo puts back. */
  before?: Values;
};
export type Counts = Record<Outcome, number> & {
  total: number;
  /**
   * What the reader did that the file does not show as rows (title rows and a units row skipped,
   * the text encoding): kept with the counts, the preview's summary, for the preview to say.
   */
  notes?: string[];
};
type Changes = {
  inserted: string[];
  updated: { id: string; version: number; before: Values }[];
  /** Each written record's dependent rows right after the import (ImportKind.dependents). */
  dependents?: Record<string, number>;
};

/** The written records' dependents, as stored in `changes` (0 for a record without any). */
async function dependentsOf(tx: Tx, kind: ImportKind, ids: string[]) {
  if (!kind.dependents) return undefined;
  const found = await kind.dependents(tx, ids);
  return Object.fromEntries(ids.map((id) => [id, found.get(id) ?? 0]));
}

const same = (a: unknown, b: unknown) =>
  typeof a === "number" || typeof b === "number"
    ? Number(a) === Number(b)
    : String(a ?? "") === String(b ?? "");

/**
 * A row's cells as text by field, as a form would send them (the list's schema reads them, with
 * the form's own rules); date cells as YYYY-MM-DD read in the file's date order, or why not.
 */
function textsOf(
  kind: ImportKind,
  { line, cells }: { line: string; cells: Cell[] },
  indexOf: Map<string, number>,
  order: DateOrder,
) {
  const texts: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const column of kind.columns) {
    if (!column.field) continue;
    const index = indexOf.get(column.field);
    const cell = index === undefined ? null : (cells[index] ?? null);
    if (column.kind !== "date") {
      texts[column.field] = cellText(cell);
      continue;
    }
    const date = readDate(cell, order, line);
    texts[column.field] = date.text;
    if (!date.ok) errors[column.field] = date.message;
  }
  return { texts, errors };
}

/** The order the file's day/month dates are written in, from every date column's cells. */
function fileDateOrder(kind: ImportKind, rows: { cells: Cell[] }[], indexOf: Map<string, number>) {
  const at = kind.columns
    .filter((column) => column.kind === "date" && column.field)
    .map((column) => indexOf.get(column.field as string))
    .filter((index) => index !== undefined);
  return dateOrderOf(rows.flatMap(({ cells }) => at.map((index) => cells[index] ?? null)));
}

/** Rows checked between two turns of the event loop: others' requests are answered meanwhile. */
const ROWS_PER_TURN = 500;

/**
 * Every row's outcome against the stored records: pure given the stored map. Checked in one piece,
 * a large file's rows held the server for whole seconds (docs/performance.md, "What an import costs
 * the server"), and another person's page waited for all of it; now other requests are answered
 * every ROWS_PER_TURN rows.
 */
export async function previewRows(
  kind: ImportKind,
  rows: { line: string; cells: Cell[] }[],
  indexOf: Map<string, number>,
  existing: Map<string, Stored>,
): Promise<PreviewRow[]> {
  const seen = new Map<string, string>();
  const order = fileDateOrder(kind, rows, indexOf);
  const previewed: PreviewRow[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const row of rows.slice(start, start + ROWS_PER_TURN)) previewed.push(previewRow(row));
  }
  return previewed;

  function previewRow(row: { line: string; cells: Cell[] }): PreviewRow {
    const { line } = row;
    const { texts, errors: dateErrors } = textsOf(kind, row, indexOf, order);
    const checked = kind.check(texts);
    // A date the file does not settle is named as such, not as the schema's unreadable date.
    if (!checked.ok || Object.keys(dateErrors).length)
      return {
        line,
        outcome: "error",
        texts,
        errors: { ...(checked.ok ? {} : checked.errors), ...dateErrors },
      };
    const key = kind.keyOf(checked.values);
    const first = seen.get(key);
    if (first)
      return {
        line,
        outcome: "error",
        texts,
        errors: { [kind.keyField]: importMessages.duplicateKey(kind.keyLabel, first) },
      };
    seen.set(key, line);
    const stored = existing.get(key);
    if (stored?.sameKey && stored.sameKey > 1)
      return {
        line,
        outcome: "error",
        texts,
        errors: { [kind.keyField]: importMessages.ambiguousKey(kind.keyLabel, stored.sameKey) },
      };
    let checkedValues = checked.values;
    if (!stored && kind.checkNew) {
      const strict = kind.checkNew(texts);
      if (!strict.ok) return { line, outcome: "error", texts, errors: strict.errors };
      checkedValues = strict.values;
    }
    const values = kind.resolve(checkedValues, stored?.values);
    if (!stored) return { line, outcome: "new", texts, values };
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [field, value] of Object.entries(values))
      if (!same(stored.values[field], value)) changes[field] = [stored.values[field], value];
    if (Object.keys(changes).length === 0) return { line, outcome: "unchanged", texts };
    return {
      line,
      outcome: "changed",
      texts,
      values,
      changes,
      id: stored.id,
      version: stored.version,
      before: stored.values,
    };
  }
}

/** Rows the preview page lists: the ones that need a look first; the unchanged ones after, up to the cap. */
export const SHOWN_ROWS = 1000;
const SHOWN_ORDER: Record<Outcome, number> = { error: 0, changed: 1, new: 2, unchanged: 3 };

/** The rows the preview page lists, in its order (within an outcome, the file's). */
export function shownRows<Row extends { outcome: Outcome }>(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => SHOWN_ORDER[a.outcome] - SHOWN_ORDER[b.outcome]).slice(0, SHOWN_ROWS);
}

/**
 * What a preview keeps of its rows: each row's outcome and what confirming writes, and the cells
 * as read only for the rows the page lists. The texts of every row were about half of a
 * 20,000-row preview, written, then read back whole by the confirmation, which needs none of them.
 */
function keptRows(rows: PreviewRow[]): PreviewRow[] {
  const shown = new Set(shownRows(rows));
  for (const row of rows) if (!shown.has(row)) row.texts = undefined;
  return rows;
}

export function countOutcomes(rows: readonly PreviewRow[]): Counts {
  const counts: Counts = { new: 0, changed: 0, unchanged: 0, error: 0, total: rows.length };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

/** A file's preview before it is kept: its rows as the imports table stores them (JSON), and their counts. */
export type FilePreview =
  | { ok: true; rows: string; counts: Counts }
  | WordedRefusal<"unreadable" | "columns">;

/**
 * Reads a file's bytes and previews its rows against the list's records (`existing`): the CPU work
 * of an upload, which runs in a worker (preview-worker.server.ts). The rows come back as the JSON
 * the imports table keeps, so the web server's thread neither copies nor serialises 20,000 objects.
 */
export async function previewFile(
  kind: ImportKind,
  name: string,
  bytes: Uint8Array,
  existing: Map<string, Stored>,
): Promise<FilePreview> {
  // A file exported for a person who reads another language is headed in it: read those headers too.
  const columns = kind.columns.map((column) => ({ ...column, aliases: translationsOf(column.header) }));
  const read = await readBytes(name, bytes, columns);
  if (!read.ok) return { ok: false, reason: "unreadable", message: read.message };
  const matched = matchColumns(read.headers, columns);
  if (!matched.ok) return { ok: false, reason: "columns", message: matched.message };
  const rows = await previewRows(kind, read.rows, matched.indexOf, existing);
  const counts = { ...countOutcomes(rows), ...(read.notes.length ? { notes: read.notes } : {}) };
  return { ok: true, rows: JSON.stringify(keptRows(rows)), counts };
}

/** Reads the upload, previews it against the list and keeps the preview; or the message why not. */
export async function previewImport(
  db: Tx,
  kind: ImportKind,
  file: File | null,
  userId: string,
  now = new Date(),
): Promise<{ ok: true; id: string } | WordedRefusal<"unreadable" | "columns">> {
  const refused = uploadRefusal(file);
  if (refused || !file) return { ok: false, reason: "unreadable", message: refused ?? importMessages.noFile };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const existing = await kind.existing(db);
  // A worker's start (its modules loaded) takes longer than reading a small file.
  const preview = isSmallUpload(file.name, bytes)
    ? await previewFile(kind, file.name, bytes, existing)
    : await previewInWorker<FilePreview>(kind, file.name, bytes, existing);
  if (!preview.ok) return preview;
  const [saved] = await db
    .insert(imports)
    .values({
      kind: kind.id,
      fileName: cleanText(file.name).slice(0, 200) || "upload",
      rows: sql`${preview.rows}::jsonb`,
      counts: preview.counts,
      expiresAt: new Date(now.getTime() + PREVIEW_HOURS * 3_600_000),
      createdBy: userId,
      updatedBy: userId,
    })
    .returning({ id: imports.id });
  await dropOlderPreviews(db, userId);
  return { ok: true, id: saved.id };
}

/** A person's previews beyond the newest few are dropped (each may hold a whole file's rows). */
async function dropOlderPreviews(db: Tx, userId: string) {
  const mine = and(eq(imports.createdBy, userId), eq(imports.status, "preview"));
  const kept = db
    .select({ id: imports.id })
    .from(imports)
    .where(mine)
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(MAX_PREVIEWS_PER_PERSON);
  await db.delete(imports).where(and(mine, notInArray(imports.id, kept)));
}

export const isImportId = isRecordId;

export async function findImport(db: Tx, id: string) {
  if (!isImportId(id)) return null;
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row ?? null;
}

class Stale extends Error {}

/**
 * The preview's key check again, inside the commit's transaction: a new row's key still matches no
 * record, a changed row's still names the record it changed (at its version). One import of a
 * list at a time (a transaction-scoped lock on the list), so two confirmations cannot both add a key.
 */
async function checkStillAsPreviewed(tx: Tx, kind: ImportKind, rows: PreviewRow[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${kind.id}`}))`);
  const existing = await kind.existing(tx);
  for (const row of rows) {
    if (row.outcome !== "new" && row.outcome !== "changed") continue;
    const stored = existing.get(kind.keyOf(row.values as Values));
    const still =
      row.outcome === "new"
        ? !stored
        : stored !== undefined && stored.id === row.id && stored.version === row.version;
    if (!still) throw new Stale();
  }
}

export type CommitOutcome =
  | { ok: true; written: number; message: string }
  | WordedRefusal<"expired" | "has-errors" | "stale" | "refused">;

/**
 * Rows to write from which a confirmation runs in a worker thread (commitInWorker): below it, the
 * worker's start (its modules loaded, 0.3 s on a quiet machine) costs more than the writing.
 */
export const COMMIT_IN_WORKER_ROWS = 500;

/**
 * Confirms a previewed import (the preview page's action): a large one in a worker thread of its
 * own, so the web server's thread is free for others while it writes (docs/performance.md, "A
 * large import's confirmation off the pages' way"); a small one here.
 */
export async function confirmImport(
  db: Tx,
  kind: ImportKind,
  id: string,
  user: { id: string; email: string },
): Promise<CommitOutcome> {
  const [found] = isImportId(id)
    ? await db.select({ counts: imports.counts }).from(imports).where(eq(imports.id, id))
    : [];
  const counts = found?.counts as Counts | undefined;
  if (counts && counts.new + counts.changed >= COMMIT_IN_WORKER_ROWS)
    return commitInWorker<CommitOutcome>({
      task: "commit",
      kindId: kind.id,
      id,
      user: { id: user.id, email: user.email },
    });
  return commitImport(db, kind, id, user);
}

/**
 * Writes a previewed import in one transaction, with one audit entry; or says why not. `prepare`
 * runs first in the transaction, on its connection (the worker lowers its priority there).
 */
export async function commitImport(
  db: Tx,
  kind: ImportKind,
  id: string,
  user: { id: string; email: string },
  { now = new Date(), prepare }: { now?: Date; prepare?: (tx: Tx) => Promise<unknown> } = {},
): Promise<CommitOutcome> {
  try {
    return await db.transaction(async (outer) => {
      // All or nothing: the ledger's and the features' own transactions inside it take no savepoints.
      const tx = withoutSavepoints(outer);
      await prepare?.(tx);
      const [found] = await tx
        .select()
        .from(imports)
        .where(
          and(
            eq(imports.id, id),
            eq(imports.status, "preview"),
            eq(imports.kind, kind.id),
            eq(imports.createdBy, user.id),
            gt(imports.expiresAt, now),
          ),
        )
        .for("update");
      if (!found) return { ok: false as const, reason: "expired" as const, message: importMessages.expired };
      const rows = found.rows as PreviewRow[];
      if (rows.some((row) => row.outcome === "error"))
        return { ok: false as const, reason: "has-errors" as const, message: importMessages.hasErrors };
      await checkStillAsPreviewed(tx, kind, rows);
      const added = rows.filter((row) => row.outcome === "new").map((row) => row.values as Values);
      const source = { fileName: found.fileName };
      // The changed records first, then the new ones in one call (the kind writes them in bulk):
      // what the new ones bring beside them (a spares line's opening movement and its audit
      // entry, thousands of rows in the tables Today reads) is written last, so it waits
      // uncommitted for as short a time as it can (docs/performance.md, "A large import's
      // confirmation off the pages' way").
      const updated: Changes["updated"] = [];
      for (const row of rows) {
        if (row.outcome !== "changed" || !row.id || row.version === undefined) continue;
        const stored = { id: row.id, version: row.version, values: (row.before ?? {}) as Values };
        const version = await kind.update(tx, stored, row.values as Values, user.id, source);
        if (version === null) throw new Stale();
        const before = row.before as Values;
        updated.push({ id: row.id, version, before });
      }
      const inserted = added.length ? await kind.insert(tx, added, user.id, source) : [];
      const written = inserted.length + updated.length;
      const message = `Imported ${rowsText(written)} from ${found.fileName} by ${user.email}`;
      const dependents = await dependentsOf(tx, kind, [...inserted, ...updated.map((row) => row.id)]);
      const changes: Changes = { inserted, updated, dependents };
      await tx
        .update(imports)
        .set({
          status: "committed",
          changes,
          written,
          rows: [],
          committedAt: now,
          updatedAt: now,
          updatedBy: user.id,
        })
        .where(eq(imports.id, id));
      await audit(tx, {
        userId: user.id,
        action: "create",
        entity: "import",
        entityId: id,
        after: {
          message,
          list: kind.title,
          file: found.fileName,
          counts: { ...(found.counts as Counts), notes: undefined },
          inserted: inserted.length,
          updated: updated.length,
        },
      });
      return { ok: true as const, written, message };
    });
  } catch (error) {
    // A unique key written by someone else between the re-check and this write (a form's save).
    if (error instanceof Stale || isUniqueViolation(error))
      return { ok: false, reason: "stale", message: importMessages.stale };
    if (error instanceof ImportRefused)
      return { ok: false, reason: "refused", message: importMessages.refused(error.message) };
    throw error;
  }
}

export const undoMessages = {
  notCommitted: "Only an import that was written can be undone, and only once.",
  changedSince:
    "Records of this import have changed since it was written: it can no longer be undone as a whole.",
  done: (file: string, n: number) => `Undid the import of ${file}: ${rowsText(n)} put back.`,
  refused: (why: string) => `The import could not be undone, nothing was changed. ${why}`,
};

/** Undoes a whole import while none of its records has changed since; one audit entry. */
export async function undoImport(
  db: Tx,
  kind: ImportKind,
  id: string,
  user: { id: string; email: string },
): Promise<{ ok: true; message: string } | WordedRefusal<"not-committed" | "changed" | "refused">> {
  try {
    return await undoInTransaction(db, kind, id, user);
  } catch (error) {
    if (error instanceof ImportRefused)
      return { ok: false, reason: "refused", message: undoMessages.refused(error.message) };
    throw error;
  }
}

function undoInTransaction(db: Tx, kind: ImportKind, id: string, user: { id: string; email: string }) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.kind, kind.id), eq(imports.status, "committed")))
      .for("update");
    if (!found?.changes)
      return { ok: false as const, reason: "not-committed" as const, message: undoMessages.notCommitted };
    const changes = found.changes as Changes;
    const ids = [...changes.inserted, ...changes.updated.map((row) => row.id)];
    const versions = await kind.versions(tx, ids);
    const untouched =
      changes.inserted.every((rowId) => versions.get(rowId) === 1) &&
      changes.updated.every((row) => versions.get(row.id) === row.version);
    if (!untouched)
      return { ok: false as const, reason: "changed" as const, message: undoMessages.changedSince };
    // Dependents (ledger movements) change without the version: any since the import is a change.
    if (changes.dependents) {
      const now = await dependentsOf(tx, kind, ids);
      if (now && ids.some((rowId) => now[rowId] !== changes.dependents?.[rowId]))
        return { ok: false as const, reason: "changed" as const, message: undoMessages.changedSince };
    }
    await kind.remove(tx, changes.inserted);
    const source = { fileName: found.fileName };
    for (const row of changes.updated) await kind.restore(tx, row.id, row.before, user.id, source);
    const now = new Date();
    await tx
      .update(imports)
      .set({ status: "undone", undoneAt: now, undoneBy: user.id, updatedAt: now, updatedBy: user.id })
      .where(eq(imports.id, id));
    const message = undoMessages.done(found.fileName, ids.length);
    await audit(tx, {
      userId: user.id,
      action: "delete",
      entity: "import",
      entityId: id,
      before: {
        message: `Undid the import of ${found.fileName} by ${user.email}`,
        inserted: changes.inserted.length,
        updated: changes.updated.length,
      },
    });
    return { ok: true as const, message };
  });
}

/** The committed imports of a list, newest first, for its upload page (where undo is offered). */
export async function recentImports(db: Tx, kind: ImportKind, limit = 10) {
  return db
    .select({
      id: imports.id,
      fileName: imports.fileName,
      status: imports.status,
      written: imports.written,
      committedAt: imports.committedAt,
    })
    .from(imports)
    .where(and(eq(imports.kind, kind.id), sql`${imports.status} <> 'preview'`))
    .orderBy(sql`${imports.committedAt} desc nulls last`)
    .limit(limit);
}
