import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type EmbeddedPostgres, ensureDatabase, startEmbeddedPostgres } from "#app/db/embedded.server.ts";
import { migrateDatabase } from "#app/db/migrate.server.ts";
import { parseSettings, type Settings } from "#app/lib/env.server.ts";

// What `npm start` does, as a function so the e2e tests and the benchmark start the app the same way.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATABASE_NAME = "plantops";

export type Launched = {
  url: string;
  databaseLabel: string;
  generatedCode?: string;
  server: ChildProcess;
  /** Stops the web server, then the database. */
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
  stopOrphanedServer(dataDir, log);

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = settings.DATABASE_URL;
  let databaseLabel: string;
  if (databaseUrl) {
    databaseLabel = `external PostgreSQL at ${new URL(databaseUrl).host}`;
  } else {
    embedded = await startEmbeddedPostgres({ dataDir, log });
    await ensureDatabase(embedded.url("postgres"), DATABASE_NAME);
    databaseUrl = embedded.url(DATABASE_NAME);
    databaseLabel = `embedded PostgreSQL, data in ${embedded.pgdata}`;
  }

  try {
    await migrateDatabase(databaseUrl);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const server = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(buildDir, "server/index.js")],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(settings.PORT),
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: secrets.SESSION_SECRET,
        REGISTRATION_CODE: secrets.REGISTRATION_CODE,
        PLANT_TIME_ZONE: settings.PLANT_TIME_ZONE,
      },
    },
  );
  fs.writeFileSync(runFile(dataDir), JSON.stringify({ launcher: process.pid, server: server.pid }));

  let serverExited = false;
  const serverExit = new Promise<void>((resolve) =>
    server.once("exit", () => {
      serverExited = true;
      resolve();
    }),
  );

  const url = `http://localhost:${settings.PORT}`;
  try {
    await waitForHealth(`http://127.0.0.1:${settings.PORT}/api/health`, () => serverExited);
  } catch (error) {
    server.kill("SIGTERM");
    await serverExit;
    await embedded?.stop();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!serverExited) {
        server.kill("SIGTERM");
        await Promise.race([serverExit, deadline(10_000)]);
        if (!serverExited) server.kill("SIGKILL");
        await serverExit;
      }
      await embedded?.stop();
      fs.rmSync(runFile(dataDir), { force: true });
    })();
    return stopping;
  };

  return { url, databaseLabel, generatedCode: secrets.generatedCode, server, stop };
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
  const generatedCode =
    settings.REGISTRATION_CODE ?? kept.REGISTRATION_CODE ?? randomBytes(6).toString("hex").toUpperCase();
  fs.writeFileSync(
    file,
    JSON.stringify({ SESSION_SECRET: sessionSecret, REGISTRATION_CODE: generatedCode }, null, 2),
    { mode: 0o600 },
  );
  return {
    SESSION_SECRET: sessionSecret,
    REGISTRATION_CODE: generatedCode,
    generatedCode: settings.REGISTRATION_CODE ? undefined : generatedCode,
  };
}

const buildInputs = ["app", "public", "vite.config.ts", "remix.config.ts", "package-lock.json"];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child.endsWith(".test.ts") || child.endsWith(".test.tsx")) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** Builds when the build is missing or older than any of its inputs; says whether it built. */
export function ensureFreshBuild(buildDir: string, log: (line: string) => void): boolean {
  const built = fs.statSync(path.join(buildDir, "server/index.js"), { throwIfNoEntry: false });
  const newestInput = Math.max(...buildInputs.map((entry) => newestChange(path.join(root, entry))));
  if (built && built.mtimeMs >= newestInput) return false;
  log(built ? "The build is older than the code: building…" : "No build yet: building…");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    },
  );
  if (result.status !== 0) throw new Error("The build failed (see above).");
  return true;
}

const runFile = (dataDir: string) => path.join(dataDir, "server.json");

/** A web server left by a `kill -9` of an earlier launcher still holds the port: stop it. */
function stopOrphanedServer(dataDir: string, log: (line: string) => void) {
  const file = runFile(dataDir);
  if (!fs.existsSync(file)) return;
  try {
    const { launcher, server } = JSON.parse(fs.readFileSync(file, "utf8")) as {
      launcher: number;
      server: number;
    };
    const launcherAlive = isOurProcess(launcher, "start.ts");
    if (!launcherAlive && isOurProcess(server, "remix-run/serve")) {
      log(`Stopping a web server left running by an earlier start (pid ${server})`);
      process.kill(server, "SIGKILL");
    } else if (launcherAlive) {
      throw new Error(`PlantOps is already running from this data directory (pid ${launcher}).`);
    }
  } catch (error) {
    if ((error as Error).message.startsWith("PlantOps")) throw error;
  }
  fs.rmSync(file, { force: true });
}

function isOurProcess(pid: number, marker: string) {
  if (!pid || pid === process.pid) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker);
  } catch {
    return false;
  }
}

async function waitForHealth(url: string, hasExited: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error("The web server stopped during start-up (see above).");
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error("The web server did not answer within 60 s.");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A timer for Promise.race that does not keep the process alive once the race is won. */
const deadline = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
