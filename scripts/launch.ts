import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { migrateDatabase } from "#app/db/migrate.server.ts";
import { POOL } from "#app/db/pool.ts";
import { parseSettings, type Settings } from "#app/lib/env.server.ts";
import { logWarning } from "#app/lib/log.server.ts";
import { createApp, createServer } from "../server/app.ts";
import { collectWhenIdle } from "../server/idle-memory.ts";
import { ensureFreshBuild, projectRoot } from "./build.js";
import {
  type EmbeddedOptions,
  type EmbeddedPostgres,
  ensureAppDatabase,
  startEmbeddedPostgres,
} from "./embedded-postgres.ts";

export { ensureFreshBuild };

// What `npm start` does, as a function so the e2e tests and the benchmark start the app the same way.

const root = projectRoot();

export type Launched = {
  url: string;
  databaseLabel: string;
  generatedCode?: string;
  server: http.Server;
  /** Lets in-flight requests finish (at most 2 s), then stops the database. */
  stop(): Promise<void>;
};

export async function launch(
  source: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<Launched> {
  const settings = parseSettings(source);
  const dataDir = path.resolve(root, settings.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const secrets = resolveSecrets(settings, dataDir);
  const buildDir = path.resolve(root, source.BUILD_DIR ?? "build");

  ensureFreshBuild(buildDir, log);
  refuseSecondStart(dataDir);

  let embedded: EmbeddedPostgres | undefined;
  let stopEmbedded = async () => {};
  let databaseUrl = settings.DATABASE_URL;
  let databaseLabel: string;
  if (databaseUrl) {
    databaseLabel = `external PostgreSQL at ${new URL(databaseUrl).host}`;
  } else {
    let stopped = false;
    // The embedded PostgreSQL is ours to keep running: killed or crashed, it is started again on
    // the same data and port (committed transactions are replayed from its log), and the app,
    // which answered 503 meanwhile, serves again. Tried every 5 s until it starts.
    const options: EmbeddedOptions = {
      dataDir,
      log,
      onUnexpectedExit: () => {
        if (stopped) return;
        logWarning("[plantops] The embedded PostgreSQL stopped unexpectedly: starting it again…");
        const again = () =>
          startEmbeddedPostgres(options).then(
            (restarted) => {
              if (stopped) return restarted.stop();
              embedded = restarted;
              log("The embedded PostgreSQL is running again.");
            },
            (error: Error) => {
              logWarning(
                `[plantops] The embedded PostgreSQL did not start (${error.message.split("\n")[0]}); trying again in 5 s.`,
              );
              if (!stopped) setTimeout(again, 5_000);
            },
          );
        void again();
      },
    };
    embedded = await startEmbeddedPostgres(options);
    stopEmbedded = async () => {
      stopped = true;
      await embedded?.stop();
    };
    databaseUrl = await ensureAppDatabase(embedded, dataDir);
    databaseLabel = `embedded PostgreSQL, data in ${embedded.pgdata}`;
  }

  let server: http.Server | undefined;
  let jobs: JobsEntry = {};
  try {
    await migrateDatabase(databaseUrl);
    // The app's code reads its settings from the environment (app/lib/env.server.ts).
    Object.assign(process.env, {
      NODE_ENV: "production",
      PORT: String(settings.PORT),
      ...(settings.HOST ? { HOST: settings.HOST } : {}),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secrets.SESSION_SECRET,
      REGISTRATION_CODE: secrets.REGISTRATION_CODE,
      // Where the server leaves the note that the code was rotated (npm run registration-code).
      DATA_DIR: dataDir,
      PLANT_TIME_ZONE: settings.PLANT_TIME_ZONE,
      TRUST_PROXY: settings.TRUST_PROXY ? "1" : "0",
    });
    const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
    const app = createApp({
      build,
      assetsDir: path.join(buildDir, "client"),
      trustProxy: settings.TRUST_PROXY,
      publicUrl: settings.APP_URL,
    });
    server = await listen(app, settings.PORT, settings.HOST);
    jobs = build.entry.module as JobsEntry;
    // In the background: the queue tries again until it starts (each failed try is logged, and
    // /api/health says so); it never stops the site. It rejects only when the app stops first.
    jobs.startJobs?.(databaseUrl).catch(() => {});
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
  fs.writeFileSync(runFile(dataDir), JSON.stringify({ launcher: process.pid, server: process.pid }));

  const listening = server;
  // Once the pool has closed its idle connections, one collection gives the load's garbage back.
  const stopCollecting = collectWhenIdle(listening, POOL.idleTimeoutSeconds * 1000);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      stopCollecting();
      await closeGracefully(listening, 2_000);
      // Bounded like the rest of the stop: a queue start still waiting on a database that went
      // away (a query cut off when PostgreSQL was killed) must not keep the app from exiting.
      await Promise.race([jobs.stopJobs?.().catch(() => {}), deadline(2_000)]);
      await closeDatabasePool();
      await stopEmbedded();
      fs.rmSync(runFile(dataDir), { force: true });
    })();
    return stopping;
  };

  return {
    url: `http://${displayHost(settings.HOST)}:${settings.PORT}`,
    databaseLabel,
    generatedCode: secrets.generatedCode,
    server: listening,
    stop,
  };
}

/** What app/entry.server.tsx exports for the scheduled jobs (app/jobs). */
type JobsEntry = { startJobs?: (databaseUrl: string) => Promise<unknown>; stopJobs?: () => Promise<void> };

/** The URL's host for a bind address: every interface is reached as localhost on this machine. */
function displayHost(host: string | undefined) {
  if (!host || host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** Listens on `port` of `host` (unset: every interface). */
function listen(app: ReturnType<typeof createApp>, port: number, host: string | undefined) {
  return new Promise<http.Server>((resolve, reject) => {
    const server = createServer(app);
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`PlantOps cannot start: port ${port} is in use (set PORT to use another).`)
          : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" || error.code === "EAI_AGAIN"
            ? new Error(`PlantOps cannot start: HOST ${host} is not an address of this machine.`)
            : error,
      ),
    );
    server.listen(port, host, () => resolve(server));
  });
}

/** Stops taking connections, lets requests in flight finish (up to `graceMs`), then cuts the rest. */
async function closeGracefully(server: http.Server, graceMs: number) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection that finishes its request while we wait goes idle: close it then too.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  await Promise.race([closed, deadline(graceMs)]);
  clearInterval(sweep);
  server.closeAllConnections();
  await closed;
}

/** The app's PostgreSQL pool (app/db/client.server.ts), closed before the database stops. */
async function closeDatabasePool() {
  const pool = (
    globalThis as { __plantopsDb?: { sql: { end(options: { timeout: number }): Promise<void> } } }
  ).__plantopsDb;
  await pool?.sql.end({ timeout: 1 }).catch(() => {});
}

type Secrets = { SESSION_SECRET: string; REGISTRATION_CODE: string; generatedCode?: string };

/**
 * Secrets come from the environment. On the embedded default (or outside production) a missing one
 * is generated once and kept in DATA_DIR/secrets.json, so sessions and the code survive restarts.
 * With NODE_ENV=production and an external database, a missing one stops the start.
 */
function resolveSecrets(settings: Settings, dataDir: string): Secrets {
  if (settings.SESSION_SECRET && settings.REGISTRATION_CODE) {
    return { SESSION_SECRET: settings.SESSION_SECRET, REGISTRATION_CODE: settings.REGISTRATION_CODE };
  }
  if (settings.DATABASE_URL && settings.NODE_ENV === "production") {
    const missing = [
      !settings.SESSION_SECRET && "SESSION_SECRET",
      !settings.REGISTRATION_CODE && "REGISTRATION_CODE",
    ]
      .filter(Boolean)
      .join(" and ");
    throw new Error(
      `PlantOps cannot start: ${missing} must be set when NODE_ENV=production and DATABASE_URL is set.\n` +
        "  Generate a session secret with: node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"",
    );
  }
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const kept = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Secrets>)
    : ({} as Partial<Secrets>);
  const sessionSecret = settings.SESSION_SECRET ?? kept.SESSION_SECRET ?? randomBytes(32).toString("hex");
  const newCode = settings.REGISTRATION_CODE || kept.REGISTRATION_CODE ? undefined : generateCode();
  const code = settings.REGISTRATION_CODE ?? kept.REGISTRATION_CODE ?? (newCode as string);
  fs.writeFileSync(
    file,
    JSON.stringify({ SESSION_SECRET: sessionSecret, REGISTRATION_CODE: code }, null, 2),
    {
      mode: 0o600,
    },
  );
  // `mode` applies only when the file is created: re-apply it (a copied or restored DATA_DIR).
  fs.chmodSync(file, 0o600);
  // The code is printed once, when it is made; afterwards `npm run --silent registration-code`.
  return { SESSION_SECRET: sessionSecret, REGISTRATION_CODE: code, generatedCode: newCode };
}

const generateCode = () => randomBytes(8).toString("hex").toUpperCase();

/** The registration code `npm start` uses for a DATA_DIR (REGISTRATION_CODE, or the one it generated). */
export function registrationCode(source: Record<string, string | undefined>): string | undefined {
  const settings = parseSettings(source);
  if (settings.REGISTRATION_CODE) return settings.REGISTRATION_CODE;
  const file = path.join(path.resolve(root, settings.DATA_DIR), "secrets.json");
  if (!fs.existsSync(file)) return undefined;
  return (JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Secrets>).REGISTRATION_CODE;
}

const runFile = (dataDir: string) => path.join(dataDir, "server.json");

/**
 * DATA_DIR/server.json names the process serving this data directory. Another live one: refuse.
 * One left by a `kill -9` is gone with its web server (they are one process now); its PostgreSQL is
 * stopped by startEmbeddedPostgres.
 */
function refuseSecondStart(dataDir: string) {
  const file = runFile(dataDir);
  if (!fs.existsSync(file)) return;
  try {
    const { launcher } = JSON.parse(fs.readFileSync(file, "utf8")) as { launcher: number };
    if (isOurProcess(launcher)) {
      throw new Error(`PlantOps is already running from this data directory (pid ${launcher}).`);
    }
  } catch (error) {
    if ((error as Error).message.startsWith("PlantOps")) throw error;
  }
  fs.rmSync(file, { force: true });
}

function isOurProcess(pid: number) {
  if (!pid || pid === process.pid) return false;
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return command.includes("node") && (command.includes("start") || command.includes("server"));
  } catch {
    return false;
  }
}

/** A timer for Promise.race that does not keep the process alive once the race is won. */
const deadline = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
