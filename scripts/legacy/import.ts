import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { COLLECTIONS, type Collection, collectionOfFile } from "./collections.ts";
import { collectionFiles, readCollection } from "./read.ts";
import { legacyIds } from "./table.ts";

// `npm run import-legacy -- <folder>`'s work: every collection file of a mongoexport folder, each
// document brought across in a transaction of its own (the record, its opening movement, its
// audit entry and its legacy_ids row together, or nothing), so one bad document never stops the
// rest and a run stopped half-way can simply be run again. A document already in legacy_ids is
// skipped: a second run adds nothing. Whatever could not be imported is written, with the reason,
// to the report file.

export type Counts = { read: number; imported: number; skipped: number; rejected: number };

export type Rejected = {
  collection: string;
  file: string;
  line: number;
  _id: string | null;
  reason: string;
  document: unknown;
};

export type ImportReport = {
  folder: string;
  startedAt: string;
  finishedAt: string;
  counts: Record<string, Counts>;
  /** Files of the folder that hold no collection this importer knows (left alone). */
  ignoredFiles: string[];
  rejected: Rejected[];
};

export type ImportOptions = {
  /** The account the records are created by (their audit entries name it). */
  userId: string;
  /** Where the report goes (JSON); a file in the export folder is not read as a collection. */
  reportPath: string;
  timeZone: string;
};

const zero = (): Counts => ({ read: 0, imported: 0, skipped: 0, rejected: 0 });

async function alreadyImported(tx: Tx, collection: Collection, legacyId: string) {
  const [row] = await tx
    .select({ recordId: legacyIds.recordId })
    .from(legacyIds)
    .where(and(eq(legacyIds.collection, collection.key), eq(legacyIds.legacyId, legacyId)));
  return Boolean(row);
}

/** The refusal of a document, carried out of its transaction so nothing of it is kept. */
class Refused extends Error {}

export async function importLegacy(db: Tx, folder: string, options: ImportOptions): Promise<ImportReport> {
  const startedAt = new Date().toISOString();
  const counts: Record<string, Counts> = Object.fromEntries(COLLECTIONS.map(({ key }) => [key, zero()]));
  const rejected: Rejected[] = [];
  const ignoredFiles: string[] = [];
  const report = path.resolve(options.reportPath);

  for (const file of collectionFiles(folder)) {
    const name = path.basename(file);
    if (path.resolve(file) === report) continue;
    const collection = collectionOfFile(name);
    if (!collection) {
      ignoredFiles.push(name);
      continue;
    }
    const count = counts[collection.key];
    const { documents, unreadable } = readCollection(file);
    for (const bad of unreadable) {
      count.read += 1;
      count.rejected += 1;
      rejected.push({
        collection: collection.key,
        file: name,
        line: bad.line,
        _id: null,
        reason: bad.reason,
        document: bad.text,
      });
    }
    for (const { line, document } of documents) {
      for (const unit of collection.units(document)) {
        count.read += 1;
        const refuse = (reason: string) => {
          count.rejected += 1;
          rejected.push({
            collection: collection.key,
            file: name,
            line,
            _id: unit.legacyId,
            reason,
            document: unit.document,
          });
        };
        const legacyId = unit.legacyId;
        if (!legacyId) {
          refuse("No _id: the document cannot be told apart on a second run, so it is not imported.");
          continue;
        }
        try {
          const outcome = await db.transaction(async (tx) => {
            if (await alreadyImported(tx, collection, legacyId)) return "skipped" as const;
            const written = await collection.write(tx, unit.document, options.userId, options.timeZone);
            if (!written.ok) throw new Refused(written.reason);
            await tx.insert(legacyIds).values({
              collection: collection.key,
              legacyId,
              entity: collection.entity,
              recordId: written.id,
            });
            return "imported" as const;
          });
          count[outcome] += 1;
        } catch (error) {
          if (error instanceof Refused) refuse(error.message);
          else refuse(`Not saved: ${(error as Error).message}`);
        }
      }
    }
  }

  const result: ImportReport = {
    folder: path.resolve(folder),
    startedAt,
    finishedAt: new Date().toISOString(),
    counts,
    ignoredFiles,
    rejected,
  };
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(report, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

/** The counts as the command prints them: one line per collection, then the report's place. */
export function countsTable(result: ImportReport, reportPath: string): string {
  const lines = COLLECTIONS.map(({ key, label }) => {
    const { read, imported, skipped, rejected } = result.counts[key];
    return `  ${label.padEnd(32)} ${String(read).padStart(6)} read ${String(imported).padStart(6)} imported ${String(skipped).padStart(6)} already there ${String(rejected).padStart(6)} refused`;
  });
  const ignored = result.ignoredFiles.length
    ? [`  Files left alone (not a collection this importer knows): ${result.ignoredFiles.join(", ")}`]
    : [];
  const refused = result.rejected.length;
  return [
    ...lines,
    ...ignored,
    refused
      ? `${refused} ${refused === 1 ? "document was" : "documents were"} not imported; why is in ${reportPath}`
      : `Every document was imported or was already there; the report is in ${reportPath}`,
  ].join("\n");
}
