import { createRequire } from "node:module";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import type { Tx } from "#app/db/client.server.ts";
import { BACKGROUND_NICE, lowerBackendPriority } from "#app/db/priority.server.ts";

// A large import's confirmation runs at a lower CPU priority (issue 31): its PostgreSQL process
// when that is one of this machine's (the embedded database, as here), and its worker's thread
// only, never the web server's. With a database elsewhere nothing is changed.

/** A connection of its own: its server process keeps the lowered priority until it is closed. */
const own = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

afterAll(async () => {
  await own.end();
});

describe("lowering the priority of background work", () => {
  it("lowers the connection's PostgreSQL process, and only it", async () => {
    const [{ pid }] = await own<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const others = await own<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    const before = new Map(others.map((other) => [other.pid, os.getPriority(other.pid)]));
    expect(os.getPriority(pid)).toBeLessThan(BACKGROUND_NICE);
    expect(await lowerBackendPriority(drizzle(own))).toBe(true);
    expect(os.getPriority(pid)).toBe(BACKGROUND_NICE);
    for (const other of others) expect(os.getPriority(other.pid)).toBe(before.get(other.pid));
  });

  it("leaves a process alone that is not the connection's server (a database elsewhere)", async () => {
    const mine = os.getPriority(process.pid);
    // What a database on another host or in a container may answer: a process id that is not
    // its server's here (this very process), or one that does not exist here.
    for (const pid of [process.pid, 2 ** 22 + 1]) {
      const elsewhere = {
        execute: async () => [{ pid, port: 5432, role: "plantops", database: "plantops" }],
      } as unknown as Tx;
      expect(await lowerBackendPriority(elsewhere)).toBe(false);
    }
    expect(os.getPriority(process.pid)).toBe(mine);
  });

  it("lowers a worker thread's priority, not the process's", async () => {
    const tsx = createRequire(import.meta.url).resolve("tsx/esm/api");
    const module = new URL("../../app/db/priority.server.ts", import.meta.url).href;
    const code = `require(${JSON.stringify(tsx)}).register();
      const { parentPort } = require("node:worker_threads");
      const fs = require("node:fs"), os = require("node:os");
      import(${JSON.stringify(module)}).then(({ lowerThreadPriority }) => {
        const lowered = lowerThreadPriority();
        const thread = Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1));
        parentPort.postMessage({ lowered, thread, nice: os.getPriority(thread) });
      });`;
    const mine = os.getPriority(process.pid);
    const worker = new Worker(code, { eval: true });
    const answer = await new Promise<{ lowered: boolean; thread: number; nice: number }>(
      (resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      },
    );
    await worker.terminate();
    expect(answer).toMatchObject({ lowered: true, nice: BACKGROUND_NICE });
    expect(answer.thread).not.toBe(process.pid);
    expect(os.getPriority(process.pid)).toBe(mine);
  });
});
