import net from "node:net";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { isDatabaseAway } from "#app/lib/database-away.ts";
import { createRackItem } from "#app/store-racks/queries.server.ts";
import { signedInUser } from "#tests/support/users.ts";

// PostgreSQL ends a connection (pg_terminate_backend: 57P01, as at a restart) while one of the
// app's saves is in its transaction. Whatever the moment, the save is all written or not at all,
// its caller gets an error (a 503 for the pages and the API: app/lib/database-away.ts), and the
// next save on the same pool works. postgres.js reconnects a cut connection for the pool's next
// query while the transaction's callback may still run. Without our patch's guard
// (patches/postgres+3.4.9.patch, porsager/postgres issue 1216) the rollback that followed a cut
// statement, written to the closed socket, failed the next save's query; and statements a callback
// sent after other work ran on the new connection outside any transaction and were kept, or its
// commit committed another save's transaction there.

const database = process.env.DATABASE_URL as string;
const APP = "cut_transaction";
const admin = postgres(database, { max: 1, onnotice: () => {} });
let userId: string;

/**
 * A TCP relay in front of the test database that can hold back what the client sends (the next
 * statement never reaches PostgreSQL) or what PostgreSQL answers (the statement ran, or began, and
 * its answer is lost). What is held is dropped when PostgreSQL ends the connection.
 */
async function relay() {
  const hold = { toServer: false, toClient: false };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(new URL(database).port), new URL(database).hostname);
    for (const socket of [client, upstream]) socket.on("error", () => {});
    client.on("data", (bytes) => hold.toServer || upstream.write(bytes));
    upstream.on("data", (bytes) => hold.toClient || client.write(bytes));
    upstream.on("close", () => {
      hold.toServer = hold.toClient = false;
      client.destroy();
    });
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(database);
  url.port = String((server.address() as net.AddressInfo).port);
  return { url: url.toString(), hold, close: () => server.close() };
}

/**
 * The app's way to the database (Drizzle on the patched postgres.js), through a relay, with one
 * connection as a busy pool has: the connection a cut transaction held is the one reconnected for
 * the next query. `onStatement` sees each statement as the client builds it, before it is sent.
 */
async function appClient() {
  const cuttable = await relay();
  const sql = postgres(cuttable.url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: APP },
    debug: (_connection, text) => {
      app.statements.push(text);
      app.onStatement(text);
    },
  });
  const app = {
    statements: [] as string[],
    onStatement: (_text: string) => {},
    sql,
    db: drizzle(sql) as Tx,
    hold: cuttable.hold,
    async end() {
      await sql.end({ timeout: 1 });
      cuttable.close();
    },
  };
  return app;
}

/** Waits (at most 10 s) until the app's backend shows `condition` in pg_stat_activity, and gives its pid. */
async function untilBackend(condition: postgres.PendingQuery<postgres.Row[]>, what: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const found = await admin`
      select pid from pg_stat_activity where application_name = ${APP} and ${condition}`;
    if (found.length === 1) return found[0].pid as number;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the app's backend never showed: ${what}`);
}

const idleInTransaction = () => untilBackend(admin`state = 'idle in transaction'`, "idle in transaction");

/** PostgreSQL ends the app's backend (57P01, as at a fast shutdown or a restart). */
async function terminate(pid: number) {
  await admin`select pg_terminate_backend(${pid})`;
}

/** What a save leaves behind: rack items, movements and audit rows (this file's database only). */
async function rows() {
  const [counts] = await admin`
    select (select count(*)::int from rack_items) as items,
           (select count(*)::int from stock_movements) as movements,
           (select count(*)::int from audit_log) as audits,
           (select coalesce(sum(closing_stock), 0)::float8 from rack_items) as balance`;
  return counts as { items: number; movements: number; audits: number; balance: number };
}

/** A rack item put in with an opening, a receipt and an issue: 1 item, 3 movements, 4 audit rows. */
const FIGURES = { availableStock: 10, receipt: 5, issue: 2 };
const ALL = { items: 1, movements: 3, audits: 4, balance: 13 };
const createItem = (db: Tx) =>
  createRackItem(db, 4, { section: "B", materialName: "Gasket" }, FIGURES, userId);

type Rows = Awaited<ReturnType<typeof rows>>;
const plus = (a: Rows, b: Rows, sign = 1): Rows => ({
  items: a.items + sign * b.items,
  movements: a.movements + sign * b.movements,
  audits: a.audits + sign * b.audits,
  balance: a.balance + sign * b.balance,
});

/** How a settled promise ended: "ok", the error it failed with. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ ok: true as const, error: undefined }),
    (error: unknown) => ({ ok: false as const, error }),
  );

beforeAll(async () => {
  const user = await signedInUser();
  const [me] = await admin`select id from users where email = ${user.email}`;
  userId = me.id;
});

afterAll(() => admin.end({ timeout: 1 }));

/** The statements one save sends, in order (from a save with no cut). */
async function statementsOfOneSave() {
  const app = await appClient();
  try {
    await app.sql`select 1`;
    app.statements.length = 0;
    expect((await createItem(app.db)).ok).toBe(true);
    expect(app.statements[0]).toMatch(/^begin/);
    expect(app.statements.at(-1)).toBe("commit");
    return [...app.statements];
  } finally {
    await app.end();
  }
}

/**
 * Runs one save, cut at its statement number `at`, and checks what it left: all or nothing, an
 * error for its caller, and the next save on the same client written whole.
 */
/** One save cut by `cut` at each of its statements in turn, on one client (see saveCutAt). */
async function cutAtEveryStatement(
  cut: (app: Awaited<ReturnType<typeof appClient>>, text: string) => Promise<void>,
) {
  const statements = await statementsOfOneSave();
  const app = await appClient();
  try {
    await app.sql`select 1`;
    for (let at = 1; at < statements.length; at++) {
      await saveCutAt(app, statements, at, (text) => cut(app, text));
    }
  } finally {
    await app.end();
  }
}

async function saveCutAt(
  app: Awaited<ReturnType<typeof appClient>>,
  statements: string[],
  at: number,
  cut: (text: string) => Promise<void>,
) {
  const before = await rows();
  // Counted from the save's `begin` (a new connection first reads the database's types).
  let count = -1;
  let cutting: Promise<void> | undefined;
  let cutText = "";
  app.onStatement = (text) => {
    if (count < 0 && !text.startsWith("begin")) return;
    if (++count === at) {
      cutText = text;
      cutting = cut(text);
    }
  };
  const saved = await outcome(createItem(app.db));
  app.onStatement = () => {};
  expect(cutText, `statement ${at} is not the one a save sends`).toBe(statements[at]);
  await cutting;

  // The caller was told, as the database being away (a 503, not a success or a 500).
  expect(saved.ok, `statement ${at}: the cut save answered as saved`).toBe(false);
  expect(isDatabaseAway(saved.error), `statement ${at}: ${String(saved.error)}`).toBe(true);

  // The pool recovered: the next save on the same client is written whole.
  expect((await createItem(app.db)).ok).toBe(true);
  const after = await rows();
  // The cut one: all or nothing (all when PostgreSQL committed and only its answer was lost).
  const cutSave = plus(after, ALL, -1);
  expect([before, plus(before, ALL)], `statement ${at}: a half-written save`).toContainEqual(cutSave);
  // And no transaction was left open on the server.
  const [{ open }] = await admin`
    select count(*)::int as open from pg_stat_activity
    where application_name = ${APP} and state like 'idle in transaction%'`;
  expect(open).toBe(0);
}

describe("a save whose connection PostgreSQL ends mid-transaction", () => {
  // 22 cuts, each followed by a reconnect and a whole save: 6–16 s on a loaded 2-core machine.
  const CUT_EVERY_STATEMENT_MS = 120_000;

  it(
    "between two of its statements (the next never reached PostgreSQL): all or nothing, an error, the next save works (postgres.js patched: the cut save's rollback, written to the closed connection, failed it)",
    () =>
      cutAtEveryStatement(async (app) => {
        app.hold.toServer = true;
        // Everything before this statement answered: the backend waits, inside the transaction.
        await terminate(await idleInTransaction());
      }),
    CUT_EVERY_STATEMENT_MS,
  );

  it(
    "while one of its statements runs (its answer never came back): all or nothing, an error, the next save works (postgres.js patched: the cut save's rollback, written to the closed connection, failed it)",
    () =>
      cutAtEveryStatement(async (app, text) => {
        app.hold.toClient = true;
        // PostgreSQL has this statement (ran it, or described it and waits for the rest).
        const pid = await untilBackend(
          admin`left(query, 100) = ${text.slice(0, 100)} and wait_event = 'ClientRead'`,
          `waiting after ${text.slice(0, 40)}`,
        );
        await terminate(pid);
      }),
    CUT_EVERY_STATEMENT_MS,
  );

  it("while one of its statements waits on a lock in PostgreSQL: nothing written, an error, the next save works", async () => {
    const app = await appClient();
    const locker = postgres(database, { max: 1, onnotice: () => {} });
    try {
      const holder = await locker.reserve();
      await holder`begin`;
      // Audit rows wait: the save's first audit insert comes after its item and a movement.
      await holder`lock table audit_log in share mode`;
      const before = await rows();
      const saving = outcome(createItem(app.db));
      const pid = await untilBackend(admin`wait_event_type = 'Lock'`, "waiting on the lock");
      await terminate(pid);
      const saved = await saving;
      await holder`rollback`;
      holder.release();
      expect(saved.ok).toBe(false);
      expect(isDatabaseAway(saved.error)).toBe(true);
      expect(await rows()).toEqual(before);
      expect((await createItem(app.db)).ok).toBe(true);
      expect(await rows()).toEqual(plus(before, ALL));
    } finally {
      await locker.end({ timeout: 1 });
      await app.end();
    }
  });
});

describe("a transaction's callback that goes on after PostgreSQL ended its connection", () => {
  /** A promise settled from outside: `done` once `fire()` is called. */
  function signal() {
    let fire = () => {};
    const done = new Promise<void>((resolve) => {
      fire = resolve;
    });
    return { done, fire };
  }

  /**
   * Runs `work` as a transaction's callback on `app` (Drizzle's db.transaction, as the app's
   * commands do): `saved` is what its caller gets, `ended` how the callback itself ended.
   */
  function transaction(app: Awaited<ReturnType<typeof appClient>>, work: (tx: Tx) => Promise<unknown>) {
    let ended: Promise<Awaited<ReturnType<typeof outcome>>> | undefined;
    const saved = outcome(
      app.db.transaction((tx) => {
        const running = work(tx);
        ended = outcome(running);
        return running;
      }),
    );
    return { saved, ended: () => ended as NonNullable<typeof ended> };
  }

  it("writes nothing more, even once the pool has reconnected that connection (postgres.js patched: the rest ran outside the transaction and was kept)", async () => {
    const app = await appClient();
    try {
      await app.sql`select 1`;
      const before = await rows();
      const atOtherWork = signal();
      const otherWorkDone = signal();
      // A save made of the app's commands (the item with its movements, then an audit row of
      // the whole), with other work between them: a file read, a hash, a request elsewhere.
      const save = transaction(app, async (tx) => {
        await createItem(tx);
        atOtherWork.fire();
        await otherWorkDone.done;
        await audit(tx, { userId, action: "update", entity: "rack_item", entityId: "cut", after: {} });
      });
      await atOtherWork.done;
      await terminate(await idleInTransaction());
      // The caller is told at once.
      const saved = await save.saved;
      expect(saved.ok).toBe(false);
      expect(isDatabaseAway(saved.error)).toBe(true);
      // Another request on the pool reconnects the connection the transaction had.
      await app.sql`select 1`;
      // The callback goes on: its statement is refused, not run on the new connection.
      otherWorkDone.fire();
      const ended = await save.ended();
      expect(ended.ok).toBe(false);
      expect(isDatabaseAway(ended.error)).toBe(true);
      await app.sql`select 1`;
      expect(await rows()).toEqual(before);
      expect((await createItem(app.db)).ok).toBe(true);
      expect(await rows()).toEqual(plus(before, ALL));
    } finally {
      await app.end();
    }
  });

  it("does not end another request's transaction on that connection (postgres.js patched: its commit committed the other's first rows)", async () => {
    const app = await appClient();
    try {
      await app.sql`select 1`;
      const before = await rows();
      const atOtherWork = signal();
      const otherWorkDone = signal();
      const first = transaction(app, async () => {
        atOtherWork.fire();
        await otherWorkDone.done;
      });
      await atOtherWork.done;
      await terminate(await idleInTransaction());
      expect((await first.saved).ok).toBe(false);
      // The next request's save takes the reconnected connection and is refused after its first
      // rows (its command throws), so PostgreSQL must roll them back.
      const atRefusal = signal();
      const refusal = signal();
      const second = transaction(app, async (tx) => {
        await createItem(tx);
        atRefusal.fire();
        await refusal.done;
        throw new Error("refused after its first rows");
      });
      await atRefusal.done;
      // The first callback ends now, and its transaction's commit with it: not the second's.
      otherWorkDone.fire();
      await first.ended();
      refusal.fire();
      expect((await second.saved).ok).toBe(false);
      await app.sql`select 1`;
      expect(await rows()).toEqual(before);
    } finally {
      await app.end();
    }
  });
});

describe("a transaction's statements queued behind one PostgreSQL is running when it ends the connection", () => {
  it("fail with it instead of waiting forever (postgres.js patched: they never settled)", async () => {
    const app = await appClient();
    try {
      await app.sql`select 1`;
      let queued: Promise<Awaited<ReturnType<typeof outcome>>> | undefined;
      const saved = outcome(
        app.sql.begin((tx) => {
          // A statement with a parameter is described first: the ones after it wait in the
          // transaction's own queue until it has run.
          const running = tx`select pg_sleep(${20})`.execute();
          queued = outcome(tx`select 1`.execute());
          return running;
        }),
      );
      await terminate(
        await untilBackend(admin`query like 'select pg_sleep%' and state = 'active'`, "sleeping"),
      );
      expect(isDatabaseAway((await saved).error)).toBe(true);
      // No timer to bound it: a statement left in the queue would hold the test until its timeout.
      const settled = await (queued as NonNullable<typeof queued>);
      expect(settled.ok).toBe(false);
      expect(isDatabaseAway(settled.error)).toBe(true);
    } finally {
      await app.end();
    }
  });
});
