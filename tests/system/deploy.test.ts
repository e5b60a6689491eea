import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedPostgres,
  ensureDatabase,
  freePort,
  startEmbeddedPostgres,
} from "#app/db/embedded.server.ts";

// Deploying as the README says (issue 32): `npm run build` builds everything `npm start` runs, so
// the first start after it does not build again; a start that finds another one building waits
// for that build instead of building into the same folder; HOST binds the app to one address.

const BUILD_DIR = "build-deploy-test";
const buildDir = path.resolve(BUILD_DIR);
let clusterDir: string;
let cluster: EmbeddedPostgres;
let databaseUrl: string;
const children: ChildProcess[] = [];

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>): Started {
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: undefined,
      BUILD_DIR,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "s".repeat(40),
      REGISTRATION_CODE: "DEPLOY-TEST-2026",
      DATA_DIR: path.join(clusterDir, "app"),
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(what: string, check: () => boolean, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(started: Started) {
  started.child.kill("SIGTERM");
  expect(await started.exited).toBe(0);
}

beforeAll(async () => {
  clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-deploy-"));
  fs.chmodSync(clusterDir, 0o755);
  cluster = await startEmbeddedPostgres({ dataDir: clusterDir, serverSettings: { fsync: "off" } });
  await ensureDatabase(cluster.url("postgres"), "plant_deploy");
  databaseUrl = cluster.url("plant_deploy");
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await cluster?.stop();
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
  fs.rmSync(`${buildDir}.lock`, { force: true });
});

describe("deploying", () => {
  it("npm run build builds the pages and the launcher: the first start after it does not build", async () => {
    fs.rmSync(buildDir, { recursive: true, force: true });
    // Not spawnSync: the test's worker must keep answering vitest during the minute of the build.
    const build = spawn("npm", ["run", "--silent", "build"], { env: { ...process.env, BUILD_DIR } });
    let printed = "";
    build.stdout.on("data", (chunk: Buffer) => {
      printed += chunk;
    });
    build.stderr.on("data", (chunk: Buffer) => {
      printed += chunk;
    });
    const status = await new Promise((resolve) => build.once("exit", resolve));
    expect(status, printed).toBe(0);
    expect(printed).toContain("Built the server");
    expect(fs.existsSync(path.join(buildDir, "server/index.js"))).toBe(true);
    expect(fs.existsSync(path.join(buildDir, "launcher/start.js"))).toBe(true);
    expect(fs.existsSync(`${buildDir}.lock`), "the lock is given back").toBe(false);

    const app = start({ PORT: String(await freePort()) });
    await until("the start", () => app.output().includes("PlantOps is running"));
    expect(app.output()).not.toMatch(/building/i);
    await stop(app);
  }, 300_000);

  it("a start that finds another one building waits for that build, then uses it without building", async () => {
    // Another start is building (a live process holds the lock) and its build is not complete yet.
    const launcher = path.join(buildDir, "launcher/start.js");
    const kept = fs.readFileSync(launcher);
    fs.rmSync(launcher);
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    children.push(holder);
    fs.writeFileSync(`${buildDir}.lock`, String(holder.pid));

    const app = start({ PORT: String(await freePort()) });
    await until("the start to wait", () =>
      app.output().includes(`Another start (pid ${holder.pid}) is building`),
    );
    // The other start's build completes, and it gives the lock back.
    fs.writeFileSync(launcher, kept);
    fs.rmSync(`${buildDir}.lock`);
    holder.kill("SIGKILL");
    await until("the start", () => app.output().includes("PlantOps is running"));
    expect(app.output()).not.toMatch(/No build yet|older than the code|Building/);
    await stop(app);
  }, 120_000);

  it("HOST binds the app to one address: another address of the machine is refused", async () => {
    const port = await freePort();
    // Every 127.x.y.z address reaches this machine's loopback: bound to 127.0.0.2, 127.0.0.1 finds no one.
    const app = start({ PORT: String(port), HOST: "127.0.0.2" });
    await until("the start", () => app.output().includes("PlantOps is running"));
    expect(app.output()).toContain(`URL:       http://127.0.0.2:${port}`);
    expect((await fetch(`http://127.0.0.2:${port}/api/health`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    await stop(app);

    const wrong = start({ PORT: String(port), HOST: "192.0.2.1" });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain("HOST 192.0.2.1 is not an address of this machine");
  }, 120_000);
});
