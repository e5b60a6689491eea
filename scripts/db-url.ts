import path from "node:path";
import { parseSettings } from "#app/lib/env.server.ts";
import { embeddedUrl } from "./embedded-postgres.ts";

// `npm run --silent db:url`: the connection URL of the database `npm start` uses, for pg_dump,
// pg_restore and psql (README "Backup and restore").
const settings = parseSettings(process.env);
const url = settings.DATABASE_URL ?? embeddedUrl(settings.DATA_DIR);
if (!url) {
  console.error(`No embedded database in ${path.resolve(settings.DATA_DIR)} yet: run npm start once.`);
  process.exit(1);
}
console.log(url);
