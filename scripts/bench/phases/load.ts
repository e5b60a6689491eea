import { gzipLength } from "../assets.ts";
import { type Bench, pageStep, settle } from "../context.ts";
import { runLoad, type Step } from "../measure.ts";
import type { Row } from "../report.ts";

// Load: N signed-in users page by page, then a realistic mix (browse the tables and /api lists,
// save forms) for the load duration.

export const API_LISTS = ["/api/Electrician/product", "/api/equipment/get"];

export async function loadPhase(bench: Bench): Promise<Row[]> {
  const { url, asUser, options, log } = bench;
  const rows: Row[] = [];
  const group = `${options.connections} concurrent users, ${options.duration} s per page`;
  const perSecond = new Map<string, number>();
  for (const main of bench.pages) {
    const page = main.path;
    await settle(url);
    const { all } = await runLoad({
      url,
      steps: [pageStep(bench, main)],
      connections: options.connections,
      duration: options.duration,
      headersFor: asUser,
    });
    perSecond.set(page, all.perSecond);
    log(
      `${options.connections} users ${page}: ${all.perSecond.toFixed(0)}/s, p50 ${all.p50.toFixed(0)} ms, p95 ${all.p95.toFixed(0)} ms, ${all.errors} errors`,
    );
    rows.push(
      {
        id: `load20.p95.${page}`,
        group,
        label: `${page} p95 (p50 ${all.p50.toFixed(0)} ms, ${all.perSecond.toFixed(0)}/s)`,
        unit: "ms",
        measured: all.p95,
        budget: { op: "<", limit: 1000 },
      },
      {
        id: `load20.errors.${page}`,
        group,
        label: `${page} errors`,
        unit: "count",
        measured: all.errors,
        budget: { op: "=", limit: 0 },
      },
    );
  }
  const heaviest = [...bench.pages].sort((a, b) => gzipLength(b.html) - gzipLength(a.html))[0]?.path;
  if (heaviest) {
    rows.push({
      id: "load20.heaviest",
      group,
      label: `heaviest table page ${heaviest}`,
      unit: "req/s",
      measured: perSecond.get(heaviest) ?? null,
      budget: { op: "≥", limit: 30 },
    });
  }
  rows.push(...(await mixedLoad(bench)));
  return rows;
}

async function mixedLoad(bench: Bench): Promise<Row[]> {
  const { url, asUser, options, log } = bench;
  let serial = 5_000_000;
  const save: Step = {
    method: "POST",
    path: "/insertproduct/Electrician",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    makeBody: () =>
      new URLSearchParams({
        srno: String(serial++),
        Assets: "Bench DG set",
        ComponentsAndEquipments: "Bench contactor",
        AvailableStock: "5",
        MinStock: "2",
        LeadTime: "7",
      }).toString(),
  };
  const mix: Step[] = [
    ...bench.pages.map((page) => pageStep(bench, page)),
    ...API_LISTS.map((api) => ({ path: api })),
    save,
  ];
  log(`mixed load: ${options.connections} users for ${options.loadDuration} s…`);
  await settle(url);
  const mixed = await runLoad({
    url,
    steps: mix,
    connections: options.connections,
    duration: options.loadDuration,
    headersFor: asUser,
    okStatuses: [302],
  });
  const group = `Mixed load: ${options.connections} users, ${options.loadDuration} s (pages, /api lists, form saves)`;
  const rows: Row[] = [
    {
      id: "mixed.p95",
      group,
      label: `p95 (p50 ${mixed.all.p50.toFixed(0)} ms, ${mixed.all.perSecond.toFixed(0)} req/s)`,
      unit: "ms",
      measured: mixed.all.p95,
      budget: { op: "<", limit: 1000 },
    },
    {
      id: "mixed.errors",
      group,
      label: `errors (statuses ${JSON.stringify(mixed.all.statusCodes)})`,
      unit: "count",
      measured: mixed.all.errors,
      budget: { op: "=", limit: 0 },
    },
  ];
  const saves = mixed.byPath["/insertproduct/Electrician"];
  if (saves)
    rows.push({
      id: "mixed.save.p95",
      group,
      label: `form save p95 (${saves.requests} saves)`,
      unit: "ms",
      measured: saves.p95,
    });
  return rows;
}
