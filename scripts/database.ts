import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { Settings } from "#app/lib/env.server.ts";
import {
  type EmbeddedPostgres,
  embeddedUrl,
  ensureAppDatabase,
  startEmbeddedPostgres,
} from "./embedded-postgres.ts";

// The database a command-line tool (backup, restore) works on: DATABASE_URL, or the embedded one
// of DATA_DIR, reached where `npm start` runs it or started for the tool's run when PlantOps is
// stopped (and stopped again after it).

/** True when something answers at the URL (the embedded cluster of a running `npm start`). */
export async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

export type ToolDatabase = { url: string; label: string; running: boolean; stop(): Promise<void> };

/** Opens the plant's database for a tool; undefined when the embedded one was never made. */
export async function openDatabase(
  settings: Settings,
  log: (line: string) => void,
  options: { create?: boolean } = {},
): Promise<ToolDatabase | undefined> {
  if (settings.DATABASE_URL)
    return {
      url: settings.DATABASE_URL,
      label: `external PostgreSQL at ${new URL(settings.DATABASE_URL).host}`,
      running: true,
      stop: async () => {},
    };
  const dataDir = path.resolve(settings.DATA_DIR);
  const existing = embeddedUrl(dataDir);
  if (existing && (await answers(existing)))
    return { url: existing, label: `embedded PostgreSQL in ${dataDir}`, running: true, stop: async () => {} };
  if (!existing && !options.create) return undefined;
  let embedded: EmbeddedPostgres | undefined;
  try {
    embedded = await startEmbeddedPostgres({ dataDir, log });
    const url = await ensureAppDatabase(embedded, dataDir);
    const started = embedded;
    return { url, label: `embedded PostgreSQL in ${dataDir}`, running: false, stop: () => started.stop() };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/** The embedded database's files in DATA_DIR: what --move-aside sets aside. */
export const EMBEDDED_FILES = ["postgres", "postgres.json", "postgres.log"];

/** Moves the embedded database's files into DATA_DIR/<folder> (never deletes them); returns where. */
export function moveAside(dataDir: string, folder: string): string {
  const target = path.join(path.resolve(dataDir), folder);
  fs.mkdirSync(target, { recursive: false, mode: 0o700 });
  for (const name of EMBEDDED_FILES) {
    const from = path.join(path.resolve(dataDir), name);
    if (fs.existsSync(from)) fs.renameSync(from, path.join(target, name));
  }
  return target;
}
