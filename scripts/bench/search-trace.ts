import { CPU_SLOWDOWN, launchBrowser, signedInContext, throttledPage, waitQuiet } from "./browser.ts";
import { type Profile, profileSelfTime, selfTimeByKind, type TraceEvent } from "./trace.ts";

// Where a search's wait goes (issue 33): a word typed into a list's search box as the bench types
// it (80 ms between keys, CPU slowed 4×) with Chromium's trace on, then the page's main thread task
// by task from the first key to the results on screen: each task's wall and CPU time, what kind of
// work it did, and the list's data requests. The bench's search phase gives the figure; this says
// what it is made of.
//
//   npx tsx scripts/bench/search-trace.ts <url> <cookie> <word> [--runs 3] /page…

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "toplevel",
];
const BOX = 'main input[name="q"]';

/**
 * Counts, for each React commit, the components that rendered (fibers with React's PerformedWork
 * flag), through the hook React DevTools would use: a count the machine's load does not move.
 */
const RENDER_COUNTER = `(() => {
  const commits = [];
  Object.defineProperty(window, "__commits", { value: commits });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      // As React DevTools tells what rendered: a subtree whose children the new tree shares with
      // the old one bailed out; a component (function, class, forwardRef, memo) with the flag ran.
      let rendered = 0;
      const stack = [root.current.child];
      while (stack.length) {
        const fiber = stack.pop();
        if (!fiber) continue;
        if ([0, 1, 11, 14, 15].includes(fiber.tag) && fiber.flags & 1) rendered++;
        if (!fiber.alternate || fiber.child !== fiber.alternate.child) stack.push(fiber.child);
        stack.push(fiber.sibling);
      }
      commits.push(rendered);
    },
  };
})();`;

/** The page's renderer main thread: the one that ran the user timing marks. */
function pageThread(events: TraceEvent[]) {
  const mark = events.find((e) => e.name === "bench-lastkey");
  if (!mark) throw new Error("no bench-lastkey mark in the trace");
  return { pid: mark.pid, tid: mark.tid };
}

/** JavaScript self time (×4) by function from `from` to `to` (trace clock, µs). */
function topFunctions(profile: Profile, from: number, to: number) {
  return [...profileSelfTime(profile, from, to).byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
}

function summarise(events: TraceEvent[], verbose: boolean, profile?: Profile) {
  const { pid, tid } = pageThread(events);
  const marks = (name: string) => events.filter((e) => e.name === name).map((e) => e.ts);
  const lastKey = Math.max(...marks("bench-lastkey"));
  const firstKey = Math.min(...marks("bench-firstkey"));
  const shown = Math.max(...marks("bench-shown"));
  const mine = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const ms = (us: number) => (us / 1000).toFixed(0);
  const at = (ts: number) => `${ts - lastKey >= 0 ? "+" : ""}${ms(ts - lastKey)}`;
  const tasks = mine.filter((e) => e.name === "RunTask" && e.ts + (e.dur ?? 0) >= firstKey && e.ts <= shown);
  // Self CPU time per kind inside each task.
  const lines: string[] = [];
  const totals = new Map<string, number>();
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inner = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const self = selfTimeByKind(inner);
    const after = task.ts >= lastKey;
    if (after) for (const [kind, us] of self) totals.set(kind, (totals.get(kind) ?? 0) + us * CPU_SLOWDOWN);
    if ((task.dur ?? 0) < 4000 && !verbose) continue;
    const parts = [...self.entries()]
      .filter(([, us]) => us * CPU_SLOWDOWN >= 2000)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, us]) => `${kind} ${ms(us * CPU_SLOWDOWN)}`)
      .join(", ");
    lines.push(`  ${at(task.ts).padStart(6)} ms  wall ${ms(task.dur ?? 0).padStart(4)}  ${parts}`);
  }
  const requests = events
    .filter((e) => e.name === "ResourceSendRequest")
    .map(
      (e) =>
        `  ${at(e.ts).padStart(6)} ms  request ${e.args?.data?.requestId ?? ""} ${e.args?.data?.url?.replace(/^https?:\/\/[^/]+/, "")}`,
    );
  const finishes = events
    .filter((e) => e.name === "ResourceFinish" || e.name === "ResourceReceiveResponse")
    .map((e) => `  ${at(e.ts).padStart(6)} ms  ${e.name} ${e.args?.data?.requestId ?? ""}`);
  console.log(
    [...lines, ...requests, ...finishes]
      .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b))
      .join("\n"),
  );
  const busy = tasks.filter((t) => t.ts >= lastKey);
  const busyWall = busy.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  const busyCpu = busy.reduce((sum, t) => sum + (t.tdur ?? 0), 0);
  const after = mine.filter((e) => e.ts >= lastKey && e.ts <= shown);
  const styled = after.reduce(
    (sum, e) => sum + (e.name === "UpdateLayoutTree" ? (e.args?.elementCount ?? 0) : 0),
    0,
  );
  const laidOut = after.reduce(
    (sum, e) => sum + (e.name === "Layout" ? (e.args?.beginData?.dirtyObjects ?? 0) : 0),
    0,
  );
  console.log(`  after the last key: elements styled ${styled}, layout objects laid out ${laidOut}`);
  console.log(
    `  main thread busy after the last key: wall ${ms(busyWall)} ms, thread time ${ms(busyCpu)} ms`,
  );
  console.log(
    `  shown ${ms(shown - lastKey)} ms after the last key; after it, main thread (×${CPU_SLOWDOWN}, the terminal's time): ${[
      ...totals.entries(),
    ]
      .filter(([, us]) => us >= 5000)
      .sort((a, b) => b[1] - a[1])
      .map(([k, us]) => `${k} ${ms(us)}`)
      .join(", ")}`,
  );
  if (profile)
    for (const [fn, us] of topFunctions(profile, lastKey, shown))
      console.log(`    ${fn.slice(0, 80).padEnd(82)} ${(us / 1000).toFixed(1)} ms`);
  return shown - lastKey;
}

async function main() {
  const args = process.argv.slice(2);
  const [url, cookie, word] = args;
  const runsAt = args.indexOf("--runs");
  const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
  const verbose = args.includes("--verbose");
  const profiling = args.includes("--profile");
  const paths = args.slice(3).filter((arg) => arg.startsWith("/"));
  const browser = await launchBrowser(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
  try {
    const context = await signedInContext(browser, { url, cookie, javaScript: true });
    await context.addInitScript(RENDER_COUNTER);
    for (const path of paths) {
      const warm = await throttledPage(context);
      await warm.goto(`${url}${path}`, { waitUntil: "load" });
      await warm.close();
      const figures: number[] = [];
      for (let run = 0; run < runs; run++) {
        const page = await throttledPage(context);
        await page.goto(`${url}${path}`, { waitUntil: "load" });
        await waitQuiet(page);
        await page.evaluate(
          ({ selector, word }) => {
            const box = document.querySelector(selector);
            let first = true;
            box?.addEventListener("keyup", () => {
              if (first) performance.mark("bench-firstkey");
              first = false;
              performance.mark("bench-lastkey");
            });
            const before = new Set(document.querySelectorAll("main tbody tr"));
            Object.defineProperty(window, "__rowsBefore", { value: before });
            const churn = { added: 0, removed: 0, text: 0, attributes: 0 };
            Object.defineProperty(window, "__churn", { value: churn });
            new MutationObserver((records) => {
              for (const record of records) {
                for (const node of record.addedNodes)
                  if (node instanceof Element) churn.added += 1 + node.querySelectorAll("*").length;
                for (const node of record.removedNodes)
                  if (node instanceof Element) churn.removed += 1 + node.querySelectorAll("*").length;
                if (record.type === "characterData") churn.text++;
                if (record.type === "attributes") churn.attributes++;
              }
            }).observe(document.body, {
              childList: true,
              subtree: true,
              characterData: true,
              attributes: true,
            });
            let seen = false;
            new MutationObserver(() => {
              if (seen) return;
              const marks = [...document.querySelectorAll("main table mark")];
              if (!marks.some((m) => m.textContent?.trim().toLowerCase() === word.toLowerCase())) return;
              seen = true;
              requestAnimationFrame(() => {
                performance.mark("bench-shown");
                Object.defineProperty(window, "__shown", { value: true });
              });
            }).observe(document.body, { childList: true, subtree: true, characterData: true });
          },
          { selector: BOX, word },
        );
        const cdp = await context.newCDPSession(page);
        if (profiling) {
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
          await cdp.send("Profiler.start");
        }
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.locator(BOX).first().click();
        const keyed = { from: 0 };
        await page.evaluate(() => {
          const churn = (window as unknown as { __churn: Record<string, number> }).__churn;
          document.querySelector('main input[name="q"]')?.addEventListener("keyup", () => {
            for (const key of Object.keys(churn)) churn[key] = 0;
            (window as unknown as { __commits: number[] }).__commits.length = 0;
          });
        });
        void keyed;
        for (const [index, letter] of [...word].entries()) {
          if (index > 0) await page.waitForTimeout(80);
          await page.keyboard.type(letter);
        }
        await page.waitForFunction(() => (window as unknown as { __shown?: boolean }).__shown, null, {
          polling: 50,
          timeout: 10_000,
        });
        const commits = await page.evaluate(() => (window as unknown as { __commits: number[] }).__commits);
        console.log(
          `  React commits from the last key, components rendered in each: ${JSON.stringify(commits)}`,
        );
        console.log(
          `  DOM churn from the last key: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __churn: unknown }).__churn))}, rows kept ${await page.evaluate(
            () => {
              const before = (window as unknown as { __rowsBefore: Set<Element> }).__rowsBefore;
              return [...document.querySelectorAll("main tbody tr")].filter((row) => before.has(row)).length;
            },
          )}`,
        );
        await page.waitForTimeout(600);
        const buffer = await browser.stopTracing();
        const profile = profiling
          ? ((await cdp.send("Profiler.stop")) as unknown as { profile: Profile }).profile
          : undefined;
        await page.close();
        if (process.env.TRACE_OUT) {
          const fs = await import("node:fs");
          fs.writeFileSync(`${process.env.TRACE_OUT}-${run}.json`, buffer);
          if (profile)
            fs.writeFileSync(`${process.env.TRACE_OUT}-${run}.cpuprofile`, JSON.stringify(profile));
        }
        console.log(`${path} '${word}' run ${run + 1}:`);
        figures.push(summarise(JSON.parse(buffer.toString()).traceEvents, verbose, profile));
      }
      figures.sort((a, b) => a - b);
      console.log(
        `${path} '${word}': median ${(figures[Math.floor(figures.length / 2)] / 1000).toFixed(0)} ms (${figures.map((f) => (f / 1000).toFixed(0)).join(", ")})`,
      );
    }
  } finally {
    await browser.close();
  }
}

await main();
