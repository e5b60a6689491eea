import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { freePort } from "../../embedded-postgres.ts";
import { root } from "../app.ts";
import { type Bench, settle } from "../context.ts";
import { runLoad } from "../measure.ts";
import type { Row } from "../report.ts";
import { API_LISTS } from "./load.ts";

// /api lists against a bare node:http + postgres.js handler on the same database (same JSON):
// what the framework costs.

async function startBaseline(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/bench/baseline-server.ts")],
    {
      cwd: root,
      env: { ...process.env, BASELINE_DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("baseline ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the baseline server stopped (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function firstDifference(a: unknown, b: unknown, at = "$"): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)}`;
}

export async function apiPhase(bench: Bench): Promise<Row[]> {
  const { url, asUser, options, log } = bench;
  const rows: Row[] = [];
  const group = `/api throughput vs bare node:http + postgres.js (${options.connections} connections, ${options.duration} s each)`;
  let baseline: { url: string; child: ChildProcess } | undefined;
  try {
    baseline = await startBaseline(bench.databaseUrl);
    for (const api of API_LISTS) {
      const [mine, bare] = await Promise.all([
        fetch(`${url}${api}`, { headers: asUser(0) }).then((response) =>
          response.ok ? response.json() : null,
        ),
        fetch(`${baseline.url}${api}`).then((response) => response.json()),
      ]);
      if (mine === null) {
        rows.push({
          id: `api.${api}`,
          group,
          label: `${api} missing`,
          unit: "%",
          measured: null,
          budget: { op: "≥", limit: 70 },
        });
        continue;
      }
      const difference = firstDifference(mine, bare);
      await settle(url);
      const appRun = await runLoad({
        url,
        steps: [{ path: api }],
        connections: options.connections,
        duration: options.duration,
        headersFor: asUser,
      });
      const bareRun = await runLoad({
        url: baseline.url,
        steps: [{ path: api }],
        connections: options.connections,
        duration: options.duration,
      });
      log(`${api}: app ${appRun.all.perSecond.toFixed(0)}/s, bare ${bareRun.all.perSecond.toFixed(0)}/s`);
      rows.push({
        id: `api.ratio.${api}`,
        group,
        label: `${api}: app ${appRun.all.perSecond.toFixed(0)}/s vs bare ${bareRun.all.perSecond.toFixed(0)}/s`,
        unit: "%",
        measured: (100 * appRun.all.perSecond) / bareRun.all.perSecond,
        budget: { op: "≥", limit: 70 },
        note: difference
          ? `JSON differs at ${difference}`
          : appRun.all.errors
            ? `${appRun.all.errors} errors`
            : undefined,
      });
    }
  } finally {
    baseline?.child.kill("SIGTERM");
  }
  return rows;
}
