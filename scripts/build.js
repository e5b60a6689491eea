import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The build of `npm start`, in plain JavaScript so it runs without tsx: the Remix app (Vite, into
// BUILD_DIR/client and BUILD_DIR/server) and the launcher (scripts/start.ts with the web server and
// the database lifecycle, into BUILD_DIR/launcher/start.js), rebuilt when missing or older than
// the code.

/** The repository: the nearest folder up from here with the plantops package.json (also from a bundle). */
export function projectRoot(from = path.dirname(fileURLToPath(import.meta.url))) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, "utf8")).name === "plantops")
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No PlantOps checkout above ${from}`);
  }
}

// What the build is made of (of scripts/, the launcher takes these four files).
const buildInputs = [
  "app",
  "server",
  "scripts/start.ts",
  "scripts/launch.ts",
  "scripts/embedded-postgres.ts",
  "scripts/build.js",
  "public",
  "vite.config.ts",
  "remix.config.ts",
  "package-lock.json",
];

/** @param {string} entry */
function newestChange(entry) {
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

/** The compiled launcher of a build directory. */
export const launcherOf = (/** @type {string} */ buildDir) => path.join(buildDir, "launcher/start.js");

/**
 * Builds when the build is missing or older than any of its inputs; says whether it built.
 * @param {string} buildDir
 * @param {(line: string) => void} log
 */
export function ensureFreshBuild(buildDir, log) {
  if (builtSince(buildDir) !== undefined) return false;
  // Two starts from one checkout at once (two instances, a supervisor starting both): one builds,
  // the other waits for it and then finds the build fresh, instead of both writing into one folder.
  return withBuildLock(buildDir, log, () => {
    if (builtSince(buildDir) !== undefined) return false;
    build(
      buildDir,
      log,
      oldestOutput(buildDir) > 0
        ? "The build is older than the code: building…"
        : "No build yet: building (about a minute)…",
    );
    return true;
  });
}

/** The build's oldest output time when every output is newer than every input, else undefined. */
function builtSince(/** @type {string} */ buildDir) {
  const root = projectRoot();
  const oldest = oldestOutput(buildDir);
  const newestInput = Math.max(...buildInputs.map((entry) => newestChange(path.join(root, entry))));
  return oldest >= newestInput ? oldest : undefined;
}

function oldestOutput(/** @type {string} */ buildDir) {
  const outputs = [path.join(buildDir, "server/index.js"), launcherOf(buildDir)].map((file) =>
    fs.statSync(file, { throwIfNoEntry: false }),
  );
  return Math.min(...outputs.map((stat) => stat?.mtimeMs ?? 0));
}

/** `BUILD_DIR.lock` beside the build folder: the pid of the process building into it. */
export const buildLockOf = (/** @type {string} */ buildDir) => `${path.resolve(buildDir)}.lock`;

/**
 * Runs `work` holding the build folder's lock: a file created exclusively, holding our pid. A lock
 * whose process is gone (a build killed midway) is taken over; a live one is waited for.
 * @template T
 * @param {string} buildDir
 * @param {(line: string) => void} log
 * @param {() => T} work
 * @returns {T}
 */
function withBuildLock(buildDir, log, work) {
  const lock = buildLockOf(buildDir);
  let waiting = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lock, { encoding: "utf8", flag: "a+" }));
      if (!holder || !processAlive(holder)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (!waiting) log(`Another start (pid ${holder}) is building: waiting for its build…`);
      waiting = true;
      sleepSync(500);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function processAlive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** Waits without a busy loop; the start is synchronous up to here. */
const sleepSync = (/** @type {number} */ ms) =>
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * @param {string} buildDir
 * @param {(line: string) => void} log
 * @param {string} why the first line it logs
 */
function build(buildDir, log, why) {
  const root = projectRoot();
  const started = Date.now();
  log(why);
  const env = { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir };
  // Vite at log level "warn": its progress lines and file lists stay out of the start-up log, but
  // every warning and error shows (vite.config.ts names the two kinds of Rollup warning it expects).
  const steps = [
    [
      "the pages",
      [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", "--logLevel", "warn"],
    ],
    [
      "the server",
      [
        path.join(root, "node_modules/vite/bin/vite.js"),
        "build",
        "--config",
        "server/vite.config.ts",
        "--logLevel",
        "warn",
      ],
    ],
  ];
  for (const [what, args] of steps) {
    const stepStarted = Date.now();
    log(`Building ${what}…`);
    const result = spawnSync(process.execPath, /** @type {string[]} */ (args), {
      cwd: root,
      env,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error(`The build of ${what} failed (see above).`);
    log(`Built ${what} in ${seconds(stepStarted)}.`);
  }
  log(`Built in ${seconds(started)}.`);
}

const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

// `npm run build` (node scripts/build.js): everything `npm start` runs, the pages and the launcher,
// into BUILD_DIR (default build/), whether or not it looks fresh, under the same lock as a start.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const buildDir = path.resolve(projectRoot(), process.env.BUILD_DIR ?? "build");
  const log = (/** @type {string} */ line) => console.log(`[plantops] ${line}`);
  try {
    withBuildLock(buildDir, log, () => build(buildDir, log, "Building the pages and the launcher…"));
  } catch (error) {
    console.error(`\n${/** @type {Error} */ (error).message}\n`);
    process.exit(1);
  }
}
