import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedPostgres,
  embeddedUrl,
  ensureDatabase,
  freePort,
  startEmbeddedPostgres,
} from "#app/db/embedded.server.ts";

// `npm start` as a newcomer runs it (the built app; `npm test` builds first): the start-up
// summary, Ctrl-C (SIGINT to the whole process group) and SIGTERM, recovery after `kill -9`, an
// external DATABASE_URL, and the production refusal without secrets.

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>): Started {
  let output = "";
  // The developer's own NODE_ENV must not leak into what is being tested.
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_ENV: undefined, ...env };
  // As `npm start` runs it (compiled, no tsx), in its own process group like a terminal's job.
  const child = spawn(process.execPath, ["scripts/start.js"], {
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
    return true;
  } catch {
    return false;
  }
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
    // A request whose body is half sent when Ctrl-C is pressed still gets its answer (a sign-in
    // without a password: refused at once, so the time measured is the stop's, not a hash's).
    const body = JSON.stringify({ email: "keeper@plant.test", note: "x".repeat(100) });
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // What the app printed until now (its start, a job's line) is not the stop's: only what follows.
    const printedBefore = app.output().length;
    const pressed = Date.now();
    process.kill(-(app.child.pid as number), "SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.end(body.slice(10));
    expect(await app.exited).toBe(0);
    expect(Date.now() - pressed).toBeLessThan(3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(app.output()).toContain("Press Ctrl-C to stop.");
    const afterStop = app.output().slice(printedBefore);
    expect(afterStop.split("\n").filter(Boolean)).toEqual(["Stopped."]);
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

  it("comes back after a kill -9 (orphaned server and postmaster), with every committed record", async () => {
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
    const postmaster = Number(
      fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
    );

    first.child.kill("SIGKILL");
    await first.exited;
    expect(alive(server)).toBe(false); // the web server is the launcher's own process
    expect(alive(postmaster)).toBe(true); // left behind, holding the data directory

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await ready(second);
    expect(alive(postmaster)).toBe(false);
    for (const email of ["keeper@plant.test", "crash@plant.test"]) {
      const login = await api(port, "/api/auth/login", json({ email, password: "correct horse battery" }));
      expect(login.status, email).toBe(200);
    }
    process.kill(-(second.child.pid as number), "SIGINT");
    expect(await second.exited).toBe(0);
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
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
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
