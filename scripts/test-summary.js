import fs from "node:fs";
import path from "node:path";

// The bookends of `npm test` (package.json runs the steps with npm-run-all2's run-s):
//   node scripts/test-summary.js --reset      before the steps: drops the reports of an earlier run
//   node scripts/test-summary.js --chromium   exits 1 (saying so) when there is no Chromium for e2e
//   node scripts/test-summary.js              after them: one line, the tests passed/failed/skipped
// The runners write the reports themselves (vitest's and Playwright's JSON reporters).

// Not test-results/: Playwright empties that folder when it starts, which took the reports of the
// steps before e2e with it (the closing line then counted e2e alone).
const dir = "test-reports";
const vitestReports = ["unit", "integration", "system", "reliability"];
const playwrightReports = ["e2e"];
const reportFile = (name) => path.join(dir, `${name}.json`);

const [mode] = process.argv.slice(2);

if (mode === "--reset") {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of [...vitestReports, ...playwrightReports]) fs.rmSync(reportFile(name), { force: true });
} else if (mode === "--chromium") {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    console.log(`e2e: SKIPPED — no Chromium at ${chromium}. Install Debian's chromium or set CHROMIUM_PATH.`);
    process.exit(1);
  }
} else {
  const total = { passed: 0, failed: 0, skipped: 0 };
  /** The runners with failures, e.g. "unit 2": run-s names only the last step that failed. */
  const failing = [];
  const read = (name) => {
    const file = reportFile(name);
    // A step that did not run (an earlier failure, no Chromium) has no report: run-s names it.
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
  };
  for (const name of vitestReports) {
    const report = read(name);
    if (!report) continue;
    total.passed += report.numPassedTests;
    total.failed += report.numFailedTests;
    total.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numFailedTests > 0) failing.push(`${name} ${report.numFailedTests}`);
  }
  for (const name of playwrightReports) {
    const report = read(name);
    if (!report) continue;
    total.passed += report.stats.expected + report.stats.flaky;
    total.failed += report.stats.unexpected;
    total.skipped += report.stats.skipped;
    if (report.stats.unexpected > 0) failing.push(`${name} ${report.stats.unexpected}`);
  }
  const where = failing.length > 0 ? ` (${failing.join(", ")})` : "";
  console.log(`\ntests: ${total.passed} passed, ${total.failed} failed${where}, ${total.skipped} skipped`);
  if (total.failed > 0) process.exit(1);
}
