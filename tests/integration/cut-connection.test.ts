import net from "node:net";
import postgres from "postgres";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { withStartLock } from "#app/db/migrate.server.ts";
import { startJobs, stopJobs } from "#app/jobs.server.ts";

// PostgreSQL killed while a query runs (the OOM killer, a crash): the connection is cut mid-query
// and, until the server is started again, nothing answers on its port. Whatever waited on that
// connection must settle with an error, never wait forever: a job-queue start that waited forever
// in the start lock kept `npm start` from stopping after its embedded PostgreSQL had been killed
// and started again (tests/system/start.test.ts, issue 32).

const database = new URL(process.env.DATABASE_URL as string);
const admin = postgres(database.toString(), { max: 1, onnotice: () => {} });
const MARK = "cut_here";

/** A TCP relay in front of the test database whose connections and port can be cut at once. */
async function relay() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(database.port), database.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(database);
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    /** The database goes away: every connection cut, the port refusing new ones. */
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Waits until a query holding `text` runs on the server (at most 10 s). */
async function untilRunning(text = MARK) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const [{ running }] = await admin`
      select count(*)::int as running from pg_stat_activity
      where state = 'active' and query like ${`%${text}%`} and pid <> pg_backend_pid()`;
    if (running > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the query never started");
}

/** "settled" when the promise settles within `ms`, else "still waiting". */
const settles = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => "settled",
      () => "settled",
    ),
    new Promise((resolve) => setTimeout(() => resolve("still waiting"), ms).unref()),
  ]);

afterEach(async () => {
  // The server side of a cut connection sleeps on: end it.
  await admin`
    select pg_terminate_backend(pid) from pg_stat_activity
    where query like ${`%${MARK}%`} and pid <> pg_backend_pid()`;
});

afterAll(() => admin.end({ timeout: 1 }));

describe("a connection cut mid-query", () => {
  it("fails its query, and the client still ends (postgres.js patched: it waited for that query forever)", async () => {
    const cuttable = await relay();
    const sql = postgres(cuttable.url, { max: 1, onnotice: () => {} });
    const sleeping = sql.unsafe(`select pg_sleep(20) as ${MARK}`).then(
      () => "answered",
      (error: { code?: string }) => error.code,
    );
    await untilRunning();
    cuttable.cut();
    expect(await sleeping).toMatch(/^(CONNECTION_CLOSED|ECONNRESET)$/);
    // No timeout given: end() waits for the connection's queries, and the cut one is settled.
    expect(await settles(sql.end(), 5_000)).toBe("settled");
  });

  it("ended by PostgreSQL (57P01, as at a restart), is reconnected and answers the next query (postgres.js patched: the server's error for the cut query failed that one too)", async () => {
    const sql = postgres(database.toString(), { max: 1, onnotice: () => {} });
    try {
      const [{ pid }] = await sql`select pg_backend_pid() as pid`;
      const sleeping = sql.unsafe(`select pg_sleep(20) as ${MARK}`).then(
        () => "answered",
        (error: { code?: string }) => error.code,
      );
      await untilRunning();
      await admin`select pg_terminate_backend(${pid})`;
      expect(await sleeping).toMatch(/^(CONNECTION_CLOSED|57P01)$/);
      const [{ answer }] = await sql`select 42 as answer`;
      expect(answer).toBe(42);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it("in the start lock, ends the lock with the work's error instead of waiting forever", async () => {
    const cuttable = await relay();
    const outcome = withStartLock(cuttable.url, async (sql) => {
      // Sent now (a query is sent when awaited, else).
      const sleeping = sql.unsafe(`select pg_sleep(20) as ${MARK}`).execute();
      await untilRunning();
      cuttable.cut();
      await sleeping;
    });
    expect(await settles(outcome, 10_000)).toBe("settled");
    await expect(outcome).rejects.toMatchObject({
      code: expect.stringMatching(/CONNECTION_CLOSED|ECONNRESET/),
    });
  });

  it("in the job queue's start, waiting for the start lock, lets the app stop (the stop waited forever)", async () => {
    const cuttable = await relay();
    // Another instance's start holds the lock, so this one's waits in it, its query in flight.
    const holder = postgres(database.toString(), { max: 1, onnotice: () => {} });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await holder`select pg_advisory_lock(hashtext('plantops-migrations'))`;
      const started = startJobs(cuttable.url).catch(() => {});
      await untilRunning("pg_advisory_lock(hashtext");
      cuttable.cut();
      expect(await settles(stopJobs(), 10_000)).toBe("settled");
      await started;
    } finally {
      warn.mockRestore();
      await holder.end({ timeout: 1 });
    }
  });
});
