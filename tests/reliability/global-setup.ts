import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type RunningApp, startApp } from "../../scripts/bench/app.ts";
import { freePort } from "../../scripts/embedded-postgres.ts";
import { ADMIN, BUILD_DIR, type Reliability, register } from "./support.ts";

// One built app for the quick reliability files: `npm start` (scripts/start.ts → launch()) in a
// child process, on a fresh embedded database in a temp DATA_DIR, built into its own BUILD_DIR so it
// never races another developer's build (launch() rebuilds it when the code is newer). Its log is
// kept out of the test output. The first account registered (ours) becomes the admin.

declare module "vitest" {
  export interface ProvidedContext {
    reliability: Reliability;
  }
}

let app: RunningApp | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-reliability-"));
  fs.chmodSync(dataDir, 0o755);
  app = await startApp({
    dataDir,
    port: await freePort(),
    buildDir: BUILD_DIR,
    timeoutMs: 600_000,
    // Each test client plays its own address through X-Forwarded-For (support.ts Client), as a
    // proxy in front of the app would say it; the per-address limits then keep the tests apart.
    env: { TRUST_PROXY: "1" },
  });
  await register(app.url, ADMIN.email, ADMIN.password);
  project.provide("reliability", { url: app.url, dataDir });
}

export async function teardown() {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
