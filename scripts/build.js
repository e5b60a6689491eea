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

// What the build is made of (of scripts/, the launcher takes these three files).
const buildInputs = [
  "app",
  "server",
  "scripts/start.ts",
  "scripts/launch.ts",
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
  const root = projectRoot();
  const outputs = [path.join(buildDir, "server/index.js"), launcherOf(buildDir)].map((file) =>
    fs.statSync(file, { throwIfNoEntry: false }),
  );
  const oldest = Math.min(...outputs.map((stat) => stat?.mtimeMs ?? 0));
  const newestInput = Math.max(...buildInputs.map((entry) => newestChange(path.join(root, entry))));
  if (oldest >= newestInput) return false;
  const started = Date.now();
  log(
    oldest > 0 ? "The build is older than the code: building…" : "No build yet: building (about a minute)…",
  );
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
  return true;
}

const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
