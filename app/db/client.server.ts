import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { POOL } from "#app/db/pool.ts";
import { serverSettings } from "#app/lib/env.server.ts";

function connect(url: string) {
  const sql = postgres(url, {
    max: POOL.max,
    idle_timeout: POOL.idleTimeoutSeconds,
    onnotice: () => {},
    connection: { application_name: "plantops" },
  });
  return { sql, db: drizzle(sql) };
}

type Connection = ReturnType<typeof connect>;

// One pool per process, created on first use (kept on globalThis so dev reloads don't leak pools).
const globalConnection = globalThis as typeof globalThis & { __plantopsDb?: Connection };

function connection(): Connection {
  globalConnection.__plantopsDb ??= connect(serverSettings().DATABASE_URL);
  return globalConnection.__plantopsDb;
}

export type Db = Connection["db"];
/** A transaction, or the database itself: queries take either as their first argument. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const real = connection().db;
    const value = Reflect.get(real, property, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});

/** The raw postgres.js client, for the health check and the benchmark's baseline. */
export function rawSql() {
  return connection().sql;
}
