import v8 from "node:v8";

// Issue 18's export memory budget (the server grows by no more than a few MB while 100,000 lines
// download). An export is a long burst of short-lived objects: rows, cells, XML and CSV text. V8
// doubles its young generation (2 × 1 MB after an idle collection, up to 2 × 16 MB plus the
// promotion area) each time the bytes surviving its scavenges add up to its size, which a burst
// that long always reaches; the export then costs tens of MB of RSS, held until the server next
// idles. Capping it for the whole server (--max-semi-space-size=2) kept an export within budget but
// cost page throughput under 20 users (/home's p95 and the heaviest page's pages a second),
// so only while an export runs does the young generation stay the size it is: V8 reads its growth
// factor (default 2) each time it grows the space, and a factor of 1 makes the growth a no-op.
// Measured: docs/performance.md "What an export costs the server".

const DEFAULT_GROWTH_FACTOR = 2;
let running = 0;

function setGrowthFactor(factor: number) {
  try {
    v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  } catch {
    // A V8 that refuses run-time flags: the export only costs more memory.
  }
}

/**
 * Runs `work` with V8's young generation held at its size; overlapping exports share the hold,
 * and the last one to end (or fail) lets it grow again. `setFactor` is for the tests.
 */
export async function holdingYoungGeneration<T>(
  work: () => Promise<T>,
  setFactor: (factor: number) => void = setGrowthFactor,
): Promise<T> {
  if (running++ === 0) setFactor(1);
  try {
    return await work();
  } finally {
    if (--running === 0) setFactor(DEFAULT_GROWTH_FACTOR);
  }
}
