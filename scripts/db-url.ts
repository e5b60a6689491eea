import fs from "node:fs";
import path from "node:path";
import { parseSettings } from "#app/lib/env.server.ts";

// `npm run --silent db:url`: the connection URL of the database `npm start` uses, for pg_dump,
// pg_restore and psql (README "Backup and restore").
const settings = parseSettings(process.env);
if (settings.DATABASE_URL) {
  console.log(settings.DATABASE_URL);
} else {
  const file = path.resolve(settings.DATA_DIR, "postgres.json");
  if (!fs.existsSync(file)) {
    console.error(`No embedded database in ${path.resolve(settings.DATA_DIR)} yet: run npm start once.`);
    process.exit(1);
  }
  const cluster = JSON.parse(fs.readFileSync(file, "utf8")) as {
    port: number;
    user: string;
    password: string;
  };
  console.log(
    `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@127.0.0.1:${cluster.port}/plantops`,
  );
}
