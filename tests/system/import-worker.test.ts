import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { filesKind } from "#app/file-index/import.server.ts";
import type { FilePreview } from "#app/imports/engine.server.ts";
import type { PreviewJob } from "#app/imports/preview-worker.server.ts";

// The import's preview worker in the build (issue 31; `npm test` builds before this project runs):
// vite.config.ts bundles app/imports/preview.worker.ts beside the server's bundle, and the server's
// code starts it from the address the build wrote. Checked here without a database: the address
// the built server starts names the built worker, and that worker, run with plain Node (no tsx),
// previews a file. (The pages' own upload through the built server: tests/e2e/imports.spec.ts.)

const SERVER = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "server");
const WORKER = path.join(SERVER, "import-preview-worker.js");

/** The built server's chunks that start a Worker, each with the file its `new URL(…)` names. */
function workerAddresses() {
  const chunks = [path.join(SERVER, "index.js")];
  const assets = path.join(SERVER, "assets");
  if (fs.existsSync(assets)) chunks.push(...fs.readdirSync(assets).map((name) => path.join(assets, name)));
  return chunks
    .filter((file) => file.endsWith(".js"))
    .flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      if (!text.includes("new Worker(")) return [];
      return [...text.matchAll(/new URL\("([^"]*import-preview-worker\.js)", import\.meta\.url\)/g)].map(
        ([, relative]) => path.resolve(path.dirname(file), relative),
      );
    });
}

describe("the import's preview worker in the build", () => {
  it("is where the built server starts it from", () => {
    expect(fs.existsSync(WORKER), `${WORKER}: run npm run build first`).toBe(true);
    expect(workerAddresses()).toEqual([WORKER]);
  });

  it("previews a file with plain Node", async () => {
    // A preview is made whatever the rows' outcomes: the template's header and one row.
    const headers = filesKind.template.map((column) => column.header);
    const csv = `${headers.join(",")}\n${headers.map((_, index) => index + 1).join(",")}\n`;
    const job: PreviewJob = {
      kindId: filesKind.id,
      name: "files.csv",
      bytes: new TextEncoder().encode(csv),
      existing: new Map(),
    };
    const worker = new Worker(pathToFileURL(WORKER), { workerData: job });
    const answer = await new Promise<FilePreview>((resolve, reject) => {
      // First "loaded" (its time limit starts then), then the preview.
      worker.on("message", (message: "loaded" | FilePreview) => {
        if (message !== "loaded") resolve(message);
      });
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
  });
});
