// What the bench and the soak both do to a running site: start the production server pinned to a core, wait for
// it, stop it, and sign a new member up through the site's own form (the way a person does).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadOptions, LoadResult } from "./load-generator.ts";

const node = process.execPath;

/** Whether processes can be pinned to cores (`taskset` and two cores): the server on 0, the load on 1. */
export function canPin(): boolean {
  return existsSync("/usr/bin/taskset") && os.cpus().length >= 2;
}

/** `node args` pinned to `core` when `pinned`, as a command and its arguments. */
export function pinnedNode(pinned: boolean, core: number, args: string[]) {
  return pinned ? { cmd: "taskset", args: ["-c", String(core), node, ...args] } : { cmd: node, args };
}

/** A production process (the server, a ceiling) on core 0, its errors on this process's stderr. */
export function startServer(pinned: boolean, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const { cmd, args: full } = pinnedNode(pinned, 0, args);
  return spawn(cmd, full, {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * The load generator (bench/load-generator.ts) as a process of its own on core 1, without blocking: several run
 * at once (visitors reading while members write). Its options go through a file in `workDir`.
 */
export function runLoad(pinned: boolean, workDir: string, options: LoadOptions): Promise<LoadResult> {
  const file = path.join(workDir, `load-${process.pid}-${randomBytes(4).toString("hex")}.json`);
  writeFileSync(file, JSON.stringify(options));
  const pinnedLoad = pinnedNode(pinned, 1, ["bench/load-generator.ts", `@${file}`]);
  // A closed loop takes all of its core. The open-loop loads and probes that share that core count each
  // request from the moment it was due, so they run first, and the closed loop gets the rest of the core.
  const { cmd, args } =
    options.rate === undefined
      ? { cmd: "nice", args: ["-n", "10", pinnedLoad.cmd, ...pinnedLoad.args] }
      : pinnedLoad;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("exit", (code) => {
      rmSync(file, { force: true });
      if (code === 0) resolve(JSON.parse(out) as LoadResult);
      else reject(new Error(`gerador de carga falhou: ${err}`));
    });
  });
}

/** Resident memory of a process and its children (the server and its workers), in MB (Linux /proc). */
export function residentMegabytes(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  let kilobytes = 0;
  for (const each of [pid, ...children]) {
    try {
      kilobytes += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${each}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kilobytes / 1024);
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`o processo terminou (código ${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} não respondeu em ${timeoutMs / 1000} s`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await done;
  clearTimeout(timer);
}

/**
 * A member who signs up through /cadastro, as a person does: the session cookie it sets. Each from an address of
 * its own, so the sign-up limit per address does not refuse the next.
 */
export async function signUp(origin: string): Promise<string> {
  const id = randomBytes(4).toString("hex");
  const body = new URLSearchParams({
    socialName: `Bench ${id}`,
    email: `bench-${id}@exemplo.com.br`,
    password: `senha-de-bench-${id}`,
  });
  const res = await fetch(`${origin}/cadastro`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`,
    },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter(Boolean)
    .join("; ");
  if (!cookie) throw new Error(`cadastro sem cookie (HTTP ${res.status})`);
  return cookie;
}
