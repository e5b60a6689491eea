import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "#app/db/migrate.server.ts";
import {
  type EmbeddedPostgres,
  ensureDatabase,
  startEmbeddedPostgres,
} from "../../scripts/embedded-postgres.ts";

// One PostgreSQL per test run: the embedded cluster in a temp directory (or TEST_DATABASE_URL),
// with a migrated template database that each test file clones (tests/support/database.ts).

export const TEMPLATE = "plantops_template";
let cluster: EmbeddedPostgres | undefined;
let tempDir: string | undefined;

declare module "vitest" {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

export async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-test-"));
    fs.chmodSync(tempDir, 0o755);
    cluster = await startEmbeddedPostgres({
      dataDir: tempDir,
      // A throw-away cluster: durability off for speed.
      serverSettings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    });
    serverUrl = cluster.url("postgres");
  }
  const admin = new URL(serverUrl);
  admin.pathname = "/postgres";
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const postgres = (await import("postgres")).default;
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await sql.unsafe(`drop database if exists ${TEMPLATE} with (force)`);
  await sql.end();
  await ensureDatabase(admin.toString(), TEMPLATE);
  await migrateDatabase(templateUrl.toString());
  project.provide("serverUrl", admin.toString());
}

export async function teardown() {
  await cluster?.stop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}
