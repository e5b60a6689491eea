import { parentPort, workerData } from "node:worker_threads";
import { db, rawSql } from "#app/db/client.server.ts";
import { lowerBackendPriority, lowerThreadPriority } from "#app/db/priority.server.ts";
import { commitImport, type FilePreview, previewFile } from "#app/imports/engine.server.ts";
import { kindOf } from "#app/imports/kinds/index.server.ts";
import type { CommitJob, PreviewJob, WorkerFailure } from "#app/imports/preview-worker.server.ts";
import { importMessages } from "#app/spreadsheets/import-rules.ts";

// An import's heavy work, in a worker thread of its own (preview-worker.server.ts starts it): an
// upload's reading and checking, or a preview's confirmation. Says it has loaded (a preview's time
// limit starts then), then posts the answer, or why not, and ends.

async function preview(job: PreviewJob): Promise<FilePreview> {
  const kind = kindOf(job.kindId);
  if (!kind) return { ok: false, reason: "unreadable", message: importMessages.corrupt };
  return previewFile(kind, job.name, job.bytes, job.existing);
}

/**
 * The confirmation, on this worker's own connection (the database client is per thread), closed
 * before answering: its PostgreSQL process, at a lower priority, ends with it.
 */
async function commit(job: CommitJob) {
  const kind = kindOf(job.kindId);
  if (!kind) throw new Error(`No import kind ${job.kindId}.`);
  lowerThreadPriority();
  try {
    return await commitImport(db, kind, job.id, job.user, { prepare: (tx) => lowerBackendPriority(tx) });
  } finally {
    await rawSql().end({ timeout: 5 });
  }
}

const job = workerData as PreviewJob | CommitJob;
parentPort?.postMessage("loaded");
void ("task" in job ? commit(job) : preview(job)).then(
  (answer) => parentPort?.postMessage(answer),
  (error: unknown) =>
    parentPort?.postMessage({
      failed: error instanceof Error ? error.message : String(error),
    } satisfies WorkerFailure),
);
