// `npm run soak -- [--db pglite|postgres] [--minutes M] [--short] [--port P]`
// Visitors, members and writers together on the production server for M minutes (10 by default, 25 seconds with
// --short), with probes every few seconds: a visitor's page, a member's page, a member's write followed by the
// page it returns to, and /healthz. A probe that takes over 2 s, or that the site fails to answer, fails the soak;
// so does a site that does not answer once the load stops. The server is pinned to core 0, the load and the
// probes to core 1 (as in the bench). Prints a summary and writes bench/results/runs/soak-<db>-<stamp>.json.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { LoadOptions, LoadTarget, LatencySummary } from "../bench/load-generator.ts";
import { summarise } from "../bench/load-generator.ts";
import { canPin, residentMegabytes, runLoad, signUp, startServer, stop, waitFor } from "../bench/site.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    minutes: { type: "string" },
    short: { type: "boolean", default: false },
    port: { type: "string", default: "3970" },
    visitors: { type: "string", default: "50" },
    members: { type: "string", default: "5" },
    writes: { type: "string", default: "5" },
  },
});

const kind = values.db === "postgres" ? "postgres" : "pglite";
const durationMs = values.minutes ? Number(values.minutes) * 60_000 : values.short ? 25_000 : 600_000;
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
/** A probe slower than this, or unanswered, fails the soak. */
const PROBE_LIMIT_MS = 2000;
const PROBE_EVERY_MS = 3000;
const pinned = canPin();
const workDir = path.join(os.tmpdir(), "sdd-soak");
mkdirSync(workDir, { recursive: true });
// The probes share core 1 with the load, never the server's core.
if (pinned) spawnSync("taskset", ["-pc", "1", String(process.pid)], { stdio: "ignore" });

const adminUrl = process.env.SOAK_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const soakDatabase = `sdd_soak_${process.pid}`;

async function asAdmin(statement: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database with the demo content (seeded by the server as it starts). */
async function prepareDatabase(): Promise<NodeJS.ProcessEnv> {
  const dataDir = path.join(workDir, `${kind}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (kind === "pglite") return { DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "true" };
  await asAdmin(`create database ${soakDatabase}`);
  const url = new URL(adminUrl);
  url.pathname = `/${soakDatabase}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO: "true" };
}

const loadAsync = (options: Omit<LoadOptions, "origin">) => runLoad(pinned, workDir, { ...options, origin });

type Probe = { name: string; run: () => Promise<Response> };
type ProbeResult = { name: string; at: number; ms: number; status: number; cache?: string; error?: string };

async function timed(probe: Probe, startedAt: number): Promise<ProbeResult> {
  const t0 = performance.now();
  try {
    const res = await probe.run();
    await res.arrayBuffer();
    return {
      name: probe.name,
      at: Math.round(Date.now() - startedAt),
      ms: performance.now() - t0,
      status: res.status,
      cache: res.headers.get("x-visitor-cache") ?? undefined,
    };
  } catch (error) {
    return {
      name: probe.name,
      at: Math.round(Date.now() - startedAt),
      ms: performance.now() - t0,
      status: 0,
      error: (error as Error).message,
    };
  }
}

const failed = (result: ProbeResult) =>
  result.status === 0 || result.status >= 500 || result.ms > PROBE_LIMIT_MS;

console.log(
  `▶ soak (${kind}): ${durationMs / 1000} s, ${values.visitors} conexões de visitantes, ` +
    `${values.members} páginas de membros/s, ${values.writes} escritas/s`,
);
const dbEnv = await prepareDatabase();
const server = startServer(pinned, ["server/cluster.ts"], {
  ...dbEnv,
  PORT: String(port),
  HOST: "127.0.0.1",
});
let exitCode = 0;
try {
  await waitFor(`${origin}/healthz`, server);
  const [reader, writer, prober] = [await signUp(origin), await signUp(origin), await signUp(origin)];
  const list = await (await fetch(`${origin}/questions`)).text();
  const ids = [...new Set([...list.matchAll(/href="\/questions\/(\d+)/g)].map((m) => Number(m[1])))].sort(
    (a, b) => a - b,
  );
  if (ids.length < 3) throw new Error("a lista de perguntas não tem três perguntas");
  const [first, second] = ids as [number, number];
  const last = ids[ids.length - 1]!;
  const sameOrigin = { "sec-fetch-site": "same-origin" };
  const visitorPages: LoadTarget[] = [
    { name: "início", path: "/" },
    { name: "perguntas", path: "/questions" },
    { name: "pergunta", path: `/questions/${first}`, weight: 3 },
    { name: "outra pergunta", path: `/questions/{{rand:${second}:${last}}}` },
    { name: "blog", path: "/blog" },
    { name: "tags", path: "/tags" },
  ];
  const memberPages: LoadTarget[] = visitorPages.map((target) => ({
    ...target,
    headers: { cookie: reader },
  }));
  const writes: LoadTarget[] = [
    // A browser with the app: the action, then the page's data again.
    {
      name: "favorito (.data + revalidação)",
      method: "POST",
      path: `/questions/{{rand:${second}:${last}}}.data`,
      headers: { ...sameOrigin, cookie: writer },
      body: "intent=favorite",
      then: { path: "{{path}}", headers: { cookie: writer } },
    },
    // A browser before the app arrives: a plain form post, answered with the page.
    {
      name: "voto (formulário)",
      method: "POST",
      path: `/questions/{{rand:${second}:${last}}}`,
      headers: { ...sameOrigin, cookie: writer },
      body: "intent=vote&kind=question&value=1",
    },
    {
      name: "login errado",
      method: "POST",
      path: "/entrar",
      headers: sameOrigin,
      body: "email=ninguem%40exemplo.com.br&password=senha-errada-{{n}}",
    },
  ];
  // Every page once, as a visitor and as a member, before the load: the soak looks for a site that stops, not
  // for the first renders after a start (the bench's warm-up does the same).
  const warmPaths = ["/", "/questions", "/blog", "/tags", ...ids.map((id) => `/questions/${id}`)];
  for (const cookie of [undefined, reader, writer, prober]) {
    for (const page of warmPaths) {
      await fetch(`${origin}${page}`, cookie ? { headers: { cookie } } : {}).then((res) => res.arrayBuffer());
    }
  }
  // The probe's own write, both ways (a favourite, then taking it back), for the same reason: its first runs
  // compile and plan what every later one reuses.
  for (let turn = 0; turn < 2; turn++) {
    await fetch(`${origin}/questions/${second}.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "favorite" }),
      headers: { cookie: prober, ...sameOrigin },
    }).then((res) => res.arrayBuffer());
  }
  const loads = Promise.all([
    loadAsync({ targets: visitorPages, connections: Number(values.visitors), durationMs, timeoutMs: 30_000 }),
    loadAsync({
      targets: memberPages,
      connections: 16,
      durationMs,
      rate: Number(values.members),
      timeoutMs: 30_000,
    }),
    loadAsync({
      targets: writes,
      connections: 8,
      durationMs,
      rate: Number(values.writes),
      timeoutMs: 30_000,
    }),
  ]);

  const probes: Probe[] = [
    {
      name: "visitante: pergunta",
      run: () => fetch(`${origin}/questions/${first}`, { signal: AbortSignal.timeout(30_000) }),
    },
    {
      name: "membro: pergunta",
      run: () =>
        fetch(`${origin}/questions/${first}`, {
          headers: { cookie: prober },
          signal: AbortSignal.timeout(30_000),
        }),
    },
    {
      name: "membro: favorito + revalidação",
      run: async () => {
        const action = await fetch(`${origin}/questions/${second}.data`, {
          method: "POST",
          body: new URLSearchParams({ intent: "favorite" }),
          headers: { cookie: prober, ...sameOrigin },
          signal: AbortSignal.timeout(30_000),
        });
        await action.arrayBuffer();
        if (!action.ok) return action;
        return fetch(`${origin}/questions/${second}.data`, {
          headers: { cookie: prober },
          signal: AbortSignal.timeout(30_000),
        });
      },
    },
    { name: "healthz", run: () => fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(30_000) }) },
  ];

  const startedAt = Date.now();
  const results: ProbeResult[] = [];
  const health: Array<{ at: number; databaseQueue: number; eventLoopLagMs: number; databaseMs: number }> = [];
  const memory: Array<{ at: number; megabytes: number }> = [];
  let loading = true;
  void loads.finally(() => (loading = false));
  // While the load runs, then 15 s more: a site that stopped answering shows after the load as well.
  const probeUntil = () => (loading ? Infinity : stoppedAt + 15_000);
  let stoppedAt = Infinity;
  void loads.finally(() => (stoppedAt = Date.now()));
  while (Date.now() < probeUntil()) {
    const round = await Promise.all(probes.map((probe) => timed(probe, startedAt)));
    results.push(...round);
    for (const result of round) if (failed(result)) console.log(`  ✗ ${JSON.stringify(result)}`);
    const healthz = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(30_000) })
      .then(
        (res) => res.json() as Promise<{ databaseQueue: number; eventLoopLagMs: number; databaseMs: number }>,
      )
      .catch(() => undefined);
    if (healthz) health.push({ at: Date.now() - startedAt, ...healthz });
    memory.push({ at: Date.now() - startedAt, megabytes: residentMegabytes(server.pid) ?? 0 });
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  const [visitors, members, writers] = await loads;

  const byProbe: Record<string, LatencySummary & { failures: number }> = {};
  for (const probe of probes) {
    const mine = results.filter((r) => r.name === probe.name);
    byProbe[probe.name] = { ...summarise(mine.map((r) => r.ms)), failures: mine.filter(failed).length };
  }
  const failures = results.filter(failed);
  const summary = {
    date: new Date().toISOString(),
    database: kind,
    seconds: durationMs / 1000,
    pinned,
    probes: byProbe,
    failures,
    load: {
      visitors: { rps: visitors.requestsPerSecond, latency: visitors.latency, statuses: visitors.statuses },
      members: { rps: members.requestsPerSecond, latency: members.latency, statuses: members.statuses },
      writes: {
        rps: writers.requestsPerSecond,
        latency: writers.latency,
        statuses: writers.statuses,
        perTarget: Object.fromEntries(
          Object.entries(writers.perTarget).map(([name, t]) => [
            name,
            { statuses: t.statuses, latency: t.latency },
          ]),
        ),
      },
    },
    health: {
      maxDatabaseQueue: Math.max(0, ...health.map((h) => h.databaseQueue)),
      maxEventLoopLagMs: Math.max(0, ...health.map((h) => h.eventLoopLagMs)),
      maxDatabaseMs: Math.max(0, ...health.map((h) => h.databaseMs)),
    },
    residentMegabytes: {
      first: memory[0]?.megabytes,
      last: memory.at(-1)?.megabytes,
      max: Math.max(...memory.map((m) => m.megabytes)),
    },
  };
  mkdirSync("bench/results/runs", { recursive: true });
  const file = `bench/results/runs/soak-${kind}-${summary.date.replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify({ ...summary, results, health, memory }, null, 2));
  console.log(`\n  sondas (${results.length / probes.length} rodadas, limite ${PROBE_LIMIT_MS} ms):`);
  for (const [name, s] of Object.entries(byProbe)) {
    console.log(
      `    ${name}: p50 ${Math.round(s.p50)} ms, p99 ${Math.round(s.p99)} ms, máx. ${Math.round(s.max)} ms, falhas ${s.failures}`,
    );
  }
  console.log(
    `  carga: visitantes ${visitors.requestsPerSecond} req/s p99 ${visitors.latency.p99} ms ${JSON.stringify(visitors.statuses)}; ` +
      `membros ${members.requestsPerSecond} req/s p99 ${members.latency.p99} ms ${JSON.stringify(members.statuses)}; ` +
      `escritas p50 ${writers.latency.p50} ms p99 ${writers.latency.p99} ms ${JSON.stringify(writers.statuses)}`,
  );
  console.log(
    `  /healthz: fila do banco até ${summary.health.maxDatabaseQueue}, atraso do event loop até ${summary.health.maxEventLoopLagMs} ms, ` +
      `select 1 até ${summary.health.maxDatabaseMs} ms; memória ${summary.residentMegabytes.first} → ${summary.residentMegabytes.last} MB (máx. ${summary.residentMegabytes.max})`,
  );
  console.log(`  ${file}`);
  if (failures.length) {
    console.log(`✗ ${failures.length} sonda(s) acima de ${PROBE_LIMIT_MS} ms ou sem resposta`);
    exitCode = 1;
  } else {
    console.log("✓ nenhuma sonda acima do limite; o site respondeu até o fim");
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stop(server);
  rmSync(dbEnv.DATA_DIR!, { recursive: true, force: true });
  if (kind === "postgres") await asAdmin(`drop database if exists ${soakDatabase} with (force)`);
}
process.exit(exitCode);
