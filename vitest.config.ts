import { defineConfig } from "vitest/config";

// Two projects: `unit` for the pure rules and schemas (next to their code), `integration` for
// loaders, actions and /api against a real PostgreSQL (one database per test file).
process.env.TZ = "UTC"; // the plant-time rules must hold while the process runs in UTC

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: two files at a time, each with its own database.
          maxWorkers: 2,
          minWorkers: 1,
        },
      },
    ],
  },
});
