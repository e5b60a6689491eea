import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, inject } from "vitest";

// Each test file gets a fresh database cloned from the migrated template (immich's
// CREATE DATABASE … TEMPLATE): isolated, and fast because nothing is migrated again.
const serverUrl = inject("serverUrl");
const name = `test_${randomBytes(6).toString("hex")}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name} template plantops_template`);

const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef0123456789";
process.env.REGISTRATION_CODE ??= "PLANT-TEST-CODE";
process.env.PLANT_TIME_ZONE ??= "Asia/Kolkata";

afterAll(async () => {
  const client = (globalThis as { __plantopsDb?: { sql: { end: (o: object) => Promise<void> } } })
    .__plantopsDb;
  await client?.sql.end({ timeout: 1 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});
