// `npm run bench:instructions -- [--page /questions/1] [--visitor] [--requests 300] [--warmup 1500]
//   [--build build] [--port 3980]`
// What one page costs in CPU instructions, counted by valgrind's callgrind: the same build gives the same count
// whatever else the machine runs, where requests a second on this shared box moved ±30 % between rounds (ADR
// 070). The production server runs under callgrind on a fresh embedded database with the demo content, with
// counting off while it starts and while it is warmed up (JIT and caches as on a live site), then counts
// REQUESTS pages in a row at one connection, as a new member (signed up through the site's own form) or a
// visitor. Reports instructions per page split three ways: the request's own work, the collector on the request
// thread, and V8's background threads (concurrent marking, sweeping, compiling). The request's own work repeats
// within ~0.5 % between runs; the collector's varies by ~10 % with where its cycles fall. Slow: ~4 minutes, on
// one core, so two builds can be compared side by side. Needs valgrind (`apt-get install valgrind`).
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { signUp, stop, waitFor } from "./site.ts";

const { values } = parseArgs({
  options: {
    page: { type: "string", default: "/questions/1" },
    visitor: { type: "boolean", default: false },
    requests: { type: "string", default: "300" },
    warmup: { type: "string", default: "1500" },
    build: { type: "string", default: "build" },
    port: { type: "string", default: "3980" },
  },
});
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const origin = `http://127.0.0.1:${values.port}`;

if (spawnSync("valgrind", ["--version"]).status !== 0) {
  console.error("valgrind não encontrado: apt-get install valgrind");
  process.exit(1);
}
const workDir = mkdtempSync(path.join(os.tmpdir(), "sdd-instrucoes-"));
// vgdb finds the server by a file named after USER and HOST: both fixed, so the controller finds it.
const vgdbEnv = { USER: process.env.USER || "bench", HOST: "127.0.0.1" };
const vgdbPrefix = `--vgdb-prefix=${path.join(workDir, "vgdb")}`;
const server = spawn(
  "valgrind",
  [
    "--tool=callgrind",
    "--instr-atstart=no",
    vgdbPrefix,
    `--callgrind-out-file=${path.join(workDir, "callgrind.%p")}`,
    process.execPath,
    "server/cluster.ts",
  ],
  {
    env: {
      ...process.env,
      ...vgdbEnv,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: values.port,
      BUILD_DIR: values.build,
      DATA_DIR: path.join(workDir, "data"),
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "ignore"],
  },
);
const control = (...args: string[]) => {
  const result = spawnSync("callgrind_control", [vgdbPrefix, ...args, String(server.pid)], {
    env: { ...process.env, ...vgdbEnv },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`callgrind_control ${args.join(" ")}: ${result.stderr}`);
};

try {
  console.error(`▶ servidor sob callgrind (${values.build}); a partida leva alguns minutos`);
  await waitFor(`${origin}/healthz`, server, 900_000);
  const cookie = values.visitor ? undefined : await signUp(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const headers = { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) };
      http
        .get(`${origin}${values.page}`, { agent, headers }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("error", reject);
    });
  console.error(`▶ aquecendo com ${warmup} páginas`);
  for (let i = 0; i < warmup; i++) await get();
  console.error(`▶ contando ${requests} páginas`);
  control("--instr=on");
  for (let i = 0; i < requests; i++) {
    const status = await get();
    if (status !== 200) throw new Error(`${values.page} respondeu ${status}`);
  }
  control("--instr=off");
  control("--dump");
  await new Promise((resolve) => setTimeout(resolve, 2000));

  // The dump of the counted part: its totals, with each function's inclusive count to split them.
  const dump = readdirSync(workDir).find((name) => /^callgrind\.\d+\.1$/.test(name));
  if (!dump) throw new Error("callgrind não gravou a contagem");
  const annotated = spawnSync("callgrind_annotate", ["--inclusive=yes", path.join(workDir, dump)], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  }).stdout;
  const inclusive = (pattern: RegExp) => {
    const line = annotated.split("\n").find((l) => pattern.test(l));
    return line ? Number(line.trim().split(/\s+/)[0]!.replaceAll(",", "")) : 0;
  };
  const total = inclusive(/PROGRAM TOTALS/);
  const background = inclusive(/PlatformWorkerThread/);
  const collector = inclusive(/v8::internal::Heap::CollectGarbage\(v8::internal::AllocationSpace/);
  const perPage = (count: number) => Math.round(count / requests / 10_000) / 100;
  const result = {
    page: values.page,
    who: values.visitor ? "visitante" : "membro novo",
    build: values.build,
    requests,
    millionInstructionsPerPage: {
      request: perPage(total - background - collector),
      collectorOnRequestThread: perPage(collector),
      backgroundThreads: perPage(background),
      total: perPage(total),
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stop(server);
  rmSync(workDir, { recursive: true, force: true });
}
