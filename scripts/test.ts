// `npm test`: lint, formatting, typecheck, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), then the end-to-end suite on the system Chromium (it builds the app into its own folder first).
// Stops at the first step that fails. `node scripts/test.ts static|unit|e2e|resilience|bench` runs one part.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const bin = (name: string) => `node_modules/.bin/${name}`;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${label} falhou.`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const canInstall = existsSync("/etc/debian_version") && process.getuid?.() === 0;
  if (canInstall) {
    console.log("Chromium não encontrado: instalando o pacote chromium do Debian…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
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
  run("ciclos de importação", process.execPath, ["scripts/import-cycles.ts"]);
  run("formatação", bin("prettier"), ["--check", "."]);
  run("tipos (typegen)", bin("react-router"), ["typegen"]);
  run("tipos (tsc)", bin("tsc"), []);
}
if (!part || part === "unit") run("unidade + integração (vitest)", bin("vitest"), ["run"]);
if (!part || part === "e2e") {
  ensureChromium();
  run("ponta a ponta (playwright)", bin("playwright"), ["test"], { CHROMIUM_PATH: chromium });
}
if (!part || part === "resilience") {
  // Short resilience suite and the JavaScript budget (scripts/resilience/run.ts), on the end-to-end build.
  const e2eBuild = `build-e2e-${process.env.E2E_PORT ?? 3210}`;
  ensureChromium();
  run(
    "resiliência e orçamento de JavaScript (curtos)",
    process.execPath,
    ["scripts/resilience/run.ts", "--short"],
    {
      CHROMIUM_PATH: chromium,
      ...(existsSync(`${e2eBuild}/server/index.js`) ? { BUILD_DIR: e2eBuild } : {}),
    },
  );
}
if (!part || part === "bench") {
  // The bench's short versions (docs/performance.md): a living community on PGlite, and on PostgreSQL when
  // TEST_DATABASE_URL is set. They prove the measurement still runs end to end (a run without acknowledged
  // writes fails); the figures themselves are read from a quiet machine, never asserted here.
  const e2eBuild = `build-e2e-${process.env.E2E_PORT ?? 3210}`;
  const buildEnv = existsSync(`${e2eBuild}/server/index.js`) ? { BUILD_DIR: e2eBuild } : {};
  const benchArgs = ["--short", "--duration", "2", "--only", "viva,toque", "--port", "3980"];
  run(
    "bench curto (PGlite)",
    process.execPath,
    ["scripts/bench.ts", "--db", "pglite", ...benchArgs],
    buildEnv,
  );
  if (process.env.TEST_DATABASE_URL) {
    run(
      "bench curto (PostgreSQL)",
      process.execPath,
      ["scripts/bench.ts", "--db", "postgres", ...benchArgs],
      {
        ...buildEnv,
        BENCH_POSTGRES_URL: process.env.TEST_DATABASE_URL,
      },
    );
  }
}
