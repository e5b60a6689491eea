import os from "node:os";
import { defineConfig } from "vitest/config";

// Two projects: `unit` for the pure rules and schemas (next to their code), `integration` for
// loaders, actions and /api against a real PostgreSQL (one database per test file).
process.env.TZ = "UTC"; // the plant-time rules must hold while the process runs in UTC

export default defineConfig({
  test: {
    // One test file per core (each integration file has its own database), at least two.
    maxWorkers: Math.max(2, os.availableParallelism()),
    minWorkers: 1,
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/docs/**/*.test.ts"],
          environment: "node",
          // A ceiling, not a measure: the property tests run hundreds of cases, and a machine
          // three times as loaded as usual must not turn that into a failure.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/database.ts"],
          // New passwords hashed at a test-only cost (app/auth/password.server.ts): the suite makes
          // hundreds of accounts. tests/integration/password-work.test.ts keeps the production cost.
          env: { TEST_PASSWORD_COST: String(2 ** 10) },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One app at a time: these start and kill real servers.
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
