import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";

// Long background writes (a large import's confirmation) run at a lower CPU priority than the
// pages, so on a machine of two cores another person's page is not slowed by them: the thread that
// builds the statements and the PostgreSQL process that runs them. A priority once lowered cannot
// be raised again without privileges, so both are lowered only where they end with the work (a
// worker thread of its own, and its own connection, closed after).

/** How much lower (the `nice` value, 0 to 19; 10 gives a tenth of a core's share against 0). */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the PostgreSQL process serving `tx` (its connection: close it after),
 * when that process is one of this machine's, run by this user: the embedded database. The process
 * is recognised by its title, which names the role, the database and the client's port
 * ("postgres: plantops plantops 127.0.0.1(54321) …"); with an external DATABASE_URL (another host,
 * a container, another user) no process here matches, or it is not ours to change, and nothing
 * happens. Whether it was lowered.
 */
export async function lowerBackendPriority(tx: Tx, nice = BACKGROUND_NICE): Promise<boolean> {
  const [backend] = (await tx.execute(
    sql`select pg_backend_pid() as pid, inet_client_port() as port, current_user as role, current_database() as database`,
  )) as unknown as { pid: number; port: number | null; role: string; database: string }[];
  if (!backend) return false;
  let title: string;
  try {
    title = fs.readFileSync(`/proc/${backend.pid}/cmdline`, "utf8");
  } catch {
    return false; // Not Linux, or no such process here: a database elsewhere.
  }
  const client = backend.port === null ? "[local]" : `(${backend.port})`;
  if (!title.startsWith(`postgres: ${backend.role} ${backend.database} `) || !title.includes(client))
    return false;
  return lowerPriority(Number(backend.pid), nice);
}

/**
 * Lowers the CPU priority of the calling thread only (Linux gives each thread its own: the rest of
 * the process, the web server's thread, keeps its own). Whether it was lowered.
 */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  let thread: number;
  try {
    // "/proc/thread-self" → "{pid}/task/{thread id}".
    thread = Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1));
  } catch {
    return false;
  }
  return Number.isInteger(thread) && thread > 0 && lowerPriority(thread, nice);
}

function lowerPriority(id: number, nice: number) {
  try {
    if (os.getPriority(id) < nice) os.setPriority(id, nice);
    return true;
  } catch {
    return false; // Not ours to change (EPERM), or gone.
  }
}
