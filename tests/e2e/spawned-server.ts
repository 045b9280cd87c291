// A production server of its own for a spec that needs a configuration the shared e2e server does not have
// (PUBLIC_URL unset, ADMIN_EMAIL, small limits…). It runs the e2e build on a fresh data folder and writes
// e-mails to that folder's outbox.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eBuildDir, e2eMigratedTemplate } from "../../playwright.config.ts";
import type { SentMail } from "./outbox.ts";

export type SpawnedServer = {
  child: ChildProcess;
  port: number;
  origin: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
  /** E-mails this server wrote to its outbox, oldest first. */
  outbox: () => Promise<SentMail[]>;
  stop: () => Promise<void>;
};

// Each run (its E2E_PORT) and each of its workers takes its own 20 ports, so two specs never start servers on
// the same port at once.
const portBase =
  4000 +
  (Number(process.env.E2E_PORT ?? 3210) - 3200) * 40 +
  Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 20;
let started = 0;
const nextPort = () => portBase + (started++ % 20);

/**
 * Starts the server with `env` over the defaults; does not wait for it (see `startHealthyServer`). `script`:
 * `server/cluster.ts` runs what `npm start` runs (one worker per core on PostgreSQL).
 */
export function startServer(
  env: Record<string, string> = {},
  script: "server/server.ts" | "server/cluster.ts" = "server/server.ts",
): SpawnedServer {
  const port = Number(env.PORT ?? nextPort());
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-spawned-"));
    // A fresh folder starts from the migrated template (made by scripts/e2e-server.ts): the same schema the
    // server's own migration would make, without the seconds it takes. A folder a spec hands in is left as is.
    const template = path.join(e2eMigratedTemplate, "pgdata");
    if (existsSync(template)) cpSync(template, path.join(dataDir, "pgdata"), { recursive: true });
  }
  let output = "";
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: e2eBuildDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    port,
    origin: `http://localhost:${port}`,
    dataDir,
    output: () => output,
    exited,
    outbox: async () => {
      const dir = path.join(dataDir, "outbox");
      const files = await readdir(dir).catch(() => [] as string[]);
      // A file still being written does not parse yet: it is read on the next look.
      const mails = await Promise.all(
        files.map((f) =>
          readFile(path.join(dir, f), "utf8")
            .then((text) => JSON.parse(text) as SentMail)
            .catch(() => null),
        ),
      );
      return mails.filter((m): m is SentMail => m !== null).sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function waitHealthy(port: number, server?: SpawnedServer) {
  await expect
    .poll(
      async () => {
        // A server that stopped while starting never answers: say why at once.
        if (server && server.child.exitCode !== null) {
          throw new Error(
            `o servidor terminou ao iniciar (${server.child.exitCode}):\n${server.output().slice(-3000)}`,
          );
        }
        return (await fetch(`http://localhost:${port}/healthz`).catch(() => null))?.status ?? 0;
      },
      { timeout: 90_000 },
    )
    .toBe(200);
}

/** Starts the server and waits until /healthz answers. */
export async function startHealthyServer(
  env: Record<string, string> = {},
  script?: Parameters<typeof startServer>[1],
): Promise<SpawnedServer> {
  const server = startServer(env, script);
  try {
    await waitHealthy(server.port, server);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\nsaída do servidor:\n${server.output().slice(-3000)}`);
  }
  return server;
}
