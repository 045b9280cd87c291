// Starts the production server for the end-to-end suite on a fresh data folder (embedded PGlite, demo seed),
// with e-mails written to the outbox so tests can read them.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_RATE_LIMITS } from "../tests/e2e/limits.ts";
import { productionBuild } from "../tests/support/production-server.ts";

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "sdd-e2e-"));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Each run builds into its own folder (per port unless E2E_BUILD_DIR names one), so parallel runs never swap a
// build under each other; a build newer than its sources is reused (`npm test` shares Vitest's, ADR 045).
const buildDir = process.env.BUILD_DIR ?? `build-e2e-${process.env.PORT}`;
if (process.env.E2E_SKIP_BUILD !== "1") await productionBuild(buildDir);
// A migrated embedded database that specs' own servers copy instead of migrating again (tests/e2e/spawned-server.ts).
const template = process.env.E2E_MIGRATED_TEMPLATE;
if (template) {
  rmSync(template, { recursive: true, force: true });
  execFileSync(process.execPath, ["scripts/db-migrate.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: template, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
}
const child = spawn(process.execPath, ["server/server.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    SEED_DEMO: "true",
    PUBLIC_URL: `http://localhost:${process.env.PORT}`,
    E2E: "1",
    // The suite's administrator (tests/e2e/moderators.ts): promoted when it confirms its address.
    ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? "administracao@exemplo.com.br",
    // Limits a spec reaches on purpose, lowered so it takes a few requests rather than a minute of them
    // (tests/e2e/limits.ts; app/features/accounts/rate-limits.server.ts).
    TEST_RATE_LIMITS: process.env.TEST_RATE_LIMITS ?? E2E_RATE_LIMITS,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
