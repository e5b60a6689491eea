import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedPostgres,
  embeddedUrl,
  ensureDatabase,
  freePort,
  startEmbeddedPostgres,
} from "../../scripts/embedded-postgres.ts";

// `npm start` as a newcomer runs it (the built app; `npm test` builds first): the start-up
// summary, Ctrl-C (SIGINT to the whole process group) and SIGTERM, the same through `npm start`
// and SIGINT or SIGTERM sent to one process only (npm's or node's, as a service manager or a
// container does), PostgreSQL stopping by itself after a `kill -9` and the recovery from one left
// running, an external DATABASE_URL, and the production refusal without secrets.

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `node scripts/start.js` (what `npm start` runs), or with `npm: true` the `npm start` command itself. */
function start(env: Record<string, string>, { npm = false } = {}): Started {
  let output = "";
  // The developer's own NODE_ENV must not leak into what is being tested.
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_ENV: undefined, ...env };
  // As `npm start` runs it (compiled, no tsx), in its own process group like a terminal's job.
  const [command, args] = npm ? ["npm", ["start"]] : [process.execPath, ["scripts/start.js"]];
  const child = spawn(command, args, {
    env: childEnv as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code: number | null) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function ready(started: Started) {
  const deadline = Date.now() + 120_000;
  while (!started.output().includes("PlantOps is running")) {
    if (Date.now() > deadline || started.child.exitCode !== null)
      throw new Error(`did not start:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const api = (port: number, pathname: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${port}${pathname}`, init);
const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    // A zombie has exited; only its parent has not collected it yet.
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** What was printed after a stop signal: a scheduled job's line may come at any moment, it is not the stop's. */
const linesOfTheStop = (printed: string) =>
  printed.split("\n").filter((line) => line && !line.includes(" [jobs] "));

/** Every process on the machine: its parent and its arguments (from /proc). */
function processTable() {
  const table: { pid: number; ppid: number; group: number; args: string[] }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name in parentheses may hold spaces: the fields after its last ")" are fixed.
      const [, ppid, group] = stat
        .slice(stat.lastIndexOf(")") + 2)
        .split(" ")
        .map(Number);
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      table.push({ pid: Number(entry), ppid, group, args });
    } catch {
      // gone while we read
    }
  }
  return table;
}

/** The processes below `pid` (children, grandchildren…). */
function descendants(pid: number, table = processTable()): ReturnType<typeof processTable> {
  const children = table.filter((row) => row.ppid === pid);
  return children.flatMap((child) => [child, ...descendants(child.pid, table)]);
}

/** The Node.js process serving `npm start` (npm → node, or npm → sh → node). */
function nodeOf(npmPid: number) {
  const found = descendants(npmPid).find((row) => row.args.includes("scripts/start.js"));
  if (!found) throw new Error(`no node scripts/start.js under npm (pid ${npmPid})`);
  return found.pid;
}

/** The postmaster of a data directory and its server processes, from its postmaster.pid. */
function postgresOf(dir: string) {
  const postmaster = Number(
    fs.readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
  );
  return [postmaster, ...descendants(postmaster).map((row) => row.pid)];
}

/** Any process still running on the data directory's cluster (the postmaster names it in its arguments). */
const postgresStillOn = (dir: string) =>
  processTable().filter((row) => row.args.some((arg) => arg.includes(path.join(dir, "postgres"))));

/** Whether the port refuses connections (nothing listens any more). */
const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

/** Waits until `done()` holds, at most until `deadline` (ms since the epoch); says whether it held. */
async function until(done: () => boolean, deadline: number) {
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * A request whose body is half sent (a sign-in without a password: refused at once, so the time
 * measured is the stop's, not a hash's). `finish()` sends the rest; `answer()` is what came back.
 */
async function halfSentRequest(port: number) {
  const body = JSON.stringify({ email: "keeper@plant.test", note: "x".repeat(100) });
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  socket.on("error", () => {});
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  // The server has read the head and waits for the body.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { finish: () => socket.end(body.slice(10)), answer: () => answer };
}

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-system-"));
  fs.chmodSync(dataDir, 0o755);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm start on the embedded database", () => {
  it("prints the summary with a generated code, serves, and on Ctrl-C finishes the request in flight, stops PostgreSQL and exits within 3 s saying only Stopped.", async () => {
    const port = await freePort();
    const app = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(app);
    const summary = app.output();
    expect(summary).toContain(`URL:       http://localhost:${port}`);
    expect(summary).toContain(`embedded PostgreSQL, data in ${path.join(dataDir, "postgres")}`);
    const code = /Registration code: (\S+)/.exec(summary)?.[1];
    expect(code, "a generated code is 16 hexadecimal capitals").toMatch(/^[0-9A-F]{16}$/);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")).REGISTRATION_CODE).toBe(
      code,
    );

    const registered = await api(
      port,
      "/api/auth/register",
      json({ email: "keeper@plant.test", password: "correct horse battery", securityCode: code }),
    );
    expect(registered.status).toBe(201);

    expect(fs.statSync(path.join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, "postgres.log")).mode & 0o777).toBe(0o600);

    // Ctrl-C in a terminal: SIGINT to the whole process group, while a request is in flight.
    const postmaster = Number(
      fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
    );
    // A request whose body is half sent when Ctrl-C is pressed still gets its answer.
    const request = await halfSentRequest(port);
    // What the app printed until now (its start, a job's line) is not the stop's: only what follows.
    const printedBefore = app.output().length;
    const pressed = Date.now();
    process.kill(-(app.child.pid as number), "SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.finish();
    expect(await app.exited).toBe(0);
    expect(Date.now() - pressed).toBeLessThan(3_000);
    expect(request.answer()).toMatch(/^HTTP\/1\.1 400 /);
    expect(app.output()).toContain("Press Ctrl-C to stop.");
    expect(linesOfTheStop(app.output().slice(printedBefore))).toEqual(["Stopped."]);
    expect(alive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  });

  it("prints the registration code only on the first start; npm run registration-code prints it after", async () => {
    const port = await freePort();
    const app = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(app);
    expect(app.output()).not.toContain("Registration code:");
    const code = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")).REGISTRATION_CODE;
    const printed = spawnSync("npm", ["run", "--silent", "registration-code"], {
      env: { ...process.env, DATA_DIR: dataDir, REGISTRATION_CODE: "" },
      encoding: "utf8",
    });
    expect(printed.stdout.trim()).toBe(code);
    // The app's database belongs to a role that is not a superuser, and `db:url` names that role.
    const url = embeddedUrl(dataDir) as string;
    expect(new URL(url).username).toBe("plantops");
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const [role] = await sql`select rolsuper from pg_roles where rolname = current_user`;
    const [owner] =
      await sql`select pg_get_userbyid(datdba) as name from pg_database where datname = current_database()`;
    await sql.end();
    expect(role.rolsuper).toBe(false);
    expect(owner.name).toBe("plantops");
    // SIGTERM (a service manager) stops it the same way.
    process.kill(-(app.child.pid as number), "SIGTERM");
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain("Stopped.");
  });

  it("after a kill -9 PostgreSQL stops by itself; one orphaned anyway is stopped by the next start; every committed record is kept", async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(first);
    // The generated code is kept from the first start.
    const code = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")).REGISTRATION_CODE;
    const saved = await api(
      port,
      "/api/auth/register",
      json({ email: "crash@plant.test", password: "correct horse battery", securityCode: code }),
    );
    expect(saved.status).toBe(201);
    const { server } = JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8"));
    const postmaster = postgresOf(dataDir)[0];

    // kill -9 of node: its watcher (a shell waiting on a pipe from node) stops PostgreSQL.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(alive(server)).toBe(false); // the web server is the launcher's own process
    await until(() => !alive(postmaster), Date.now() + 10_000);
    expect(alive(postmaster), "PostgreSQL left serving after a kill -9 of node").toBe(false);
    expect(postgresStillOn(dataDir)).toEqual([]);

    // kill -9 of node and its watcher at once: the postmaster is orphaned, holding the data directory.
    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(second);
    const node = second.child.pid as number;
    const orphan = postgresOf(dataDir)[0];
    const watcher = descendants(node).find((row) => row.ppid === node && row.pid !== orphan);
    expect(watcher?.args[0], "node's children: the postmaster and its watcher").toBe("/bin/sh");
    process.kill(watcher?.pid as number, "SIGKILL");
    second.child.kill("SIGKILL");
    await second.exited;
    expect(alive(orphan)).toBe(true);

    const third = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(third);
    expect(alive(orphan)).toBe(false);
    for (const email of ["keeper@plant.test", "crash@plant.test"]) {
      const login = await api(port, "/api/auth/login", json({ email, password: "correct horse battery" }));
      expect(login.status, email).toBe(200);
    }
    process.kill(-(third.child.pid as number), "SIGINT");
    expect(await third.exited).toBe(0);
  });

  it("starts its embedded PostgreSQL again when it is killed (the OOM killer), and serves on", async () => {
    const port = await freePort();
    const app = start({ PORT: String(port), DATA_DIR: dataDir });
    // A failure here says what the app printed, and never leaves it running for the next tests
    // (they start on the same data directory).
    const said = () => `\n--- the app printed ---\n${app.output().slice(-4000)}`;
    try {
      await ready(app);
      const postmaster = postgresOf(dataDir)[0];
      process.kill(postmaster, "SIGKILL");
      const again = await until(
        () => app.output().includes("The embedded PostgreSQL is running again"),
        Date.now() + 60_000,
      );
      expect(again, `PostgreSQL started again${said()}`).toBe(true);
      expect(app.output()).toContain("The embedded PostgreSQL stopped unexpectedly: starting it again");
      expect(app.child.exitCode, "the app serves on").toBeNull();
      expect(postgresOf(dataDir)[0]).not.toBe(postmaster);
      // The pool's connections to the killed server are found closed as they are used: the first
      // answers may be the 503 to try again, then the sign-in works.
      let status = 0;
      const deadline = Date.now() + 60_000;
      while (status !== 200 && Date.now() < deadline) {
        const login = await api(port, "/api/auth/login", {
          ...json({ email: "crash@plant.test", password: "correct horse battery" }),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => undefined);
        status = login?.status ?? 0;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(status, `sign-in after the restart${said()}`).toBe(200);
      process.kill(-(app.child.pid as number), "SIGINT");
      const code = await Promise.race([
        app.exited,
        new Promise((resolve) => setTimeout(() => resolve("still running"), 30_000)),
      ]);
      expect(code, `the stop${said()}`).toBe(0);
      expect(postgresStillOn(dataDir)).toEqual([]);
    } finally {
      if (app.child.exitCode === null && app.child.signalCode === null) {
        try {
          process.kill(-(app.child.pid as number), "SIGKILL");
        } catch {
          // gone meanwhile
        }
        for (const row of postgresStillOn(dataDir)) {
          try {
            process.kill(row.pid, "SIGKILL");
          } catch {
            // gone meanwhile
          }
        }
        await app.exited;
      }
    }
  });
});

describe("npm start stopped by a signal to one process (a service manager's, a container's)", () => {
  // What a case started: a case that fails (its processes left serving) is cleaned up here, so the
  // next one can start on the same data directory.
  let npmStarted: number | undefined;
  afterEach(async () => {
    if (!npmStarted) return;
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    const postmaster = fs.existsSync(pidFile) ? postgresOf(dataDir)[0] : undefined;
    // npm, its shell and node: npm's process group, even once npm is gone.
    const group = npmStarted;
    npmStarted = undefined;
    const signal = (pid: number, name: NodeJS.Signals) => {
      try {
        process.kill(pid, name);
      } catch {
        // gone meanwhile
      }
    };
    for (const row of processTable().filter((row) => row.group === group)) signal(row.pid, "SIGKILL");
    if (postmaster) {
      signal(postmaster, "SIGINT");
      await until(() => !alive(postmaster), Date.now() + 30_000);
    }
  });

  it.each([
    { signal: "SIGTERM", to: "npm's process alone" },
    { signal: "SIGINT", to: "npm's process alone" },
    { signal: "SIGTERM", to: "node's process alone" },
    { signal: "SIGINT", to: "node's process alone" },
    // Nothing forwards a SIGKILL: node notices that npm is gone and stops by itself.
    { signal: "SIGKILL", to: "npm's process alone" },
    // Ctrl-C in a terminal: npm and node both get it, and npm forwards it to node once more.
    { signal: "SIGINT", to: "the process group of npm start (Ctrl-C)" },
  ] as const)("$signal to $to: the request in flight is answered, PostgreSQL stops, nothing is left and the port is free within 3 s, saying only Stopped.", async ({
    signal,
    to,
  }) => {
    const port = await freePort();
    const app = start({ PORT: String(port), DATA_DIR: dataDir }, { npm: true });
    npmStarted = app.child.pid;
    await ready(app);
    const npm = app.child.pid as number;
    const node = nodeOf(npm);
    const postgres = postgresOf(dataDir);
    const request = await halfSentRequest(port);
    // Everything npm start runs: node, the postmaster and its server processes, PostgreSQL's watcher.
    const everything = [...new Set([npm, ...descendants(npm).map((row) => row.pid), ...postgres])];
    expect(everything).toEqual(expect.arrayContaining([node, postgres[0]]));
    const printedBefore = app.output().length;
    const sent = Date.now();
    process.kill(to.startsWith("npm") ? npm : to.startsWith("node") ? node : -npm, signal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.finish();

    await until(() => !everything.some(alive), sent + 3_000);
    expect(everything.filter(alive), "processes of npm start still running after 3 s").toEqual([]);
    expect(await app.exited).toBe(signal === "SIGKILL" ? null : 0);
    expect(request.answer()).toMatch(/^HTTP\/1\.1 400 /);
    expect(linesOfTheStop(app.output().slice(printedBefore))).toEqual(["Stopped."]);
    expect(await refuses(port)).toBe(true);
    expect(postgresStillOn(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  });
});

describe("npm start on an external PostgreSQL", () => {
  let external: EmbeddedPostgres;
  let externalDir: string;
  beforeAll(async () => {
    externalDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-external-"));
    fs.chmodSync(externalDir, 0o755);
    external = await startEmbeddedPostgres({ dataDir: externalDir, serverSettings: { fsync: "off" } });
    await ensureDatabase(external.url("postgres"), "plant_external");
  });
  afterAll(async () => {
    await external.stop();
    fs.rmSync(externalDir, { recursive: true, force: true });
  });

  it("uses DATABASE_URL, migrates it and says which host", async () => {
    const port = await freePort();
    const app = start({
      PORT: String(port),
      DATA_DIR: path.join(externalDir, "app"),
      DATABASE_URL: external.url("plant_external"),
      REGISTRATION_CODE: "EXTERNAL-CODE-2026",
      SESSION_SECRET: "s".repeat(40),
    });
    await ready(app);
    expect(app.output()).toContain(`external PostgreSQL at 127.0.0.1:${external.port}`);
    expect(app.output()).not.toContain("Registration code:");
    const health = await api(port, "/api/health");
    expect(await health.json()).toMatchObject({ database: "ok", live: true, ready: true });
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
  });

  it("refuses to start in production without the secrets, saying which", async () => {
    const app = start({
      NODE_ENV: "production",
      PORT: String(await freePort()),
      DATABASE_URL: external.url("plant_external"),
      DATA_DIR: path.join(externalDir, "prod"),
    });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain(
      "SESSION_SECRET and REGISTRATION_CODE must be set when NODE_ENV=production and DATABASE_URL is set",
    );
  });
});
