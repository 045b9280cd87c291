// `npm start`: on PostgreSQL, WEB_CONCURRENCY app servers (default: one per available core) under node:cluster,
// all on the same port; on PGlite, or with one, the app server runs in this process (ADR 029).
// The primary only forks, restarts and stops workers: it never opens the database or loads the build.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { parseEnv, type Env } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { serveClusterScrapes } from "./metrics.ts";

let config: Env;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** How many app servers to run: PGlite's data folder belongs to one process (ADR 002). */
function workerCount(env: Env, cores = os.availableParallelism()): number {
  if (!env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? cores;
}

const count = workerCount(config);
if (!config.DATABASE_URL && (config.WEB_CONCURRENCY ?? 1) > 1) {
  logger.warn(
    "WEB_CONCURRENCY ignorada: o banco embutido (PGlite) pertence a um só processo; use DATABASE_URL",
  );
}

if (cluster.isWorker || count === 1) {
  // Each worker answers the primary's questions for its metrics and names itself in its logs (server/app.ts).
  await import("./server.ts");
} else {
  runPrimary(count);
}

function runPrimary(size: number) {
  /** A worker that lived this long before dying restarts at once; quicker deaths wait longer each time. */
  const HEALTHY_AFTER_MS = 30_000;
  const MAX_BACKOFF_MS = 30_000;
  const STOP_GRACE_MS = 15_000;
  let stopping = false;
  let anyListened = false;
  const restarts = new Set<NodeJS.Timeout>();

  function fork(failures: number) {
    const startedAt = Date.now();
    const worker: Worker = cluster.fork();
    worker.once("listening", () => (anyListened = true));
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      // A site that never came up (bad DATABASE_URL, port taken) stops instead of crashing in a loop.
      if (!anyListened) {
        logger.error({ code, signal }, "um servidor não conseguiu iniciar; parando");
        void stopAll("startup failure", 1);
        return;
      }
      const quick = Date.now() - startedAt < HEALTHY_AFTER_MS;
      const next = quick ? failures + 1 : 0;
      const delay = quick ? Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures) : 0;
      logger.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, "worker died; restarting");
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) fork(next);
      }, delay);
      restarts.add(timer);
    });
  }

  async function stopAll(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    logger.info({ reason, workers: alive.length }, "stopping the app servers");
    // Each worker stops taking connections, finishes its requests and closes its database (server/app.ts).
    const exits = alive.map((w) => new Promise((resolve) => w.once("exit", resolve)));
    for (const w of alive) w.process.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const w of alive) if (!w.isDead()) w.process.kill("SIGKILL");
    }, STOP_GRACE_MS);
    force.unref();
    await Promise.all(exits);
    process.exit(exitCode);
  }

  serveClusterScrapes();
  logger.info({ workers: size, pid: process.pid }, "starting app servers");
  for (let i = 0; i < size; i++) fork(0);
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stopAll(signal));
}
