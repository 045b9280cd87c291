import { defineConfig } from "vitest/config";

// Unit and integration tests run on an embedded PGlite; the integration tests (`*.server.test.ts`) run
// a second time on PostgreSQL when TEST_DATABASE_URL is set.
const shared = {
  environment: "node" as const,
  setupFiles: ["tests/support/vitest-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
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
