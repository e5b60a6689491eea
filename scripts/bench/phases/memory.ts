import { POOL } from "#app/db/pool.ts";
import { type AppMemory, readAppMemory } from "../app.ts";
import { type Bench, MB, settle, sleep } from "../context.ts";
import type { Row } from "../report.ts";

// Memory at idle after the load (issue 15: ≤ 200 MB): everything `npm start` leaves running, once
// the pool has closed its idle connections.

const GROUP = "Memory at idle (RSS)";

export function memoryRows(idle: AppMemory, fresh: AppMemory | undefined, after: string): Row[] {
  const rows: Row[] = [
    {
      id: "memory.idle",
      group: GROUP,
      label: `all of npm start (${idle.processes} processes): Node ${(idle.nodeRss / MB).toFixed(0)} MB + PostgreSQL ${(idle.postgresRss / MB).toFixed(0)} MB (${idle.postgresProcesses} processes), ${after}`,
      unit: "MB",
      measured: idle.totalRss / MB,
      budget: { op: "≤", limit: 200 },
    },
    {
      id: "memory.idle.pss",
      group: GROUP,
      label: "same, PSS (shared memory counted once)",
      unit: "MB",
      measured: idle.pss / MB,
    },
  ];
  if (fresh)
    rows.push({
      id: "memory.fresh",
      group: GROUP,
      label: "all of npm start just after start, empty database",
      unit: "MB",
      measured: fresh.totalRss / MB,
    });
  return rows;
}

export async function memoryPhase(bench: Bench, fresh?: AppMemory, after = "after the load"): Promise<Row[]> {
  await settle(bench.url);
  bench.log(`memory: waiting ${POOL.idleTimeoutSeconds + 10} s for the app to go idle…`);
  await sleep((POOL.idleTimeoutSeconds + 10) * 1000);
  return memoryRows(readAppMemory(bench.app), fresh, after);
}
