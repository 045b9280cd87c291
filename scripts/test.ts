// `npm test`: lint, formatting, typecheck, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), then the end-to-end suite on the system Chromium (it builds the app into its own folder first).
// Stops at the first step that fails. `node scripts/test.ts static|unit|e2e|resilience|bench` runs one part.
// Every step prints its start, end and seconds, and a table of them all at the end (also when a step fails), so a
// closing note can quote the phases. In CI (`.ci/run` sets CI_STARTED_AT) the total since the clean clone's first
// step is checked against the budget: above TEST_BUDGET_MINUTES (70) the run fails even when every test passed.
// The target is 25 minutes (ADR 045); the guard leaves room for a slow day on a shared 2-core machine.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const bin = (name: string) => `node_modules/.bin/${name}`;

type Phase = { label: string; start: Date; seconds: number; ok: boolean };
const phases: Phase[] = [];
const clock = (date: Date) => date.toISOString().slice(11, 19);

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const start = new Date();
  console.log(`\n▶ ${label} (início ${clock(start)})`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = (Date.now() - start.getTime()) / 1000;
  const ok = result.status === 0;
  phases.push({ label, start, seconds, ok });
  console.log(`${ok ? "✓" : "✗"} ${label}: ${seconds.toFixed(1)} s (fim ${clock(new Date())})`);
  if (!ok) {
    console.error(`\n✗ ${label} falhou.`);
    finish(result.status ?? 1);
  }
}

/** Prints the phases and the total; in CI, fails a run that went over the budget. Never returns. */
function finish(status: number): never {
  const width = Math.max(...phases.map((p) => p.label.length), 10);
  console.log("\nFases do teste:");
  for (const p of phases) {
    console.log(
      `  ${p.ok ? "✓" : "✗"} ${p.label.padEnd(width)}  ${clock(p.start)}  ${p.seconds.toFixed(1).padStart(7)} s`,
    );
  }
  const testSeconds = phases.reduce((sum, p) => sum + p.seconds, 0);
  console.log(`  = ${"npm test".padEnd(width)}            ${testSeconds.toFixed(1).padStart(7)} s`);
  const startedAt = Number(process.env.CI_STARTED_AT);
  if (Number.isFinite(startedAt) && startedAt > 0) {
    const total = Date.now() / 1000 - startedAt;
    const budget = Number(process.env.TEST_BUDGET_MINUTES ?? 70) * 60;
    console.log(
      `  = ${"CI inteiro".padEnd(width)}            ${total.toFixed(1).padStart(7)} s (${(total / 60).toFixed(1)} min; meta 25 min, limite ${budget / 60} min)`,
    );
    if (status === 0 && total > budget) {
      console.error(`\n✗ O CI levou ${(total / 60).toFixed(1)} min, acima do limite de ${budget / 60} min.`);
      process.exit(1);
    }
  }
  process.exit(status);
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const canInstall = existsSync("/etc/debian_version") && process.getuid?.() === 0;
  if (canInstall) {
    console.log("Chromium não encontrado: instalando o pacote chromium do Debian…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    // The headless shell is what the end-to-end suite prefers (playwright.config.ts).
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "chromium-headless-shell"], {
      stdio: "inherit",
      env,
    });
    return;
  }
  console.error(
    `Chromium não encontrado em ${chromium}. Instale-o (Debian/Ubuntu: sudo apt-get install chromium) ` +
      "ou aponte CHROMIUM_PATH para um Chromium ou Chrome instalado.",
  );
  process.exit(1);
}

const part = process.argv[2];

if (!part || part === "static") {
  run("lint", bin("eslint"), ["."]);
  // Which folder may import which, and no runtime import cycles (.dependency-cruiser.js).
  run("fronteiras e ciclos (dependency-cruiser)", bin("depcruise"), [
    "app",
    "db",
    "server",
    "scripts",
    "tests",
    "bench",
  ]);
  run("formatação", bin("prettier"), ["--check", "."]);
  run("tipos (typegen)", bin("react-router"), ["typegen"]);
  // Exports, files and dependencies nobody uses (knip.json says where the entries are); after typegen, which
  // writes the route types the routes import.
  run("código sem uso", bin("knip"), ["--no-progress"]);
  run("tipos (tsc)", bin("tsc"), []);
}
if (!part || part === "unit") run("unidade + integração (vitest)", bin("vitest"), ["run"]);
// One production build for every step that runs one: Vitest's servers make it (tests/support/production-server.ts,
// rebuilt only when the sources are newer), and the end-to-end, resilience and bench steps run on it.
const sharedBuild = "build-e2e-shared";
const sharedBuildEnv = () => (existsSync(`${sharedBuild}/server/index.js`) ? { BUILD_DIR: sharedBuild } : {});
if (!part || part === "e2e") {
  ensureChromium();
  run("ponta a ponta (playwright)", bin("playwright"), ["test"], {
    CHROMIUM_PATH: chromium,
    E2E_BUILD_DIR: sharedBuild,
  });
}
if (!part || part === "resilience") {
  // Short resilience suite and the JavaScript budget (scripts/resilience/run.ts), on the shared build.
  ensureChromium();
  run(
    "resiliência e orçamento de JavaScript (curtos)",
    process.execPath,
    ["scripts/resilience/run.ts", "--short"],
    {
      CHROMIUM_PATH: chromium,
      ...sharedBuildEnv(),
    },
  );
}
if (!part || part === "bench") {
  // The bench's short versions (docs/performance.md): a living community and a new member writing while visitors
  // read (16 and 50 connections) on PGlite, and the living community on PostgreSQL when
  // TEST_DATABASE_URL is set. They prove the measurement still runs end to end (a run without acknowledged
  // writes fails); the figures themselves are read from a quiet machine, never asserted here.
  const buildEnv = sharedBuildEnv();
  const benchArgs = ["--short", "--duration", "2", "--only", "viva,membro,toque", "--port", "3980"];
  run(
    "bench curto (PGlite)",
    process.execPath,
    ["scripts/bench.ts", "--db", "pglite", ...benchArgs],
    buildEnv,
  );
  // The soak's short version on both databases: visitors, members and writers together for 25 s, failing if a
  // probe (a visitor's page, a member's page, a member's write and its revalidation, /healthz) takes over 2 s.
  run("soak curto (PGlite)", process.execPath, ["scripts/soak.ts", "--short", "--port", "3970"], buildEnv);
  if (process.env.TEST_DATABASE_URL) {
    run(
      "soak curto (PostgreSQL)",
      process.execPath,
      ["scripts/soak.ts", "--short", "--db", "postgres", "--port", "3970"],
      { ...buildEnv, SOAK_POSTGRES_URL: process.env.TEST_DATABASE_URL },
    );
  }
  if (process.env.TEST_DATABASE_URL) {
    run(
      "bench curto (PostgreSQL)",
      process.execPath,
      // The first tap is a browser's figure, already measured on PGlite above: here only the living community.
      [
        "scripts/bench.ts",
        "--db",
        "postgres",
        ...benchArgs.map((arg) => (arg === "viva,membro,toque" ? "viva" : arg)),
      ],
      {
        ...buildEnv,
        BENCH_POSTGRES_URL: process.env.TEST_DATABASE_URL,
      },
    );
  }
}
finish(0);
