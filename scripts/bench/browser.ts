import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";

// The plant's terminal, approximately: the system Chromium (never a downloaded browser) with the CPU
// slowed 4× through the DevTools protocol (Lighthouse's mobile setting), signed in with the bench
// user's session cookie. Shared by the browser and search phases.

export const CPU_SLOWDOWN = 4;
/** Load + this long with no long task: the page has settled (hydration included). */
export const QUIET_MS = 1000;
/**
 * The quiet a page load waits for before its blocking time is read (issue 33): as the plant's own
 * measurement counts it, from the first paint until 2 s without a long task or frame, so a late
 * hydration is in the count.
 */
export const LOAD_QUIET_MS = 2000;

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * Collects the page's long tasks and long animation frames from its very start: installed with
 * addInitScript, so it runs before any of the page's own scripts, on every navigation.
 *
 * Both, because Chromium's 'longtask' entries leave out most of what makes a big table slow: the
 * parser's chunks and the style and layout work of rendering. A long animation frame
 * ('long-animation-frame', Chromium 123+) covers the tasks of a frame and its rendering, and its
 * blockingDuration is the frame's blocking time (its long tasks − 50 ms each, plus the rendering
 * when they block). On a big list page the frames counted several times the blocking the 'longtask'
 * entries did (docs/performance.md, "Figures behind choices in the code").
 */
const LONG_WORK_OBSERVER = `(() => {
  const work = { tasks: [], frames: [] };
  Object.defineProperty(window, "__benchLongWork", { value: work });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) work.tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) work.frames.push([entry.startTime, entry.duration, entry.blockingDuration]);
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {}
})();`;

type LongWork = { tasks: [number, number][]; frames: [number, number, number][] };

export async function signedInContext(
  browser: Browser,
  options: { url: string; cookie: string; javaScript: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript,
    viewport: { width: 1280, height: 800 },
  });
  const [name, ...value] = options.cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: options.url }]);
  if (options.javaScript) await context.addInitScript(LONG_WORK_OBSERVER);
  return context;
}

/** A new tab with the CPU slowed down (set before it loads anything). */
export async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return page;
}

/** Waits for load + `quietMs` without a long task or frame (JavaScript on only). */
export async function waitQuiet(page: Page, timeoutMs = 60_000, quietMs = QUIET_MS) {
  await page.waitForFunction(
    (quietMs) => {
      const navigation = performance.getEntriesByType("navigation")[0] as
        | PerformanceNavigationTiming
        | undefined;
      if (!navigation?.loadEventEnd) return false;
      const work = (window as unknown as { __benchLongWork?: LongWork }).__benchLongWork;
      const ends = [...(work?.tasks ?? []), ...(work?.frames ?? [])].map(
        ([start, duration]) => start + duration,
      );
      const lastEnd = Math.max(navigation.loadEventEnd, ...ends);
      return performance.now() - lastEnd >= quietMs;
    },
    quietMs,
    { polling: 100, timeout: timeoutMs },
  );
}

export type LoadTiming = {
  /** DOMContentLoaded (end of its handlers), ms from the start of navigation. */
  domContentLoaded: number;
  /**
   * Total blocking time until load + the quiet period: the long animation frames' blocking
   * durations (rendering included); null with JavaScript off.
   */
  totalBlocking: number | null;
  /**
   * Total blocking time counted as Lighthouse counts it: from the first contentful paint (a frame
   * that straddles it counts only its part after it) until LOAD_QUIET_MS of quiet, hydration
   * included; null with JavaScript off.
   */
  blockingFromPaint: number | null;
  /** The longest long animation frame (tasks and rendering that held the main thread in one go). */
  longestTask: number | null;
  /** The same blocking time as the 'longtask' API alone sees it: sum of (duration − 50 ms). */
  longTaskBlocking: number | null;
  /** Where the page ended up (a sign-in page means the session was refused). */
  finalPath: string;
  status: number | null;
};

/** One load of `path` in a new throttled tab (the context's cache as earlier loads left it). */
export async function loadPage(context: BrowserContext, url: string, path: string, javaScript: boolean) {
  const page = await throttledPage(context);
  try {
    return await loadInTab(page, url, path, javaScript);
  } finally {
    await page.close();
  }
}

/**
 * One load of `path` in a tab that has already shown a page: as a person goes from page to page in
 * one tab (a document load, not a client-side navigation). The tab's renderer process has set up
 * what a new tab's sets up again on every load (its fonts, ICU, compiled scripts).
 */
export async function loadInTab(page: Page, url: string, path: string, javaScript: boolean) {
  const response = await page.goto(`${url}${path}`, { waitUntil: "load", timeout: 120_000 });
  if (javaScript) await waitQuiet(page, 120_000, LOAD_QUIET_MS);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const work = (window as unknown as { __benchLongWork?: LongWork }).__benchLongWork;
    const paint =
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ??
      performance.getEntriesByName("first-paint")[0]?.startTime ??
      0;
    return {
      domContentLoaded: navigation.domContentLoadedEventEnd,
      totalBlocking: work ? work.frames.reduce((sum, [, , blocking]) => sum + blocking, 0) : null,
      // A frame's blocking is its length past 50 ms; one that began before the paint keeps only
      // what lies after it (never more than its own blocking duration).
      blockingFromPaint: work
        ? work.frames.reduce((sum, [start, duration, blocking]) => {
            if (start >= paint) return sum + blocking;
            return sum + Math.min(blocking, Math.max(0, start + duration - paint - 50));
          }, 0)
        : null,
      longestTask: work ? Math.max(0, ...work.frames.map(([, duration]) => duration)) : null,
      longTaskBlocking: work
        ? work.tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
        : null,
    };
  });
  return {
    ...timing,
    finalPath: new URL(page.url()).pathname,
    status: response?.status() ?? null,
  } satisfies LoadTiming;
}
