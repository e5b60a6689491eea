import { defineConfig } from "vitest/config";

// The reliability tests of issue 8, against the built app started as `npm start` does.
//   npx vitest run --config tests/reliability/vitest.config.ts --project reliability        (quick: auth matrix, concurrent edits, bad input)
//   npx vitest run --config tests/reliability/vitest.config.ts --project reliability-slow   (crash, 50-user load)
// The quick project is meant for `npm test` (see the project entry in the issue note).
process.env.TZ = "UTC";

export default defineConfig({
  test: {
    // One shared app and database (the files count and compare rows), and real servers: one file at a time.
    fileParallelism: false,
    maxWorkers: 1,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          exclude: ["tests/reliability/**/*.slow.test.ts"],
          environment: "node",
          globalSetup: ["tests/reliability/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "reliability-slow",
          include: ["tests/reliability/**/*.slow.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
