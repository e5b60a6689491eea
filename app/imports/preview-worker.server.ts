import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import type { ImportKind, Stored } from "#app/spreadsheets/import-kind.ts";
import { importMessages, MAX_READ_HEAP_MB, MAX_READ_SECONDS } from "#app/spreadsheets/import-rules.ts";

// An upload is read and checked in a worker thread (issue 31): reading a 20,000-row workbook and
// checking its rows is seconds of CPU, and on the web server's thread it held other people's pages
// for a tenth of a second at a time, however often it stopped to let them through
// (docs/performance.md, "What an import costs the server"). One worker per upload, ended when it
// answers; its heap is capped (the file's limits bound it already, this bounds what they miss) and
// so is its time, so a file that would hold it longer is stopped however its reading behaves.

export type PreviewJob = { kindId: string; name: string; bytes: Uint8Array; existing: Map<string, Stored> };
/** A previewed import's confirmation (engine.server.ts commitImport), in the worker (issue 31). */
export type CommitJob = { task: "commit"; kindId: string; id: string; user: { id: string; email: string } };
/** What the worker answers when the work threw: the error's message (the action's 500, as before). */
export type WorkerFailure = { failed: string };

/**
 * From the worker's start of work: the reading's own deadline (it stops itself at MAX_READ_SECONDS)
 * and the checking of the rows.
 */
const STOP_AFTER_MS = (MAX_READ_SECONDS + 2) * 1000;

/**
 * The worker. In the build, vite.config.ts bundles preview.worker.ts into a file of its own beside
 * the server's (build/server/import-preview-worker.js) and puts its address here in place of the
 * TypeScript one. From TypeScript (the tests, `npm run dev`, scripts run with tsx) the worker is
 * preview.worker.ts itself, loaded through tsx's loader, registered in the worker first (a
 * worker's `--import tsx` is not applied on Node 20).
 */
function workerModule(): [string | URL, { eval?: boolean }] {
  const url = new URL("./preview.worker.ts", import.meta.url);
  if (!url.pathname.endsWith(".ts")) return [url, {}];
  const tsx = createRequire(import.meta.url).resolve("tsx/esm/api");
  const boot = `require(${JSON.stringify(tsx)}).register(); import(${JSON.stringify(url.href)});`;
  return [boot, { eval: true }];
}

type Refusal = WordedRefusal<"unreadable">;

/** A file's preview (engine.server.ts previewFile) worked out in a worker of its own, or why not. */
export function previewInWorker<Preview extends { ok: boolean }>(
  kind: ImportKind,
  name: string,
  bytes: Uint8Array,
  existing: Map<string, Stored>,
): Promise<Preview | Refusal> {
  const [module, options] = workerModule();
  const job: PreviewJob = { kindId: kind.id, name, bytes, existing };
  const worker = new Worker(module, {
    ...options,
    workerData: job,
    transferList: [bytes.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: MAX_READ_HEAP_MB },
  });
  const refused = (message: string): Refusal => ({ ok: false, reason: "unreadable", message });
  return new Promise<Preview | Refusal>((resolve, reject) => {
    let stop: NodeJS.Timeout | undefined;
    worker.on("message", (message: "loaded" | Preview | WorkerFailure) => {
      // Its modules loaded (exceljs is most of it: a second on a busy machine), the work starts.
      if (message === "loaded") {
        stop = setTimeout(() => {
          resolve(refused(importMessages.tooSlow));
          void worker.terminate();
        }, STOP_AFTER_MS);
        return;
      }
      clearTimeout(stop);
      if ("failed" in message) reject(new Error(message.failed));
      else resolve(message);
      void worker.terminate();
    });
    worker.once("error", (error: Error & { code?: string }) => {
      clearTimeout(stop);
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") resolve(refused(importMessages.tooMuchMemory));
      else reject(error);
    });
    worker.once("exit", () => {
      clearTimeout(stop);
      reject(new Error("The import's worker ended without an answer."));
    });
  });
}

/**
 * A previewed import confirmed in a worker of its own (issue 31): the 19,000 rows' statements
 * built, sent and audited there, on its own connection, so the web server's thread only waits for
 * the answer. The worker's thread and its connection's PostgreSQL process run at a lower CPU
 * priority (app/db/priority.server.ts), the connection closed before it answers. No time limit:
 * the confirmation is one transaction, bounded by the file's limits.
 */
export function commitInWorker<Outcome>(job: CommitJob): Promise<Outcome> {
  const [module, options] = workerModule();
  // The same heap as the reading's: the server's memory budget for an import holds for its
  // confirmation too (V8 collects sooner under a lower ceiling; the largest file fits well within).
  const worker = new Worker(module, {
    ...options,
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: MAX_READ_HEAP_MB },
  });
  return new Promise<Outcome>((resolve, reject) => {
    worker.on("message", (message: "loaded" | Outcome | WorkerFailure) => {
      if (message === "loaded") return;
      if (message && typeof message === "object" && "failed" in message) reject(new Error(message.failed));
      else resolve(message as Outcome);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", () => reject(new Error("The import's worker ended without an answer.")));
  });
}
