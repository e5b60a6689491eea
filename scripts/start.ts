import { launch } from "./launch.ts";

// `npm start`: build if needed, start the database (embedded unless DATABASE_URL is set), migrate,
// serve with remix-serve. Ctrl-C / SIGTERM stop the web server first, then PostgreSQL.
const log = (line: string) => console.log(`[plantops] ${line}`);

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
          `  Registration code: ${app.generatedCode}   (kept in DATA_DIR/secrets.json; set REGISTRATION_CODE to choose one)`,
        ]
      : []),
    `  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
    "",
  ];
  console.log(lines.join("\n"));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the web server, then the database…`);
    await app.stop();
    log("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  app.server.once("exit", (code) => {
    if (stopping) return;
    log(`The web server stopped unexpectedly (exit ${code}); stopping the database.`);
    void app.stop().then(() => process.exit(1));
  });
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}
