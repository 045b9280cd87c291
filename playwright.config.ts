import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink, without the full browser's window
 * machinery) when it is installed: the suite ran 25 % faster on it than on the full Chromium (ADR 045).
 * E2E_CHROMIUM_PATH picks another browser for the suite alone; CHROMIUM_PATH stays the measuring scripts' browser.
 */
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromium =
  process.env.E2E_CHROMIUM_PATH ??
  (existsSync(headlessShell) ? headlessShell : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"));
/** Fixed per port so test workers can read the server's outbox (see tests/e2e/outbox.ts). */
export const e2eDataDir = path.join(os.tmpdir(), `sdd-e2e-${port}`);
/**
 * An embedded database with every migration applied, made once by scripts/e2e-server.ts: a spawned server on a
 * fresh folder starts from a copy of it instead of creating and migrating its own (tests/e2e/spawned-server.ts).
 */
export const e2eMigratedTemplate = path.join(os.tmpdir(), `sdd-e2e-${port}-migrated`);
/**
 * The production build the e2e server runs, made by scripts/e2e-server.ts in its own folder unless E2E_BUILD_DIR
 * names a shared one (`npm test` passes Vitest's, so the suite builds once).
 */
export const e2eBuildDir = process.env.E2E_BUILD_DIR ?? `build-e2e-${port}`;
/** Where the suite's server answers (the `baseURL` of every page). */
export const e2eBaseUrl = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per port, so two runs at once never overwrite each other's traces.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI tells a flaky test from a broken one, and a flaky test fails the run all the same, so
  // flakiness cannot pile up unseen (ADR 045). PLAYWRIGHT_FAIL_ON_FLAKY=0 lets one pass while its race is found.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI) && process.env.PLAYWRIGHT_FAIL_ON_FLAKY !== "0",
  // Two workers, the app server and two browsers share two cores in CI: a long journey takes twice what it takes
  // alone, which is load, not a failure.
  timeout: process.env.CI ? 90_000 : 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: e2eBaseUrl,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // Recording a trace of every test cost a quarter of the suite's time on two cores; in CI the retry of a failed
    // test records one, which is the trace worth reading.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-quic",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "phone", use: { ...devices["Pixel 7"] }, grep: /@phone/ },
  ],
  webServer: {
    // A production build on a fresh embedded database with the demo content.
    command: `node scripts/e2e-server.ts`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(port),
      E2E_DATA_DIR: e2eDataDir,
      E2E_MIGRATED_TEMPLATE: e2eMigratedTemplate,
      BUILD_DIR: e2eBuildDir,
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
