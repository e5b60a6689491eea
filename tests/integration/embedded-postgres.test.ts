import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../scripts/embedded-postgres.ts";

// When the launcher starts a killed embedded PostgreSQL again and the start fails, it logs the
// error's first line and tries again in 5 s (scripts/launch.ts): that line must say why.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-refused-"));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("a PostgreSQL that stops during its start says why in the error's first line, then quotes its log", async () => {
  const started = startEmbeddedPostgres({ dataDir, serverSettings: { shared_buffers: "plenty" } });
  await expect(started).rejects.toThrow(
    /^The embedded PostgreSQL stopped during start-up: invalid value for parameter "shared_buffers": "plenty"\nIts log ends with:\n/,
  );
});
