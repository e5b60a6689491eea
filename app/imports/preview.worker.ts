import { parentPort, workerData } from "node:worker_threads";
import { type FilePreview, previewFile } from "#app/imports/engine.server.ts";
import { kindOf } from "#app/imports/kinds/index.server.ts";
import type { PreviewJob } from "#app/imports/preview-worker.server.ts";
import { importMessages } from "#app/spreadsheets/import-rules.ts";

// One upload's reading and checking, in a worker thread of its own (preview-worker.server.ts
// starts it): says it has loaded (its time limit starts then), then posts the file's preview, or
// why not, and ends.

async function preview(job: PreviewJob): Promise<FilePreview> {
  const kind = kindOf(job.kindId);
  if (!kind) return { ok: false, reason: "unreadable", message: importMessages.corrupt };
  return previewFile(kind, job.name, job.bytes, job.existing);
}

parentPort?.postMessage("loaded");
void preview(workerData as PreviewJob).then((answer) => parentPort?.postMessage(answer));
