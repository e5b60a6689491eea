import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "../launch.ts";

// Starting the built app exactly as `npm start` does (scripts/start.ts → launch()), in a child
// process so its memory and start-up time can be measured and it can be killed like the real thing.
// Shared by `npm run bench` and the reliability tests.

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type RunningApp = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Milliseconds from spawning `scripts/start.ts` to its "PlantOps is running". */
  readyMs: number;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM (the launcher stops the web server, then PostgreSQL) and wait. */
  stop(): Promise<void>;
};

export type StartOptions = {
  dataDir: string;
  port: number;
  buildDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
};

/** The secrets every run uses, so tests and the bench know the registration code. */
export const RUN_SECRETS = {
  REGISTRATION_CODE: "BENCH-REGISTRATION-CODE",
  SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789abcdef",
};

export async function startApp(options: StartOptions): Promise<RunningApp> {
  let output = "";
  const started = performance.now();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "",
    DATABASE_URL: "",
    ...RUN_SECRETS,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    BUILD_DIR: options.buildDir,
    ...options.env,
  };
  const child = spawn(process.execPath, [path.join(root, "scripts/start.js")], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Always drain the pipes (the web server inherits them): a full pipe would stall the app.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (!output.includes("PlantOps is running")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  const url = `http://127.0.0.1:${options.port}`;
  return {
    url,
    port: options.port,
    dataDir: options.dataDir,
    child,
    readyMs,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export function buildMtime(buildDir: string) {
  return fs.statSync(path.join(root, buildDir, "server/index.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** Builds into `buildDir` (relative to the repository) unless fresh: the launcher's own check. */
export function ensureBuild(buildDir: string, log: (line: string) => void) {
  return ensureFreshBuild(path.resolve(root, buildDir), log);
}

/** The connection URL of the embedded database of a DATA_DIR (as scripts/db-url.ts prints it). */
export function embeddedDatabaseUrl(dataDir: string) {
  const cluster = JSON.parse(fs.readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as {
    port: number;
    user: string;
    password: string;
  };
  return `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@127.0.0.1:${cluster.port}/plantops`;
}

/** The launcher's and web server's pids (DATA_DIR/server.json) and the postmaster's (postmaster.pid). */
export function appPids(dataDir: string) {
  const run = JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8")) as {
    launcher: number;
    server: number;
  };
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
  );
  return { ...run, postmaster };
}

export function statusField(pid: number, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(
      fs.readFileSync(`/proc/${pid}/status`, "utf8"),
    );
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size: shared pages (PostgreSQL's shared buffers) counted once across processes. */
function pss(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

// ── HTTP helpers: the real forms and endpoints, as a browser or an API client uses them ──

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: "POST",
  ...init,
  headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
  body: JSON.stringify(body),
});

export async function registerAccount(url: string, email: string, password: string) {
  const response = await fetch(
    `${url}/api/auth/register`,
    json({ email, password, securityCode: RUN_SECRETS.REGISTRATION_CODE }),
  );
  if (response.status !== 201 && response.status !== 409) {
    throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
  }
}

/** Signs in through the real /login form (urlencoded POST with our Origin) and returns the cookie. */
export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email, password, redirectTo: "/home" }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith("plantops_session="));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookie;
}

export async function apiToken(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/login`, json({ email, password }));
  if (response.status !== 200) throw new Error(`API sign-in of ${email} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A process and all its descendants. */
export function processTree(rootPid: number): number[] {
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) tree.push(...childrenOf(tree[index]));
  return tree;
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
    );
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export type AppMemory = {
  /** RSS of every process `npm start` left running: its whole tree and the postmaster's tree. */
  totalRss: number;
  postgresRss: number;
  /** Everything else: the launcher, the web server, any helper process. */
  nodeRss: number;
  processes: number;
  postgresProcesses: number;
  /** The same processes, PSS (shared memory counted once). */
  pss: number;
};

/**
 * Memory of everything a running app holds, however `npm start` arranges its processes (a launcher
 * and a web server, or one process): the tree under the process the bench spawned, plus the
 * postmaster's tree (PostgreSQL may run in its own process group). Each process counted once.
 */
export function readAppMemory(app: RunningApp): AppMemory {
  const postmaster = postmasterPid(app.dataDir);
  const postgres = new Set(postmaster ? processTree(postmaster) : []);
  const all = new Set([...(app.child.pid ? processTree(app.child.pid) : []), ...postgres]);
  const rss = (pid: number) => statusField(pid, "VmRSS");
  let totalRss = 0;
  let postgresRss = 0;
  let totalPss = 0;
  for (const pid of all) {
    const bytes = rss(pid);
    totalRss += bytes;
    if (postgres.has(pid)) postgresRss += bytes;
    totalPss += pss(pid);
  }
  return {
    totalRss,
    postgresRss,
    nodeRss: totalRss - postgresRss,
    processes: all.size,
    postgresProcesses: postgres.size,
    pss: totalPss,
  };
}
