import type { BrowserContext } from "@playwright/test";
import {
  CPU_SLOWDOWN,
  type LoadTiming,
  launchBrowser,
  loadInTab,
  loadPage,
  signedInContext,
  throttledPage,
} from "../browser.ts";
import { type Bench, spread } from "../context.ts";
import type { Row } from "../report.ts";

// Issue 14: what the plant's terminal feels. Each main page in Chromium with the CPU slowed 4×,
// signed in; the first load warms the cache, then `runs` second loads, each in a new tab. JavaScript
// on: DOMContentLoaded, total blocking time and the longest frame (from long animation frames, which
// count rendering work; see browser.ts); JavaScript off: DOMContentLoaded (the page is ready when its
// HTML is parsed). Median of the runs, range in the note. A page that fails is a failed row.
// Blocking time twice (issue 33): from the navigation's start (every frame, the stricter count) and
// from the first paint through hydration, as Lighthouse counts it; both held to the budget, 100 ms
// on a page without a table. And, for comparison only (no budget), the same page loaded `runs`
// times in one tab that has shown a page before, as a person moves from page to page in a tab:
// a new tab's renderer process sets up its fonts, ICU and compiled scripts again on every load
// (docs/performance.md, "One tab or a new tab").

/** Main pages with no table: only the shell and a little content, so a stricter budget. */
const NO_TABLE_PAGES = new Set(["/home", "/settings"]);

async function measurePage(
  bench: Bench,
  context: BrowserContext,
  page: string,
  javaScript: boolean,
  group: string,
): Promise<Row[]> {
  const { url, log, options } = bench;
  const mode = javaScript ? "on" : "off";
  const ready: Row = {
    id: `browser.ready.js-${mode}.${page}`,
    group,
    label: `${page} JS ${mode}: ready (DOMContentLoaded)`,
    unit: "s",
    measured: null,
    budget: { op: "≤", limit: 1 },
  };
  const limit = NO_TABLE_PAGES.has(page) ? 100 : 200;
  const blocking: Row = {
    id: `browser.tbt.${page}`,
    group,
    label: `${page} JS on: total blocking time`,
    unit: "ms",
    measured: null,
    budget: { op: "≤", limit },
  };
  const fromPaint: Row = {
    id: `browser.tbt-from-paint.${page}`,
    group,
    label: `${page} JS on: blocking time from the first paint through hydration`,
    unit: "ms",
    measured: null,
    budget: { op: "≤", limit },
  };
  const longest: Row = {
    id: `browser.longest.${page}`,
    group,
    label: `${page} JS on: longest frame (tasks + rendering)`,
    unit: "ms",
    measured: null,
  };
  const sameTab: Row = {
    id: `browser.same-tab.${page}`,
    group,
    label: `${page} JS on, loaded again in a tab that showed a page: total blocking time`,
    unit: "ms",
    measured: null,
  };
  const rows = javaScript ? [ready, blocking, fromPaint, longest, sameTab] : [ready];
  let runs: LoadTiming[] = [];
  try {
    const warm = await loadPage(context, url, page, javaScript);
    if (warm.finalPath !== page || warm.status !== 200) {
      ready.note = `landed on ${warm.finalPath} (${warm.status})`;
      return rows;
    }
    for (let run = 0; run < options.runs; run++) runs.push(await loadPage(context, url, page, javaScript));
  } catch (error) {
    ready.note = `failed: ${(error as Error).message.split("\n")[0]}`;
    runs = [];
  }
  if (runs.length === 0) return rows;
  const range = (values: number[], format: (value: number) => string, unit: string) => {
    const { median, min, max } = spread(values);
    return { median, note: `${format(min)}–${format(max)} ${unit}` };
  };
  const dcl = range(
    runs.map((run) => run.domContentLoaded),
    (ms) => (ms / 1000).toFixed(2),
    "s",
  );
  ready.measured = dcl.median / 1000;
  ready.note = dcl.note;
  if (!javaScript) {
    log(`browser ${page} JS off: ready ${ready.measured.toFixed(2)} s (${dcl.note})`);
    return rows;
  }
  const whole = (ms: number) => ms.toFixed(0);
  const tbt = range(
    runs.map((run) => run.totalBlocking ?? Number.NaN),
    whole,
    "ms",
  );
  const taskApi = spread(runs.map((run) => run.longTaskBlocking ?? Number.NaN)).median;
  blocking.measured = tbt.median;
  blocking.note = `${tbt.note}; 'longtask' entries alone: ${whole(taskApi)} ms`;
  const painted = range(
    runs.map((run) => run.blockingFromPaint ?? Number.NaN),
    whole,
    "ms",
  );
  fromPaint.measured = painted.median;
  fromPaint.note = painted.note;
  const frame = range(
    runs.map((run) => run.longestTask ?? Number.NaN),
    whole,
    "ms",
  );
  longest.measured = frame.median;
  longest.note = frame.note;
  const tab = await throttledPage(context);
  try {
    const again: LoadTiming[] = [];
    await loadInTab(tab, url, page, true);
    for (let run = 0; run < options.runs; run++) again.push(await loadInTab(tab, url, page, true));
    const tabReady = range(
      again.map((run) => run.domContentLoaded),
      (ms) => (ms / 1000).toFixed(2),
      "s",
    );
    const tabBlocking = range(
      again.map((run) => run.totalBlocking ?? Number.NaN),
      whole,
      "ms",
    );
    sameTab.measured = tabBlocking.median;
    sameTab.note = `ready ${(tabReady.median / 1000).toFixed(2)} s (${tabReady.note}); blocking ${tabBlocking.note}`;
  } catch (error) {
    sameTab.note = `failed: ${(error as Error).message.split("\n")[0]}`;
  } finally {
    await tab.close();
  }
  log(
    `browser ${page} JS on: ready ${ready.measured.toFixed(2)} s (${dcl.note}), TBT ${whole(tbt.median)} ms (${blocking.note}), from first paint ${whole(painted.median)} ms (${painted.note}), longest frame ${whole(frame.median)} ms; in a tab that showed a page: TBT ${sameTab.measured === null ? "–" : whole(sameTab.measured)} ms, ${sameTab.note}`,
  );
  return rows;
}

export async function browserPhase(bench: Bench): Promise<Row[]> {
  const { url, options } = bench;
  const group = `Browser: Chromium, CPU slowed ${CPU_SLOWDOWN}×, second load, median of ${options.runs}`;
  const rows: Row[] = [];
  const browser = await launchBrowser(options.chromium);
  try {
    const contexts = {
      on: await signedInContext(browser, { url, cookie: bench.cookies[0], javaScript: true }),
      off: await signedInContext(browser, { url, cookie: bench.cookies[0], javaScript: false }),
    };
    for (const { path: page } of bench.pages) {
      for (const javaScript of [true, false]) {
        rows.push(
          ...(await measurePage(bench, javaScript ? contexts.on : contexts.off, page, javaScript, group)),
        );
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
