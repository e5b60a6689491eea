import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { likePattern } from "#app/db/list.server.ts";
import { atVersion, insertAll, isRecordId, isUniqueViolation, nextVersion } from "#app/db/records.server.ts";
import { fileHref } from "#app/file-index/hrefs.ts";
import type { FileSort } from "#app/file-index/list.ts";
import { RACK_NAMES, type Rack, type RackFile, type RackName, type RackView } from "#app/file-index/rules.ts";
import type { FileUpdate, NewFile } from "#app/file-index/schema.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import type { Refused } from "#app/lib/outcome.ts";
import { versionedRecords } from "#app/spreadsheets/import-records.server.ts";

// Data access for the file index: plain functions taking the database or a transaction first,
// mapping rows to the legacy field names (`_id`, `id` = the file's number, `name`) at the edge.

const ENTITY = "rack_file";

const columns = {
  _id: rackFiles.id,
  id: rackFiles.fileNumber,
  name: rackFiles.name,
  version: rackFiles.version,
  rackName: rackFiles.rackName,
};

/** The API's shape of a file: exactly `{_id, id, name}` (the legacy API contract "Rack file"). */
export function toApiFile(file: RackFile) {
  return { _id: file._id, id: file.id, name: file.name };
}

/** The racks asked for (default: all eight) with their files in number order, in one query. */
export async function listRacks(db: Tx, names: readonly RackName[] = RACK_NAMES): Promise<Rack[]> {
  const rows = await db
    .select(columns)
    .from(rackFiles)
    .where(inArray(rackFiles.rackName, [...names]))
    .orderBy(asc(rackFiles.rackName), asc(rackFiles.fileNumber));
  const byRack = new Map<string, RackFile[]>(names.map((name) => [name, []]));
  for (const { rackName, ...file } of rows) byRack.get(rackName)?.push(file);
  return names.map((name) => ({ name, files: byRack.get(name) ?? [] }));
}

/**
 * The racks asked for as the page shows them: each with its files (only those matching `q`, a file
 * number or name, when there is one), how many it holds and how many match. The search runs in
 * PostgreSQL over every rack at once. No trigram index: 800 short names are one page of a scan.
 */
export async function searchRackFiles(
  db: Tx,
  names: readonly RackName[],
  view: { q: string; sort: FileSort; dir: "asc" | "desc" },
  /** Whose files to send without a search (a search sends every rack's matches). */
  load: readonly RackName[] = names,
): Promise<RackView<RackFile>[]> {
  if (names.length === 0) return [];
  const loaded = view.q ? names : names.filter((name) => load.includes(name));
  const pattern = view.q ? likePattern(view.q) : null;
  const order = view.dir === "desc" ? desc : asc;
  const sortColumn = view.sort === "name" ? sql`lower(${rackFiles.name})` : rackFiles.fileNumber;
  const [files, totals] = await Promise.all([
    loaded.length === 0
      ? []
      : db
          .select(columns)
          .from(rackFiles)
          .where(
            and(
              inArray(rackFiles.rackName, [...loaded]),
              pattern
                ? or(
                    sql`${rackFiles.name} ilike ${pattern}`,
                    sql`${rackFiles.fileNumber}::text ilike ${pattern}`,
                  )
                : undefined,
            ),
          )
          .orderBy(asc(rackFiles.rackName), order(sortColumn), order(rackFiles.fileNumber)),
    db
      .select({ rackName: rackFiles.rackName, total: count() })
      .from(rackFiles)
      .where(inArray(rackFiles.rackName, [...names]))
      .groupBy(rackFiles.rackName),
  ]);
  const byRack = new Map<string, RackFile[]>(names.map((name) => [name, []]));
  for (const { rackName, ...file } of files) byRack.get(rackName)?.push(file);
  const totalOf = new Map(totals.map((row) => [row.rackName, row.total]));
  return names.map((name) => {
    const found = byRack.get(name) ?? [];
    const total = totalOf.get(name) ?? 0;
    // An empty rack has nothing to fetch: it counts as sent, so it shows 'No files found'.
    return {
      name,
      files: found,
      total,
      matches: view.q ? found.length : 0,
      loaded: total === 0 || loaded.includes(name),
    };
  });
}

/** A rack's files matching the index's search, in its order, with the columns an export selects, unexecuted. */
export function rackFilesExportQuery(
  db: Tx,
  select: SelectedFields,
  rackName: RackName,
  view: { q: string; sort: FileSort; dir: "asc" | "desc" },
) {
  const pattern = view.q ? likePattern(view.q) : null;
  const order = view.dir === "desc" ? desc : asc;
  const sortColumn = view.sort === "name" ? sql`lower(${rackFiles.name})` : rackFiles.fileNumber;
  return db
    .select(select)
    .from(rackFiles)
    .where(
      and(
        eq(rackFiles.rackName, rackName),
        pattern
          ? or(sql`${rackFiles.name} ilike ${pattern}`, sql`${rackFiles.fileNumber}::text ilike ${pattern}`)
          : undefined,
      ),
    )
    .orderBy(order(sortColumn), order(rackFiles.fileNumber));
}

export async function findFile(db: Tx, rackName: RackName, fileId: string): Promise<RackFile | null> {
  const [row] = await db
    .select(columns)
    .from(rackFiles)
    .where(and(eq(rackFiles.id, fileId), eq(rackFiles.rackName, rackName)));
  if (!row) return null;
  const { rackName: _rack, ...file } = row;
  return file;
}

export type InsertOutcome = { ok: true; files: RackFile[] } | (Refused<"duplicate"> & { fileNumber: number });

/**
 * Adds files to a rack in one transaction (all or none), each audited. A number already used in
 * the rack is refused by the unique index (rack_name, file_number) and reported, never a 500.
 */
export async function insertFiles(
  db: Tx,
  rackName: RackName,
  files: readonly NewFile[],
  userId: string,
): Promise<InsertOutcome> {
  try {
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(rackFiles)
        .values(
          files.map((file) => ({
            rackName,
            fileNumber: file.id,
            name: file.name,
            createdBy: userId,
            updatedBy: userId,
          })),
        )
        .returning(columns);
      const added = rows.map(({ rackName: _rack, ...file }) => file);
      for (const file of added) {
        await audit(tx, {
          userId,
          action: "create",
          entity: ENTITY,
          entityId: file._id,
          after: { rackName, ...file },
        });
      }
      return added;
    });
    return { ok: true, files: inserted };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const taken = await takenNumber(db, rackName, files);
      return { ok: false, reason: "duplicate", fileNumber: taken ?? files[0].id };
    }
    throw error;
  }
}

/** Which of the numbers sent is already used (or repeated in the request itself). */
async function takenNumber(db: Tx, rackName: RackName, files: readonly NewFile[]) {
  const numbers = files.map((file) => file.id);
  const repeated = numbers.find((number, index) => numbers.indexOf(number) !== index);
  if (repeated !== undefined) return repeated;
  const [row] = await db
    .select({ number: rackFiles.fileNumber })
    .from(rackFiles)
    .where(and(eq(rackFiles.rackName, rackName), inArray(rackFiles.fileNumber, numbers)))
    .orderBy(asc(rackFiles.fileNumber))
    .limit(1);
  return row?.number;
}

export type UpdateOutcome =
  | { ok: true; file: RackFile }
  | (Refused<"not-found" | "stale"> & { file?: RackFile });

/**
 * Renames a file. With a version (the editor's), a record changed since it was read is refused
 * (README difference 20); without one (legacy API clients) the last write wins, as before.
 */
export async function updateFile(
  db: Tx,
  rackName: RackName,
  fileId: string,
  change: FileUpdate,
  userId: string,
): Promise<UpdateOutcome> {
  return db.transaction(async (tx) => {
    const before = await findFile(tx, rackName, fileId);
    if (!before) return { ok: false, reason: "not-found" } as const;
    const expected = change.version ?? before.version;
    if (expected !== before.version) return { ok: false, reason: "stale", file: before } as const;
    const [row] = await tx
      .update(rackFiles)
      .set({
        name: change.name,
        updatedBy: userId,
        updatedAt: new Date(),
        version: nextVersion(rackFiles),
      })
      .where(atVersion(rackFiles, fileId, expected))
      .returning(columns);
    if (!row) return { ok: false, reason: "stale", file: before } as const;
    const { rackName: _rack, ...after } = row;
    await audit(tx, {
      userId,
      action: "update",
      entity: ENTITY,
      entityId: fileId,
      before: { rackName, ...before },
      after: { rackName, ...after },
    });
    return { ok: true, file: after } as const;
  });
}

/** Removes a file; false when there was no such file in that rack. */
export async function deleteFile(db: Tx, rackName: RackName, fileId: string, userId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(rackFiles)
      .where(and(eq(rackFiles.id, fileId), eq(rackFiles.rackName, rackName)))
      .returning(columns);
    if (!row) return false;
    await audit(tx, { userId, action: "delete", entity: ENTITY, entityId: fileId, before: row });
    return true;
  });
}

/** The pages of the files of these row ids that still exist, by id (where /audit links an entry). */
export async function fileHrefs(db: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const valid = ids.filter(isRecordId);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: rackFiles.id, rack: rackFiles.rackName })
    .from(rackFiles)
    .where(inArray(rackFiles.id, valid));
  return new Map(rows.map((row) => [row.id, fileHref(row.rack, row.id)]));
}
// ---- The spreadsheet import's commands (file-index/import.server.ts): its rows are checked
// before they get here, and the import engine keeps the audit of what it wrote. ----

/** Inserts checked files, a thousand a statement; their ids in order. A number taken in its rack throws (the unique key). */
export async function insertImportedFiles(
  tx: Tx,
  files: readonly { rackName: string; fileNumber: number; name: string }[],
  userId: string,
): Promise<string[]> {
  return insertAll(tx, rackFiles, files, userId);
}

/** Renames a file if it is still at `version`: the new version, or null when not. */
export async function renameFileAt(
  tx: Tx,
  id: string,
  version: number,
  name: string,
  userId: string,
): Promise<number | null> {
  const [row] = await tx
    .update(rackFiles)
    .set({ name, updatedBy: userId, updatedAt: new Date(), version: nextVersion(rackFiles) })
    .where(atVersion(rackFiles, id, version))
    .returning({ version: rackFiles.version });
  return row ? row.version : null;
}

/** Puts a file's name back as it was (an import's undo), whatever its version. */
export async function restoreFileName(tx: Tx, id: string, name: string, userId: string): Promise<void> {
  await tx
    .update(rackFiles)
    .set({ name, updatedBy: userId, updatedAt: new Date(), version: nextVersion(rackFiles) })
    .where(eq(rackFiles.id, id));
}

/** Files' versions by id, and their deletion, a slice at a time (an import's undo). */
export const { versions: fileVersions, remove: removeFiles } = versionedRecords(rackFiles);
