// `npm start` on PostgreSQL: two workers on one port, a killed worker comes back, SIGTERM stops them all.
// Runs the real production server (built into its own folder) against a database made for this file.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOnServer, withDatabase } from "#tests/support/postgres-databases.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const PORT = 3343;
const BUILD_DIR = "build-e2e-3343";
const database = `sdd_cluster_${process.pid}`;

type LogLine = { msg?: string; pid?: number; req?: { url?: string } };
const lines: LogLine[] = [];
let primary: ChildProcess;

const admin = (statement: string) => runOnServer(adminUrl!, statement);

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A new connection per request, so the primary hands each one to the next worker. */
function get(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: PORT, path: pathname, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const listening = () => lines.filter((line) => line.msg?.startsWith("Suporte de Domingo em"));
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!adminUrl)("npm start on PostgreSQL (server/cluster.ts)", () => {
  beforeAll(async () => {
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`create database ${database}`);
    execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
      stdio: "ignore",
      env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    });
    primary = spawn(process.execPath, ["server/cluster.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        WEB_CONCURRENCY: "2",
        DATABASE_URL: withDatabase(adminUrl!, database),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sdd-cluster-")),
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let rest = "";
    primary.stdout!.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts) {
        try {
          lines.push(JSON.parse(part) as LogLine);
        } catch {
          // not a log line
        }
      }
    });
    // Both workers migrate at once: the advisory lock lets one do it and the other find nothing left to do.
    await until("two workers listening", () => (listening().length >= 2 ? true : undefined), 60_000);
  });

  afterAll(async () => {
    if (primary && primary.exitCode === null) primary.kill("SIGKILL");
    for (const line of listening()) if (line.pid && isAlive(line.pid)) process.kill(line.pid, "SIGKILL");
    await admin(`drop database if exists ${database} with (force)`);
  });

  it("answers from two worker processes on the same port", async () => {
    const pids = new Set(listening().map((line) => line.pid));
    expect(pids.size).toBe(2);
    expect(pids.has(primary.pid)).toBe(false);
    for (let i = 0; i < 10; i++) expect(await get("/robots.txt")).toBe(200);
    const served = await until("requests logged by both workers", () => {
      const seen = new Set(lines.filter((l) => l.req?.url === "/robots.txt").map((l) => l.pid));
      return seen.size >= 2 ? seen : undefined;
    });
    expect([...served].every((pid) => pids.has(pid))).toBe(true);
  });

  it("restarts a worker that dies", async () => {
    const [victim] = listening();
    const before = listening().length;
    process.kill(victim!.pid!, "SIGKILL");
    const replacement = await until("a new worker", () =>
      listening().length > before ? listening().at(-1) : undefined,
    );
    expect(replacement.pid).not.toBe(victim!.pid);
    expect(lines.some((line) => line.msg === "worker died; restarting")).toBe(true);
    for (let i = 0; i < 4; i++) expect(await get("/robots.txt")).toBe(200);
  });

  it("stops every worker cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
    const workers = listening().map((line) => line.pid!);
    await until("workers gone", () => (workers.every((pid) => !isAlive(pid)) ? true : undefined), 5_000);
    expect(lines.filter((line) => line.msg === "stopped").length).toBeGreaterThanOrEqual(2);
  });
});
