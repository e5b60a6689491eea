import { buildMtime, type RunningApp, startApp } from "../app.ts";
import type { Row } from "../report.ts";

// Start-up: the first start on a fresh DATA_DIR creates the database; the second finds it. Without
// this phase (--only) the app is started once and not timed.

const GROUP = "Start-up (npm start → ready)";

export async function startUp(options: {
  dataDir: string;
  port: number;
  buildDir: string;
  measure: boolean;
  log: (line: string) => void;
}): Promise<{ app: RunningApp; rows: Row[] }> {
  const { dataDir, port, buildDir, log } = options;
  const builtAt = buildMtime(buildDir);
  log(`first start on a fresh DATA_DIR (${dataDir})…`);
  const first = await startApp({ dataDir, port, buildDir });
  if (!options.measure) return { app: first, rows: [] };
  await first.stop();
  const rebuilt = buildMtime(buildDir) !== builtAt;
  log("second start…");
  const app = await startApp({ dataDir, port, buildDir });
  const rows: Row[] = [
    {
      id: "start.first",
      group: GROUP,
      label: "first start (creates the database)",
      unit: "s",
      measured: first.readyMs / 1000,
      budget: { op: "≤", limit: 15 },
      note: rebuilt ? "a build happened during it: the code changed meanwhile" : undefined,
    },
    {
      id: "start.second",
      group: GROUP,
      label: "second start",
      unit: "s",
      measured: app.readyMs / 1000,
      budget: { op: "≤", limit: 5 },
    },
  ];
  return { app, rows };
}
