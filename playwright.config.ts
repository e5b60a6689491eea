import fs from "node:fs";
import os from "node:os";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive the system Chromium (never a downloaded browser) against the built app
// on a fresh embedded database, twice: with JavaScript on and with it off.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
export const REGISTRATION_CODE = "E2E-REGISTRATION-CODE";
/** The e2e server's data directory (its embedded database; tests/e2e/fixtures.ts setRole reads it). */
export const dataDir = `/tmp/plantops-e2e-${port}`;

if (!fs.existsSync(chromiumPath)) {
  console.warn(`No Chromium at ${chromiumPath}: set CHROMIUM_PATH or install Debian's chromium.`);
}

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two on the 2-core development machine; a bigger CI machine gets more (the tests never share
  // records, so any number runs in parallel).
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, Math.floor(os.availableParallelism() * 0.75))),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL,
    // Recording a trace costs every test CPU on a 2-core CI machine; there a failure is retried
    // once with the trace on, which is when one is wanted.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { browserName: "chromium", javaScriptEnabled: true } },
    { name: "js-off", use: { browserName: "chromium", javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/server.ts",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the server stops its embedded PostgreSQL (its own
    // process group, so a SIGKILL of ours would leave it running).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      REGISTRATION_CODE,
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      // The pseudo-language (app/i18n/catalogues.server.ts) for the checks of untranslated words.
      PLANTOPS_PSEUDO_LANGUAGE: "1",
    },
  },
});
