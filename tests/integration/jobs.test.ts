import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { pruneSignIns, pruneSignInsJob } from "#app/auth/prune-job.server.ts";
import { loginAttempts, registrationAttempts, sessions, users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { jobsStatus, QUIET_QUEUE, wakeWorkers } from "#app/jobs/jobs.server.ts";
import { startJobs, stopJobs } from "#app/jobs.server.ts";
import { sendMailSoon } from "#app/mail/send-job.server.ts";
import { createUser } from "#tests/support/users.ts";

afterAll(async () => {
  await stopJobs();
});

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

// Values may be SQL (times relative to the database's now()).
async function sessionFor(userId: string, values: Record<string, unknown>) {
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
      ...values,
    } as typeof sessions.$inferInsert)
    .returning({ id: sessions.id });
  return row.id;
}

describe("the daily prune of sign-in records", () => {
  it("deletes attempts older than 30 days and ended sessions, and keeps what is recent or in use", async () => {
    const user = await createUser();
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await db.insert(loginAttempts).values([
      { email: "old@plant.test", address: "a", succeeded: false, createdAt: daysAgo(31) },
      { email: "recent@plant.test", address: "a", succeeded: false, createdAt: daysAgo(29) },
    ]);
    await db.insert(registrationAttempts).values([
      { address: "old", succeeded: false, createdAt: daysAgo(31) },
      { address: "recent", succeeded: false, createdAt: daysAgo(1) },
    ]);
    const kept = {
      live: await sessionFor(userId, {}),
      justExpired: await sessionFor(userId, { expiresAt: new Date(Date.now() - 3_600_000) }),
      sharedIdle20Minutes: await sessionFor(userId, {
        idleMinutes: 30,
        lastSeenAt: sql`now() - interval '20 minutes'`,
      }),
    };
    const gone = {
      expired: await sessionFor(userId, { expiresAt: new Date(Date.now() - 3 * 86_400_000) }),
      revoked: await sessionFor(userId, { revokedAt: new Date(Date.now() - 2 * 86_400_000) }),
      idle: await sessionFor(userId, { lastSeenAt: hoursAgo(8 + 25) }),
      sharedIdle: await sessionFor(userId, { idleMinutes: 30, lastSeenAt: hoursAgo(25) }),
    };

    const counts = await pruneSignIns(db, 8 * 60);
    expect(counts).toMatchObject({ loginAttempts: 1, registrationAttempts: 1 });
    expect(counts.sessions).toBeGreaterThanOrEqual(4);

    const attempts = await db.select({ email: loginAttempts.email }).from(loginAttempts);
    expect(attempts.map((row) => row.email)).toContain("recent@plant.test");
    expect(attempts.map((row) => row.email)).not.toContain("old@plant.test");
    const registrations = await db
      .select({ address: registrationAttempts.address })
      .from(registrationAttempts);
    expect(registrations.map((row) => row.address)).toEqual(["recent"]);
    const left = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [...Object.values(kept), ...Object.values(gone)]));
    expect(left.map((row) => row.id).sort()).toEqual(Object.values(kept).sort());
  });
});

describe("the job queue", () => {
  it("registers the prune daily in the plant's time zone and runs it through the queue", async () => {
    const boss = await startJobs(process.env.DATABASE_URL!);
    const schedules = await boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: pruneSignInsJob.name,
          cron: "30 3 * * *",
          options: expect.objectContaining({ tz: process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata" }),
        }),
        expect.objectContaining({
          name: "daily-digest",
          cron: "0 8 * * *",
          options: expect.objectContaining({ tz: process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata" }),
        }),
        expect.objectContaining({ name: "send-mail", cron: "* * * * *" }),
      ]),
    );
    await db
      .insert(loginAttempts)
      .values({ email: "ancient@plant.test", address: "a", succeeded: false, createdAt: daysAgo(40) });
    const id = await boss.send(pruneSignInsJob.name, {});
    expect(id, "pg-boss gives the queued job a uuid").toMatch(/^[0-9a-f-]{36}$/);
    // The worker looks for work once a minute (the jobs are daily): wake it rather than wait.
    wakeWorkers();
    let state: string | undefined;
    for (let tries = 0; tries < 40 && state !== "completed"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = (await boss.getJobById(pruneSignInsJob.name, id!))?.state;
    }
    expect(state).toBe("completed");
    expect(
      await db.select().from(loginAttempts).where(eq(loginAttempts.email, "ancient@plant.test")),
    ).toHaveLength(0);
  });

  it("looks at the schedules often enough that no scheduled minute passes unseen", () => {
    // pg-boss sends a schedule's run from a look within 60 s after its minute, and skips a look
    // made less than an interval after the last: two looks can be two intervals apart.
    expect(2 * QUIET_QUEUE.cronMonitorIntervalSeconds).toBeLessThan(60);
  });

  it("runs the outbox sender at once when a page queues mail, not at its worker's next minute", async () => {
    await startJobs(process.env.DATABASE_URL!);
    const [{ now }] = (await db.execute(sql`select clock_timestamp() as now`)) as unknown as {
      now: string;
    }[];
    await sendMailSoon();
    // Every worker looks for work once a minute (idle memory, issue 15): without the wake this job
    // would wait up to 60 s.
    let state: string | undefined;
    for (let tries = 0; tries < 20 && state !== "completed"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const rows = (await db.execute(
        sql`select state from pgboss.job where name = 'send-mail' and created_on >= ${now}::timestamptz order by created_on desc limit 1`,
      )) as unknown as { state: string }[];
      state = rows[0]?.state;
    }
    expect(state).toBe("completed");
  });
});

describe("a job queue that cannot start", () => {
  it("says so in its status, logs each failed try in one line, keeps trying, and stops when the app stops", async () => {
    await stopJobs();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Nothing listens on port 1: every try fails at once, as while PostgreSQL is away.
    const started = startJobs("postgres://plantops:secret@127.0.0.1:1/plantops");
    const outcome = started.then(
      () => "started",
      (error: Error) => error.message,
    );
    for (let tries = 0; tries < 100 && warn.mock.calls.length < 2; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(jobsStatus()).toMatchObject({ state: "retrying", error: expect.stringContaining("ECONNREFUSED") });
    // Tried again after its wait (2 s), not given up.
    expect(warn.mock.calls.length).toBeGreaterThanOrEqual(2);
    for (const [line] of warn.mock.calls) {
      expect(line).toMatch(
        /^\S+Z \S+:\d+ \[jobs\] The job queue could not start \(.*ECONNREFUSED.*\); trying again in \d+ s/,
      );
      expect(line).not.toContain("\n");
    }
    await stopJobs();
    expect(await outcome).toBe("The app stopped before its job queue started.");
    expect(jobsStatus()).toEqual({ state: "stopped" });
    warn.mockRestore();
  });
});
