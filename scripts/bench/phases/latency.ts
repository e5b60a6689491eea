import { type Bench, pageStep, settle } from "../context.ts";
import { runLoad } from "../measure.ts";
import type { Row } from "../report.ts";

// Server latency, one signed-in user at a time: each main page, a few warm-up requests first.

const GROUP = "One user at a time (ms to last byte ≥ TTFB)";

export async function latencyPhase(bench: Bench): Promise<Row[]> {
  const { url, asUser, options, log } = bench;
  const rows: Row[] = [];
  for (const main of bench.pages) {
    const page = main.path;
    const steps = [pageStep(bench, main)];
    await settle(url);
    await runLoad({ url, steps, connections: 1, amount: 5, headersFor: asUser });
    const { all } = await runLoad({
      url,
      steps,
      connections: 1,
      amount: options.samples,
      headersFor: asUser,
    });
    log(`1 user  ${page}: p50 ${all.p50.toFixed(0)} ms, p95 ${all.p95.toFixed(0)} ms`);
    rows.push(
      { id: `ttfb1.p50.${page}`, group: GROUP, label: `${page} p50`, unit: "ms", measured: all.p50 },
      {
        id: `ttfb1.p95.${page}`,
        group: GROUP,
        label: `${page} p95`,
        unit: "ms",
        measured: all.p95,
        budget: { op: "<", limit: 100 },
        note: all.errors ? `${all.errors} errors` : undefined,
      },
    );
  }
  return rows;
}
