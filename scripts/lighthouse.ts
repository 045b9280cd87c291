// `npm run lighthouse [-- --port P] [--runs N]`: Lighthouse 13 (mobile preset, simulated throttling) on /,
// /questions, a question and /blog of the production build on a fresh embedded database with the demo content,
// with the system Chromium (CHROME_PATH, default /usr/bin/chromium). Fails when a page's performance score is
// under the budget (95) or its JavaScript transfer is over 60 KB. Lighthouse is not a dependency of the project
// (about 110 packages that CI does not need): it is fetched once into npm's cache by `npm exec`, which needs
// the npm registry the first time. Reports go to bench/results/runs/lighthouse-*.json (not committed).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer, stopServer } from "./resilience/harness.ts";

const LIGHTHOUSE = "lighthouse@13.0.0";
const PERFORMANCE_BUDGET = 95;
const JS_BUDGET_KB = 60;

const { values } = parseArgs({
  options: { port: { type: "string", default: "3985" }, runs: { type: "string", default: "1" } },
});
const chrome = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const outDir = path.join("bench", "results", "runs");
mkdirSync(outDir, { recursive: true });

if (!process.env.BUILD_DIR) execFileSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "inherit" });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-lighthouse-"));
const server = await startServer({ kind: "pglite", dataDir }, Number(values.port));
const failures: string[] = [];
try {
  const pages = ["/", "/questions", "/questions/1", "/blog"];
  console.log(`Lighthouse 13 (mobile) com ${chrome}`);
  console.log("página".padEnd(16) + "desempenho  LCP (ms)  TBT (ms)  CLS     JS (KB, transferido)");
  for (const page of pages) {
    const scores: number[] = [];
    let last: Record<string, unknown> = {};
    for (let run = 0; run < Number(values.runs); run++) {
      const file = path.join(outDir, `lighthouse-${page.replace(/\W+/g, "_") || "home"}-${run}.json`);
      const result = spawnSync(
        "npm",
        [
          "exec",
          "--yes",
          `--package=${LIGHTHOUSE}`,
          "--",
          "lighthouse",
          `${server.origin}${page}`,
          "--only-categories=performance",
          "--output=json",
          `--output-path=${file}`,
          "--quiet",
          "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking",
        ],
        { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: chrome } },
      );
      if (result.status !== 0) throw new Error(`lighthouse falhou em ${page}`);
      last = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      const categories = last.categories as { performance: { score: number } };
      scores.push(Math.round(categories.performance.score * 100));
    }
    const audits = last.audits as Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
    const score = scores.sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
    const items = (audits["resource-summary"]?.details?.items ?? []) as Array<{
      resourceType: string;
      transferSize: number;
    }>;
    const jsKb = (items.find((i) => i.resourceType === "script")?.transferSize ?? 0) / 1024;
    console.log(
      page.padEnd(16) +
        String(score).padStart(10) +
        String(Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)).padStart(10) +
        String(Math.round(audits["total-blocking-time"]?.numericValue ?? 0)).padStart(10) +
        (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3).padStart(7) +
        jsKb.toFixed(1).padStart(10),
    );
    if (score < PERFORMANCE_BUDGET) failures.push(`${page}: desempenho ${score} < ${PERFORMANCE_BUDGET}`);
    if (jsKb > JS_BUDGET_KB)
      failures.push(`${page}: ${jsKb.toFixed(1)} KB de JavaScript > ${JS_BUDGET_KB} KB`);
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n✗ orçamentos do Lighthouse:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("\n✓ orçamentos do Lighthouse respeitados");
