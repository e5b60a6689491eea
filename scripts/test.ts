import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm test`: lint, typecheck, unit, integration, build, system (start/stop/crash of `npm start`)
// and e2e (JavaScript on and off). Each step's result is printed, then one closing line with the
// number of tests that passed and failed across the runners.

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const bin = (name: string) => path.join("node_modules", ".bin", name);
fs.mkdirSync("test-results", { recursive: true });

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const results: { step: string; ok: boolean; note?: string }[] = [];

function run(step: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n━━ ${step}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ step, ok, note: `${((Date.now() - started) / 1000).toFixed(0)} s` });
  return ok;
}

function addVitest(file: string) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests;
    total.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    total.failed += 1; // the runner did not report: count the step as a failure
  }
}

function addPlaywright(file: string) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    total.passed += report.stats.expected + report.stats.flaky;
    total.failed += report.stats.unexpected;
    total.skipped += report.stats.skipped;
  } catch {
    total.failed += 1;
  }
}

const vitest = (project: string) => [
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=test-results/${project}.json`,
];

run("lint", bin("biome"), ["check", "."]);
// Imports point down only, no circles (.dependency-cruiser.cjs, docs/architecture.md "Layers").
run("lint:deps", bin("depcruise"), [
  "app",
  "tests",
  "scripts",
  "server",
  "--config",
  ".dependency-cruiser.cjs",
]);
run("typecheck", bin("tsc"), ["--noEmit"]);
run("unit", bin("vitest"), vitest("unit"));
addVitest("test-results/unit.json");
run("integration", bin("vitest"), vitest("integration"));
addVitest("test-results/integration.json");
const built = run("build", bin("remix"), ["vite:build"], { NODE_ENV: "production" });
if (built) {
  run("system", bin("vitest"), vitest("system"));
  addVitest("test-results/system.json");
  // Issue 8's quick reliability tests: auth matrix, concurrent edits, generated bad input.
  // (Crash and the 50-user load test: `npm run test:reliability`.)
  run(
    "reliability",
    bin("vitest"),
    ["--config", "tests/reliability/vitest.config.ts", ...vitest("reliability")],
    { BUILD_DIR: "build" },
  );
  addVitest("test-results/reliability.json");
}

if (!fs.existsSync(chromium)) {
  console.log(
    `\n━━ e2e: SKIPPED — no Chromium at ${chromium}. Install Debian's chromium or set CHROMIUM_PATH.`,
  );
  results.push({ step: "e2e", ok: true, note: "skipped: no Chromium" });
} else if (built) {
  run("e2e", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/e2e.json",
  });
  addPlaywright("test-results/e2e.json");
}

console.log("\n━━ Summary");
for (const { step, ok, note } of results) console.log(`  ${ok ? "✔" : "✘"} ${step.padEnd(12)} ${note ?? ""}`);
const failedSteps = results.filter((result) => !result.ok).length;
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps > 0 || total.failed > 0 ? 1 : 0);
