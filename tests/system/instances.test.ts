import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#app/db/migrate.server.ts";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import {
  type EmbeddedPostgres,
  ensureDatabase,
  freePort,
  startEmbeddedPostgres,
} from "../../scripts/embedded-postgres.ts";

// Several app instances on one PostgreSQL (issue 19, README "Several instances"): two built apps
// (`npm start`, as start.test.ts runs it) on one DATABASE_URL, started at the same moment. They
// share the migrations (under an advisory lock), the sessions, the sign-in throttle and the job
// queue, so the daily digest goes out once however many instances catch it up at start; settings
// saved on one hold on the other at once (the digest time included).

type Instance = { port: number; child: ChildProcess; output: () => string; exited: Promise<number | null> };

const ZONE = "Asia/Kolkata";
const PASSWORD = "correct horse battery";
const CODE = "TWO-INSTANCES-2026";
const EMAIL = "manager@plant.test";

let cluster: EmbeddedPostgres;
let clusterDir: string;
let databaseUrl: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sql: postgres.Sql;
/** Every instance started, so a failed test still stops them before their database goes. */
const started: Instance[] = [];

async function start(name: string, port: number): Promise<Instance> {
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: undefined,
      PORT: String(port),
      DATA_DIR: path.join(clusterDir, name),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "s".repeat(40),
      REGISTRATION_CODE: CODE,
      PLANT_TIME_ZONE: ZONE,
      SMTP_URL: smtp.url,
      MAIL_FROM: "plantops@plant.test",
      APP_URL: "http://plantops.plant.test",
    } as unknown as NodeJS.ProcessEnv,
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
  const instance = { port, child, output: () => output, exited };
  started.push(instance);
  return instance;
}

async function ready(instance: Instance) {
  const deadline = Date.now() + 60_000;
  while (!instance.output().includes("PlantOps is running")) {
    if (Date.now() > deadline || instance.child.exitCode !== null)
      throw new Error(`did not start:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Both instances started at the same moment, both serving. */
async function startBoth(ports: [number, number]) {
  const both = await Promise.all([start("a", ports[0]), start("b", ports[1])]);
  await Promise.all(both.map(ready));
  return both;
}

async function stop(instance: Instance) {
  process.kill(-(instance.child.pid as number), "SIGTERM");
  expect(await instance.exited).toBe(0);
}

const call = (instance: Instance, pathname: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${instance.port}${pathname}`, { redirect: "manual", ...init });
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** The job queue's state as an instance's /api/health tells it. */
async function jobsState(instance: Instance) {
  const health = (await (await call(instance, "/api/health")).json()) as { jobs?: string };
  return health.jobs;
}

async function until(what: string, check: () => Promise<boolean>, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-instances-"));
  fs.chmodSync(clusterDir, 0o755);
  cluster = await startEmbeddedPostgres({ dataDir: clusterDir, serverSettings: { fsync: "off" } });
  await ensureDatabase(cluster.url("postgres"), "plant_shared");
  databaseUrl = cluster.url("plant_shared");
  smtp = await startSmtpServer();
  sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  for (const instance of started)
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      process.kill(-(instance.child.pid as number), "SIGTERM");
      await instance.exited;
    }
  await sql?.end();
  await smtp?.close();
  await cluster?.stop();
  fs.rmSync(clusterDir, { recursive: true, force: true });
});

describe("two app instances on one PostgreSQL", () => {
  it("migrate together, share sessions and the sign-in throttle, and send the daily digest once", async () => {
    const ports: [number, number] = [await freePort(), await freePort()];
    // 1. Both start on an empty database at the same moment: one migrates, the other waits for
    // the lock and finds nothing left to do; neither fails.
    let [a, b] = await startBoth(ports);
    const applied = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const committed = fs.readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")).length;
    expect(applied[0].n).toBe(committed);
    // Each instance gets its job queue too (its digest, mail and prune workers): creating pg-boss's
    // queues at once deadlocked, and the loser served on without any, saying so only in its log.
    await until("both instances' job queues to run", async () => {
      const states = await Promise.all([a, b].map(jobsState));
      return states.every((state) => state === "running");
    });
    for (const instance of [a, b])
      expect(instance.output()).not.toMatch(/job queue could not start|deadlock/i);

    // 2. A sign-in on one instance is valid on the other: the session is a row both read.
    const registered = await call(
      a,
      "/api/auth/register",
      post({ email: EMAIL, password: PASSWORD, securityCode: CODE }),
    );
    expect(registered.status).toBe(201);
    const signedIn = await call(a, "/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://127.0.0.1:${a.port}` },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
    });
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const home = await call(b, "/home", { headers: { cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Print the daily report");
    const token = (
      (await (await call(b, "/api/auth/login", post({ email: EMAIL, password: PASSWORD }))).json()) as {
        token: string;
      }
    ).token;
    const contracts = await call(a, "/api/equipment/get", { headers: { authorization: `Bearer ${token}` } });
    expect(contracts.status).toBe(200);

    // 3. The throttle counts in the database: wrong passwords alternate between the instances.
    // Five failures are free, then each next try waits 1 s, 2 s, 4 s… after the last failure (a
    // wait may run out during a slow password check, so a few more tries may pass). Counted per
    // instance, the first refusal would come only after five failures on each, at the 11th try.
    const answers: number[] = [];
    for (let attempt = 0; attempt < 10 && !answers.includes(429); attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const answer = await call(
        instance,
        "/api/auth/login",
        post({ email: EMAIL, password: "not the password" }),
      );
      answers.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.at(-1)).toBe(429);
    expect(answers.length).toBeLessThanOrEqual(8);

    // 4. The digest: a subscriber, a contract 7 days from its end, and a digest time already past.
    // Both instances restart at once; each finds today's digest due and asks for a run.
    const today = dateInZone(new Date(), ZONE);
    await sql`insert into reminder_subscriptions (user_id, kind) select id, 'contracts' from users where email = ${EMAIL}`;
    await sql`insert into contracts (equipment, company, validity_to, mobile_number)
              values ('Fire pump', 'Acme Pumps', ${addDays(today, 7)}, '98765 43210')`;
    await sql`insert into settings (key, value) values ('plant', ${sql.json({ digestTime: "00:00" })})
              on conflict (key) do update set value = excluded.value`;
    await Promise.all([stop(a), stop(b)]);
    [a, b] = await startBoth(ports);

    await until("the digest to arrive", async () => smtp.received.length > 0);
    await until("no digest run left in the queue", async () => {
      const [row] = await sql`select count(*)::int as n from pgboss.job
                              where name = 'daily-digest' and state in ('created', 'retry', 'active')`;
      return row.n === 0;
    });
    await until("the outbox to be empty", async () => {
      const [row] = await sql`select count(*)::int as n from outbox where status <> 'sent'`;
      return row.n === 0;
    });
    // A second message would have been queued by now: both instances' runs are done.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.received.map((message) => message.to)).toEqual([[EMAIL]]);
    expect(smtp.received[0].text).toContain('"Fire pump" ("Acme Pumps"): validity ends');
    const sent = await sql`select kind, "offset" from reminders_sent order by kind`;
    expect(sent.map((row) => `${row.kind} ${row.offset}`)).toEqual(["contract-validity 7", "digest 0"]);

    // 5. Settings saved on one instance hold on both at once, without a restart: A's pages show
    // what was saved on B, the queue's one schedule has the new digest time, and a time already
    // past today asks for today's run now (its digest went out above: nothing more is sent).
    const [{ n: runsBefore }] =
      await sql`select count(*)::int as n from pgboss.job where name = 'daily-digest'`;
    const saved = await call(b, "/settings", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://127.0.0.1:${b.port}`,
        cookie,
      },
      body: new URLSearchParams({
        plantName: "South Plant",
        companyName: "Gas Co",
        dueSoonDays: "7",
        reminderOffsets: "7",
        digestTime: "00:01",
      }).toString(),
    });
    expect(saved.status).toBe(302);
    expect(await (await call(a, "/home", { headers: { cookie } })).text()).toContain("South Plant");
    const [schedule] = await sql`select cron, timezone from pgboss.schedule where name = 'daily-digest'`;
    expect(schedule).toEqual({ cron: "1 0 * * *", timezone: ZONE });
    await until("the digest run the save asked for", async () => {
      const [row] = await sql`select count(*)::int as n from pgboss.job where name = 'daily-digest'
                              and state not in ('created', 'retry', 'active')`;
      return row.n > runsBefore;
    });
    expect(smtp.received).toHaveLength(1);

    await Promise.all([stop(a), stop(b)]);
  }, 120_000);
});
