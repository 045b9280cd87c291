// A real production server for Vitest files that need one (backups, metrics): the build made once into a
// folder of its own (rebuilt when the sources are newer; files building at once wait for each other; `npm test`'s
// end-to-end, resilience and bench steps run on the same build, ADR 045), then
// `server/server.ts` or `server/cluster.ts` started with the test's environment and stopped with SIGTERM.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const TEST_BUILD_DIR = "build-e2e-shared";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the app into TEST_BUILD_DIR unless a build newer than the sources is there. */
export async function productionBuild(buildDir = TEST_BUILD_DIR): Promise<string> {
  const lock = `${buildDir}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another file is building: wait for it (a lock older than the deadline is a crashed run's).
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    const entry = path.join(buildDir, "server/index.js");
    // What the build reads: the app, the HTTP server around it, the schema it imports from db/, the static files and the build's settings.
    const sources = Math.max(
      newestMtime("app"),
      newestMtime("db"),
      newestMtime("server"),
      newestMtime("public"),
      ...["package.json", "vite.config.ts", "react-router.config.ts"].map((file) => statSync(file).mtimeMs),
    );
    const stale = !existsSync(entry) || sources > statSync(entry).mtimeMs;
    if (stale) {
      execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return buildDir;
}

export type RunningServer = {
  child: ChildProcess;
  port: number;
  origin: string;
  output: () => string;
  stop: () => Promise<number | null>;
};

/** Starts the production server and waits for /healthz; throws with its output if it stops first. */
export async function startProductionServer(
  env: Record<string, string>,
  script: "server/server.ts" | "server/cluster.ts" = "server/server.ts",
): Promise<RunningServer> {
  const port = Number(env.PORT);
  let output = "";
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: TEST_BUILD_DIR,
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: RunningServer = {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor parou ao iniciar:\n${output.slice(-3000)}`);
    const status = await request(port, "/healthz").then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`o servidor não respondeu em /healthz:\n${output.slice(-3000)}`);
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A GET on a new connection (so a cluster hands each to the next worker), with any headers, `Host` too. */
export function request(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers, agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on("error", reject);
  });
}
