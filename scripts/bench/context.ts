import type { RunningApp } from "./app.ts";
import type { Step } from "./measure.ts";
import type { Row } from "./report.ts";

// What every phase of `npm run bench` gets: the running app on its plant-scale database, the
// signed-in users and the main pages that answered. A phase returns its budget rows.

export type BenchOptions = {
  duration: number;
  samples: number;
  loadDuration: number;
  connections: number;
  buildDir: string;
  /** Loads per page (JS on and JS off) and searches per list in the browser phases. */
  runs: number;
  chromium: string;
  /** The language the bench's users read the app in (users.language). */
  language: string;
};

export type MainPage = {
  path: string;
  html: string;
  /** Only the admin may open it (staff get 403): every load of it goes as the admin. */
  adminOnly: boolean;
};

export type Bench = {
  options: BenchOptions;
  log: (line: string) => void;
  app: RunningApp;
  url: string;
  dataDir: string;
  /** Absolute build directory. */
  buildDir: string;
  databaseUrl: string;
  /** The main pages that answered 200, with the HTML the first user got. */
  pages: MainPage[];
  /** Session cookies of the signed-in users; the first user is the admin. */
  cookies: string[];
  asUser: (index: number) => { cookie: string };
  token: string;
};

export type Phase = (bench: Bench) => Promise<Row[]>;

/** A load step for a main page: as the connection's own user, or as the admin for an admin page. */
export function pageStep(bench: Bench, page: MainPage): Step {
  return page.adminOnly ? { path: page.path, headers: bench.asUser(0) } : { path: page.path };
}

export const KB = 1000;
export const MB = 1024 * 1024;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the app answers its health check quickly again: a run leaves the server rendering the
 * requests autocannon abandoned at its end, which would otherwise be charged to the next run.
 */
export async function settle(url: string) {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    quick = ok && performance.now() - started < 50 ? quick + 1 : 0;
    await sleep(200);
  }
}

/** Median and range of a few runs (the middle one of an odd count). */
export function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}
