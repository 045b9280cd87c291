import os from "node:os";
import { defineConfig } from "vitest/config";

// Unit and integration tests run on an embedded PGlite; the integration tests (`*.server.test.ts`) run
// a second time on PostgreSQL when TEST_DATABASE_URL is set.
//
// Test files share their worker's modules (`isolate: false`): isolated, every file imported the app afresh, which
// was 228 of the suite's 817 s on two cores; shared, imports take 31 s and the whole run about half. Each file
// still gets a database of its own (tests/support/database.ts: on PGlite the last file's, emptied, ADR 045), and a
// file that needs other configuration sets it for itself (tests/support/env.ts). One worker per core: Vitest's
// default leaves one core idle, and a worker mostly waits on its database thread.
const shared = {
  environment: "node" as const,
  isolate: false,
  setupFiles: ["tests/support/vitest-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          ...shared,
          name: "pglite",
          include: [
            "app/**/*.test.{ts,tsx}",
            "db/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          env: { TEST_DB_KIND: "pglite" },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: "postgres",
                include: ["app/**/*.server.test.ts", "db/**/*.server.test.ts"],
                env: { TEST_DB_KIND: "postgres" },
                globalSetup: ["tests/support/postgres-global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
