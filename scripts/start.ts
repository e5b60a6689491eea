import { faultSummary, isDatabaseAway } from "#app/lib/database-away.ts";
import { logFault, logInfo, logWarning } from "#app/lib/log.server.ts";
import { launch } from "./launch.ts";

// `npm start`: build if needed, start the database (embedded unless DATABASE_URL is set), migrate,
// serve in this process. Ctrl-C / SIGTERM: requests in flight finish, then PostgreSQL stops.
// How a signal to any one of npm or node gets here: docs/decisions/012-stopping.md.
const log = (line: string) => logInfo(`[plantops] ${line}`);

// A fault no request or job caught. The database going away (a restart) is expected: one line, and
// the app serves on (each query fails alone; the pools reconnect). Anything else: its stack, and
// the exit a supervisor restarts from (README "Running under systemd"), as Node.js would.
const uncaught = (error: unknown) => {
  if (isDatabaseAway(error)) {
    logWarning(`[plantops] The database is not answering: ${faultSummary(error)}`);
    return;
  }
  logFault(`[plantops] Stopping on an unexpected fault: ${(error as Error)?.stack ?? error}`);
  process.exit(1);
};
process.on("uncaughtException", uncaught);
process.on("unhandledRejection", uncaught);

// Signals are taken from the first moment: a Ctrl-C during start-up stops what has started.
let stopRequested = false;
let stop: (() => void) | undefined;
const onSignal = () => {
  stopRequested = true;
  stop?.();
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

// Under `npm start`, npm is the main process: a service manager or a container signals it, and it
// forwards SIGINT and SIGTERM to us (package.json `exec`s node, so we are npm's own child). A
// SIGKILL of npm forwards nothing and would leave us serving with no one to stop us: when our
// parent changes (we were handed to init or a subreaper), npm is gone, and we stop as on a signal.
// Only under npm: `nohup node scripts/start.js &` from a shell that then exits must keep serving.
if (process.env.npm_lifecycle_event === "start") {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    onSignal();
  }, 250);
  watch.unref();
}

try {
  const started = Date.now();
  const app = await launch(process.env, log);
  const lines = [
    "",
    "  PlantOps is running",
    `  URL:       ${app.url}`,
    `  Database:  ${app.databaseLabel}`,
    ...(app.generatedCode
      ? [
          `  Registration code: ${app.generatedCode}   (shown once; print it again with: npm run --silent registration-code)`,
        ]
      : []),
    `  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
    "",
  ];
  console.log(lines.join("\n"));

  let stopping = false;
  stop = () => {
    // A second Ctrl-C while stopping changes nothing: the stop is already bounded (≈3 s).
    if (stopping) return;
    stopping = true;
    app.stop().then(
      () => {
        console.log("Stopped.");
        process.exit(0);
      },
      (error: Error) => {
        console.error(`Could not stop cleanly: ${error.message}`);
        process.exit(1);
      },
    );
  };
  if (stopRequested) stop();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}
