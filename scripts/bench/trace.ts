import type { BrowserContext } from "@playwright/test";
import { CPU_SLOWDOWN, launchBrowser, signedInContext, throttledPage, waitQuiet } from "./browser.ts";

// Where a page's main-thread time goes, from Chromium's own trace: the tool behind
// docs/performance.md "Where the terminal's time goes". Wall-clock figures on a shared machine
// swing with the other work; the renderer's main-thread time per kind of work (script, style,
// layout, paint…) moves much less, so an A/B of two builds compares these.
//
//   npx tsx scripts/bench/trace.ts <url> <cookie> [--off] [--runs 3] /page /other-page…
//
// Same terminal as the bench (system Chromium, CPU slowed 4×, 1280×800, second load of each page).

export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the work cost, whatever else the machine was doing. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; requestId?: string };
    elementCount?: number;
    beginData?: { dirtyObjects?: number };
  };
};

/** What kind of work a trace event is, by its name (Chromium's devtools.timeline names). */
export function kindOf(name: string): string {
  if (/^(ParseHTML)$/.test(name)) return "parse HTML";
  if (/^(ParseAuthorStyleSheet)$/.test(name)) return "parse CSS";
  if (/^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/.test(name)) return "style";
  if (/^(Layout|UpdateLayout|IntersectionObserverController::computeIntersections)$/.test(name))
    return "layout";
  if (/^(PrePaint)$/.test(name)) return "pre-paint";
  if (
    /^(Paint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|RasterTask)$/.test(name)
  )
    return "paint/composite";
  if (
    /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|CompileScript|CompileCode)$/.test(name)
  )
    return "script: load";
  if (
    /^(FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.run|V8\.Execute|XHRReadyStateChange|v8\.callFunction)$/.test(
      name,
    )
  )
    return "script: run";
  if (
    /^(MajorGC|MinorGC|V8\.GC|BlinkGC|V8\.GCScavenger|V8\.GCIncrementalMarking|V8\.GCFinalizeMC)/.test(name)
  )
    return "GC";
  if (/^(RunTask|ThreadControllerImpl::RunTask)$/.test(name)) return "other (task)";
  return `other: ${name}`;
}

/**
 * Self CPU time (µs, thread time) per kind of work of one thread's events, sorted by start: each
 * event's time less its children's, so nested work is counted once, under its own kind.
 */
export function selfTimeByKind(events: readonly TraceEvent[]): Map<string, number> {
  const self = new Map<string, number>();
  const stack: { end: number; kind: string; self: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].end <= upTo) {
      const top = stack.pop();
      if (top) self.set(top.kind, (self.get(top.kind) ?? 0) + top.self);
    }
  };
  for (const event of events) {
    close(event.ts);
    const cpu = event.tdur ?? 0;
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= cpu;
    stack.push({ end: event.ts + (event.dur ?? 0), kind: kindOf(event.name), self: cpu });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

/**
 * CPU time (ms, thread time: neither the 4× slowdown nor the other work on the machine counts) per
 * kind of work on the page's renderer main thread, self time (an event's children counted apart).
 */
export function mainThreadTime(events: TraceEvent[]) {
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The renderer main thread that parsed the most HTML is the page's (the trace also holds the
  // blank tab's and other renderers' threads, and the busiest of them was not always the page's).
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!mains.has(key) || event.ph !== "X" || event.dur === undefined) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), event]);
  }
  let busiest: TraceEvent[] = [];
  for (const list of byThread.values()) {
    const sum = (l: TraceEvent[]) =>
      l.filter((e) => e.name === "ParseHTML").reduce((s, e) => s + (e.dur ?? 0), 0);
    if (sum(list) > sum(busiest)) busiest = list;
  }
  busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = selfTimeByKind(busiest);
  // CPU time of the thread's tasks, unthrottled: the 4× slowdown stretches wall time only.
  const total = busiest.filter((e) => e.name === "RunTask").reduce((s, e) => s + (e.tdur ?? 0), 0);
  const ms = (us: number) => Math.round(us / 1000);
  const kinds = Object.fromEntries(
    [...self.entries()]
      .map(([kind, us]) => [kind, ms(us)] as const)
      .filter(([, value]) => value >= 5)
      .sort((a, b) => b[1] - a[1]),
  );
  return { total: ms(total), kinds };
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "v8.execute",
  "blink",
  "toplevel",
].join(",");

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
/** What V8's sampling profiler gives (CDP `Profiler.stop`). */
export type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** JavaScript self time (µs) by script and by function, of the samples from `from` to `to` (trace clock, µs). */
export function profileSelfTime(
  profile: Profile,
  from = Number.NEGATIVE_INFINITY,
  to = Number.POSITIVE_INFINITY,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let t = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[i] ?? 0;
    t += us;
    if (t < from || t > to) continue;
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url.replace(/^.*\//, "") || `(${frame.functionName || "native"})`;
    byScript.set(script, (byScript.get(script) ?? 0) + us);
    const fn = `${frame.functionName || "(anonymous)"} ${script}:${frame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  return { byScript, byFunction };
}

/** One more load with V8's sampling profiler: JavaScript self time by script and by function. */
async function profileLoad(context: BrowserContext, url: string, path: string) {
  const page = await throttledPage(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`${url}${path}`, { waitUntil: "load" });
  await waitQuiet(page);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  await page.close();
  const { byScript, byFunction } = profileSelfTime(profile);
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log("  JavaScript self time by script:");
  for (const [name, us] of top(byScript, 12))
    console.log(`    ${name.padEnd(44)} ${Math.round(us / 1000)} ms`);
  console.log("  by function:");
  for (const [name, us] of top(byFunction, 25))
    console.log(`    ${name.slice(0, 70).padEnd(72)} ${Math.round(us / 1000)} ms`);
}

async function main() {
  const args = process.argv.slice(2);
  const [url, cookie] = args;
  const javaScript = !args.includes("--off");
  const profile = args.includes("--profile");
  const runsAt = args.indexOf("--runs");
  const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
  const paths = args.slice(2).filter((arg, i, all) => arg.startsWith("/") && all[i - 1] !== "--runs");
  const browser = await launchBrowser(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
  try {
    const context = await signedInContext(browser, { url, cookie, javaScript });
    for (const path of paths) {
      const warm = await throttledPage(context);
      await warm.goto(`${url}${path}`, { waitUntil: "load" });
      await warm.close();
      const totals: number[] = [];
      const kinds: Record<string, number[]> = {};
      for (let run = 0; run < runs; run++) {
        const page = await throttledPage(context);
        await browser.startTracing(page, { categories: CATEGORIES.split(",") });
        await page.goto(`${url}${path}`, { waitUntil: "load" });
        if (javaScript) await waitQuiet(page);
        else await page.waitForTimeout(500);
        const buffer = await browser.stopTracing();
        await page.close();
        const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
        const result = mainThreadTime(trace.traceEvents);
        totals.push(result.total);
        for (const [kind, value] of Object.entries(result.kinds))
          kinds[kind] = [...(kinds[kind] ?? []), value];
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      console.log(
        `${path} JS ${javaScript ? "on" : "off"} ×${CPU_SLOWDOWN}: main-thread CPU ${median(totals)} ms (runs ${totals.join(", ")})`,
      );
      for (const [kind, values] of Object.entries(kinds).sort((a, b) => median(b[1]) - median(a[1])))
        if (median(values) >= 10 || !kind.startsWith("other: "))
          console.log(
            `  ${kind.padEnd(40)} ${String(median(values)).padStart(5)} ms  (${values.join(", ")})`,
          );
      if (profile) await profileLoad(context, url, path);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1]?.endsWith("/trace.ts")) await main();
