// `npm run bench -- [--db pglite|postgres] [--questions N (0: the demo content alone)] [--duration S]
//   [--connections C] [--rate R] [--short] [--seed-only]`
// Builds when needed, seeds a database (the demo content, then `seed:large` with N questions; kept and reused
// for the next run with the same N), starts the production server pinned to core 0 (`taskset -c 0`) and runs
// the load generator (bench/load-generator.ts) pinned to core 1. Measures requests a second, p50 and p99 for
// the read pages, a question with twenty answers as visitor and as member, search and a mixed profile with
// answers and votes; then the open-loop p99 at R requests a second on the question page; then, on the same
// core, the ceilings of bench/ceiling-server.ts (the page's bytes from memory, renderToString of the page itself
// for a visitor and for a member, and of a synthetic tree of the same size). Every figure is printed as a ratio
// to them. A new member's pages are each compared with their own bytes, measured just before and after them,
// beside the floors every member page stands on (ADR 067). Writes bench/results/runs/<stamp>.json and .md (not
// committed) and bench/results/latest-<db>.json and .md (committed: the latest summary).
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Secret, TOTP } from "otpauth";
import type { LoadOptions, LoadResult, LoadTarget } from "../bench/load-generator.ts";
import {
  canPin,
  pinnedNode,
  residentMegabytes,
  runLoad,
  signUp as signUpAt,
  startServer,
  stop,
  waitFor,
} from "../bench/site.ts";
import { planDemo } from "../db/seed/plan.ts";
import { firstTapMarkdown, measureFirstTap, type FirstTapResult } from "./first-tap.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    questions: { type: "string" },
    duration: { type: "string" },
    connections: { type: "string", default: "16" },
    rate: { type: "string", default: "500" },
    port: { type: "string", default: "3990" },
    short: { type: "boolean", default: false },
    only: { type: "string" },
    "no-pin": { type: "boolean", default: false },
    "seed-only": { type: "boolean", default: false },
  },
});

const kind = values.db === "postgres" ? "postgres" : "pglite";
const short = values.short;
const questions = Number(values.questions ?? (short ? 2000 : 100_000));
const durationMs = Number(values.duration ?? (short ? 3 : 15)) * 1000;
const warmupMs = short ? 1000 : 3000;
const connections = Number(values.connections);
const rate = Number(values.rate);
const port = Number(values.port);
/** Parts of scenario names to run (`viva`, `membro`, `latencia`, `rate`, `misto`, `toque`…); all when unset. */
const only = values.only?.split(",");
const origin = `http://127.0.0.1:${port}`;
const node = process.execPath;
const pinned = !values["no-pin"] && canPin();
const pin = (core: number, args: string[]) => pinnedNode(pinned, core, args);
const workDir = path.join(os.tmpdir(), "sdd-bench");
mkdirSync(workDir, { recursive: true });

function log(line: string) {
  console.log(line);
}

// ------------------------------------------------------------------------------------------------ database

type Seeded = { busyQuestionId: number; postSlug: string; totals: Record<string, number>; seconds: number };

function runNode(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(node, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`falhou: node ${args.join(" ")}`);
}

async function prepareDatabase(): Promise<{ env: NodeJS.ProcessEnv; seeded: Seeded }> {
  const marker = path.join(workDir, `${kind}-${questions}.json`);
  let env: NodeJS.ProcessEnv;
  if (kind === "pglite") {
    const dataDir = process.env.BENCH_DATA_DIR ?? path.join(workDir, `pglite-${questions}`);
    env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    if (!existsSync(marker) || !existsSync(path.join(dataDir, "pgdata"))) {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(marker, { force: true });
    }
  } else {
    const admin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `sdd_bench_${questions}`;
    const url = new URL(admin);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(workDir, `pg-data-${questions}`) };
    if (!existsSync(marker)) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
      await client.end();
    }
  }
  if (!existsSync(marker)) {
    log(`\n▶ semeando ${kind}: conteúdo de demonstração + ${questions} perguntas`);
    runNode(["scripts/db-seed.ts"], env);
    if (questions > 0) {
      runNode(["scripts/seed-large.ts", "--questions", String(questions)], {
        ...env,
        SEED_LARGE_JSON: marker,
      });
    } else {
      // The demo content alone, as the site starts (what the issue measured from outside): its first question
      // and first post stand in for the seeded ones.
      const demo = planDemo();
      const seeded: Seeded = {
        busyQuestionId: 1,
        postSlug: demo.posts[0]?.slug ?? "",
        totals: { questions: demo.questions.length },
        seconds: 0,
      };
      writeFileSync(marker, JSON.stringify(seeded));
    }
  } else {
    log(`\n▶ usando o banco já semeado (${marker})`);
  }
  return { env, seeded: JSON.parse(readFileSync(marker, "utf8")) as Seeded };
}

// ---------------------------------------------------------------------------------------------- processes

function startPinned(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return startServer(pinned, args, env);
}

function load(options: Omit<LoadOptions, "origin">, target = origin): LoadResult {
  const file = path.join(workDir, `load-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ ...options, origin: target }));
  const { cmd, args } = pin(1, ["bench/load-generator.ts", `@${file}`]);
  const result = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`gerador de carga falhou: ${result.stderr}`);
  return JSON.parse(result.stdout) as LoadResult;
}

/** `load` without blocking: two generators at once (visitors reading while members write), both on core 1. */
const loadAsync = (options: Omit<LoadOptions, "origin">, target = origin) =>
  runLoad(pinned, workDir, { ...options, origin: target });

// --------------------------------------------------------------------------------------------- the member

const signUp = () => signUpAt(origin);

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/entrar`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c?.includes("sdd_session="))
    .join("; ");
  if (!cookie) throw new Error(`login sem cookie (HTTP ${res.status})`);
  return cookie;
}

/**
 * Turns on two-factor sign-in for the member of `cookie`, as a person does in Segurança: administrators use their
 * powers, and skip the content limits, only with it on (ADR 049).
 */
async function enableTwoFactor(cookie: string, password: string): Promise<void> {
  const page = `${origin}/configuracoes/seguranca`;
  const post = (form: Record<string, string>) =>
    fetch(page, {
      method: "POST",
      body: new URLSearchParams(form),
      redirect: "manual",
      headers: { cookie, "Sec-Fetch-Site": "same-origin" },
    });
  await post({ intent: "two-factor-start", password });
  const html = await (await fetch(page, { headers: { cookie } })).text();
  const secret = /aria-label="Chave secreta"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]?.replace(/ /g, "");
  if (!secret) throw new Error("segurança: a chave do autenticador não apareceu");
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirmed = await post({ intent: "two-factor-confirm", code });
  if (confirmed.status !== 200) throw new Error(`segurança: ativação recusada (HTTP ${confirmed.status})`);
}

// -------------------------------------------------------------------------------------------------- main

type Row = {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  bytes?: number;
  vsRender?: number;
  vsSynthetic?: number;
  vsBytes?: number;
};

const started = new Date();
log(
  `bench: ${kind}, ${questions} perguntas, ${durationMs / 1000} s por cenário, ${connections} conexões` +
    (pinned ? ", servidor no núcleo 0 e carga no núcleo 1" : ", sem taskset"),
);
runNode(["scripts/ensure-build.ts"], {});
const { env: dbEnv, seeded } = await prepareDatabase();
if (values["seed-only"]) {
  log(`\n▶ banco pronto (${seeded.totals.questions ?? questions} perguntas); --seed-only: sem medições`);
  process.exit(0);
}

// The members who write in "comunidade viva" sign in as one administrator, whom the content limits leave
// alone (ADR 024): the row measures writes, not 429s.
// A new one each run: it turns on two-factor sign-in (ADR 049), and the seeded database is kept between runs.
const writer = {
  email: `bench-escritor-${randomBytes(4).toString("hex")}@exemplo.com.br`,
  password: "senha-do-bench-escritor-2026",
};
runNode(
  [
    "scripts/admin-create.ts",
    "--email",
    writer.email,
    "--name",
    "Escritora do Bench",
    "--password",
    writer.password,
  ],
  dbEnv,
);

log("\n▶ servidor de produção");
// What `npm start` runs: one process when pinned to a core, one per core otherwise on PostgreSQL (ADR 029).
const server = startPinned(["server/cluster.ts"], {
  ...dbEnv,
  PORT: String(port),
  HOST: "127.0.0.1",
  SEED_DEMO: "false",
});
const rows: Row[] = [];
let pageBytes = 0;
let memberCookie = "-";
let questionPath = "/";
const pageFile = path.join(workDir, "question-page.html");
let rated: Record<string, { rate: number; result: LoadResult }> = {};
let unqueued: Record<string, LoadResult> = {};
let mixed: LoadResult | undefined;
type LivingRun = { visitors: LoadResult; writers?: LoadResult; residentMegabytes?: number };
const living: { quiet?: LivingRun; writing?: LivingRun } = {};
/** A new member's writes while visitors read, by the visitors' connections (16 and 50). */
const memberRuns: Record<number, { quiet: LoadResult; writing: LoadResult; writes: LoadResult }> = {};
/** A new member's reads (the issue's outside measurement), each compared with node:http serving its bytes. */
type MemberRead = { name: string; path: string; file: string };
const memberReads: MemberRead[] = [
  {
    name: "pergunta da demonstração",
    path: "/questions/1",
    file: path.join(workDir, "member-question.html"),
  },
  { name: "perguntas", path: "/questions", file: path.join(workDir, "member-questions.html") },
  { name: "blog", path: "/blog", file: path.join(workDir, "member-blog.html") },
];
const memberPageRuns: Array<{ read: MemberRead; connections: number; encoding: string; result: LoadResult }> =
  [];
/**
 * Each member page's bytes ceiling (node:http answering with its HTML at 50 connections), measured just before
 * and just after the page's own runs (/questions' once more after the floors), by path. The box is shared: the
 * ceilings measured minutes later, at the end, moved from 3,000 to 10,700 req/s between pages of one run, and
 * the ratios with them.
 */
const memberPageCeilings: Record<string, LoadResult[]> = {};
/**
 * The floors under every member page: the smallest page React Router renders (the root and a heading), and a
 * near-empty page in the site's frame (the header, the footer and a one-field form).
 */
const FLOORS = [
  { path: "/coming-soon", name: "só a raiz e um título" },
  { path: "/newsletter", name: "cabeçalho, rodapé e um formulário de um campo" },
] as const;
const floorRuns: Array<{ path: string; name: string; result: LoadResult }> = [];
/** The question page's requests a second in a run of the three visitor pages. */
const fmtRps = (run: LoadResult) =>
  Math.round(((run.perTarget.pergunta?.requests ?? 0) / run.seconds) * 10) / 10;
try {
  await waitFor(`${origin}/healthz`, server);
  const cookie = await signUp();
  memberCookie = cookie;
  const question = `/questions/${seeded.busyQuestionId}`;
  questionPath = question;
  const html = await (await fetch(`${origin}${question}`)).text();
  writeFileSync(pageFile, html);
  pageBytes = Buffer.byteLength(html);
  const list = await (await fetch(`${origin}/questions`)).text();
  const lastPage = Math.max(1, ...[...list.matchAll(/[?&;]page=(\d+)/g)].map((m) => Number(m[1])));
  const deep = Math.max(1, lastPage - 1);
  const firstSeeded = seeded.busyQuestionId;
  const lastSeeded = firstSeeded + questions - 1;
  // What visitors read in the living-community and new-member rows (the busy question, the list, the home page),
  // and a question other than the busy one for members to write to.
  const visitors: LoadTarget[] = [
    { name: "pergunta", path: question, weight: 6 },
    { name: "lista", path: "/questions", weight: 2 },
    { name: "início", path: "/", weight: 2 },
  ];
  const other = `{{rand:${firstSeeded + 1}:${lastSeeded}}}`;
  const member = { cookie };
  const writeHeaders = { ...member, "sec-fetch-site": "same-origin" };
  const searches = (headers?: Record<string, string>): LoadTarget[] =>
    ["react formulário", "banco de dados", "docker", "migrar tabela", "token sessão"].map((q) => ({
      name: q,
      path: `/search?q=${encodeURIComponent(q)}`,
      headers,
    }));

  const scenarios: Array<{ name: string; targets: LoadTarget[] }> = [
    { name: "landing", targets: [{ name: "landing", path: "/" }] },
    { name: "perguntas, página 1", targets: [{ name: "list", path: "/questions" }] },
    { name: `perguntas, página ${deep}`, targets: [{ name: "deep", path: `/questions?page=${deep}` }] },
    { name: "pergunta com 20 respostas (visitante)", targets: [{ name: "q", path: question }] },
    {
      name: "pergunta com 20 respostas (membro)",
      targets: [{ name: "qm", path: question, headers: member }],
    },
    // Visitors while anonymous requests change nothing they see: a wrong password now and then, and a session
    // cookie that leads nowhere. Each used to empty or skip the visitor cache.
    {
      name: "pergunta (visitante) com 1 % de logins errados",
      targets: [
        { name: "q", path: question, weight: 99 },
        {
          name: "login errado",
          method: "POST",
          path: "/entrar",
          headers: { "sec-fetch-site": "same-origin" },
          body: "email=ninguem%40exemplo.com.br&password=senha-errada-{{n}}",
          weight: 1,
        },
      ],
    },
    {
      name: "pergunta (visitante com cookie de sessão falso)",
      targets: [{ name: "qb", path: question, headers: { cookie: `sdd_session=${"x".repeat(43)}` } }],
    },
    { name: "blog", targets: [{ name: "blog", path: "/blog" }] },
    { name: "um post", targets: [{ name: "post", path: `/blog/${seeded.postSlug}` }] },
    { name: "busca", targets: searches() },
    // Visitors' pages come from memory after the first render (ADR 015); a member's request always renders,
    // so these rows measure the queries themselves.
    {
      name: `perguntas, página ${deep} (membro, sem cache)`,
      targets: [{ name: "deep-m", path: `/questions?page=${deep}`, headers: member }],
    },
    { name: "busca (membro, sem cache)", targets: searches(member) },
  ];
  for (const scenario of scenarios) {
    if (only && !only.some((o) => scenario.name.includes(o))) continue;
    const result = load({ targets: scenario.targets, connections, durationMs, warmupMs });
    rows.push({
      name: scenario.name,
      path: scenario.targets[0]!.path,
      requestsPerSecond: result.requestsPerSecond,
      p50: result.latency.p50,
      p99: result.latency.p99,
      statuses: result.statuses,
    });
    log(
      `  ${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms ${JSON.stringify(result.statuses)}`,
    );
  }

  // Latency without queueing (one connection): the targets for the deep page and search are p50 figures.
  if (!only || only.includes("latencia")) {
    for (const [name, targets] of [
      [
        "perguntas, página funda (membro, sem cache)",
        [{ name: "deep", path: `/questions?page=${deep}`, headers: member }],
      ],
      ["busca (membro, sem cache)", searches(member)],
      ["pergunta com 20 respostas (visitante)", [{ name: "q", path: question }]],
      ["pergunta com 20 respostas (membro)", [{ name: "qm", path: question, headers: member }]],
    ] as const) {
      const result = load({
        targets: [...targets],
        connections: 1,
        durationMs: durationMs / 2,
        warmupMs: 500,
      });
      unqueued = { ...unqueued, [name]: result };
      log(`  ${name}, uma conexão: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    }
  }

  // p99 at a fixed arrival rate (open loop), the question page for visitors and for members at the issue's rate,
  // and for members at 70 % of what this core served them in the closed loop: one page render per member request
  // cannot reach 500 a second on one core (ADR 020), so that row shows a member's latency at a load the core holds.
  if (!only || only.includes("rate")) {
    const memberCapacity = rows.find(
      (r) => r.name === "pergunta com 20 respostas (membro)",
    )?.requestsPerSecond;
    const runs: Array<[string, Record<string, string>, number]> = [
      ["visitante", {}, rate],
      ["membro", member, rate],
    ];
    if (memberCapacity && memberCapacity * 0.7 < rate) {
      runs.push(["membro, 70 % da vazão", member, Math.max(1, Math.round(memberCapacity * 0.7))]);
    }
    for (const [name, headers, runRate] of runs) {
      const result = load({
        targets: [{ name, path: question, headers }],
        connections: Math.max(connections, 64),
        durationMs,
        warmupMs,
        rate: runRate,
      });
      rated = { ...rated, [name]: { rate: runRate, result } };
      log(
        `  pergunta a ${runRate} req/s (${name}): p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `${result.requestsPerSecond} req/s servidas ${JSON.stringify(result.statuses)}`,
      );
    }
  }

  // A mixed profile: most requests read, members answer and vote.
  if (!only || only.includes("misto")) {
    const rand = `{{rand:${firstSeeded}:${lastSeeded}}}`;
    mixed = load({
      targets: [
        { name: "pergunta (visitante)", path: `/questions/${rand}`, weight: 45 },
        { name: "pergunta (membro)", path: `/questions/${rand}`, headers: member, weight: 15 },
        { name: "lista", path: "/questions?page={{rand:1:50}}", weight: 10 },
        { name: "landing", path: "/", weight: 8 },
        { name: "blog", path: "/blog", weight: 5 },
        { name: "busca", path: "/search?q=react", weight: 5 },
        {
          name: "voto",
          method: "POST",
          path: `/questions/${rand}`,
          headers: writeHeaders,
          body: "intent=vote&kind=question&value=1",
          weight: 8,
        },
        {
          name: "resposta",
          method: "POST",
          path: `/questions/${rand}`,
          headers: writeHeaders,
          body: "intent=answer&body=%3Cp%3EResposta+de+carga+n%C3%BAmero+{{n}}%2C+com+texto+suficiente.%3C%2Fp%3E",
          weight: 4,
        },
      ],
      connections,
      durationMs,
      warmupMs,
    });
    rows.push({
      name: "perfil misto (leituras, respostas e votos)",
      path: "—",
      requestsPerSecond: mixed.requestsPerSecond,
      p50: mixed.latency.p50,
      p99: mixed.latency.p99,
      statuses: mixed.statuses,
    });
    log(
      `  perfil misto: ${mixed.requestsPerSecond} req/s, p50 ${mixed.latency.p50} ms ${JSON.stringify(mixed.statuses)}`,
    );
  }

  // A living community: visitors read the busy question, the list and the home page, first on a
  // quiet site, then while members write ten times a second on other content (votes, favourites, comments,
  // answers) and someone fails to sign in. Same run, same pages: the ratio is the figure.
  if (!only || only.includes("viva")) {
    const writerCookie = await signIn(writer.email, writer.password);
    await enableTwoFactor(writerCookie, writer.password);
    // As a member's browser sends them: React Router's data requests (the action alone, no page around it).
    const asWriter = { cookie: writerCookie, "sec-fetch-site": "same-origin" };
    const writes: LoadTarget[] = [
      {
        name: "voto",
        method: "POST",
        path: `/questions/${other}.data`,
        headers: asWriter,
        body: "intent=vote&kind=question&value=1",
        weight: 3,
      },
      {
        name: "favorito",
        method: "POST",
        path: `/questions/${other}.data`,
        headers: asWriter,
        body: "intent=favorite",
        weight: 2,
      },
      {
        name: "comentário",
        method: "POST",
        path: `/questions/${other}.data`,
        headers: asWriter,
        body: "intent=comment&kind=question&body=Coment%C3%A1rio+de+carga+n%C3%BAmero+{{n}}%2C+com+texto.",
        weight: 2,
      },
      {
        name: "resposta",
        method: "POST",
        path: `/questions/${other}.data`,
        headers: asWriter,
        body: "intent=answer&body=%3Cp%3EResposta+de+carga+n%C3%BAmero+{{n}}%2C+com+texto+suficiente.%3C%2Fp%3E",
        weight: 1,
      },
      {
        name: "login errado",
        method: "POST",
        path: "/entrar",
        headers: { "sec-fetch-site": "same-origin" },
        body: "email=ninguem{{n}}%40exemplo.com.br&password=senha-errada-{{n}}",
        weight: 2,
      },
    ];
    const reading = { targets: visitors, connections, durationMs, warmupMs };
    const quiet = await loadAsync(reading);
    living.quiet = { visitors: quiet, residentMegabytes: residentMegabytes(server.pid) };
    const [visitorsWhileWriting, writersResult] = await Promise.all([
      loadAsync(reading),
      loadAsync({ targets: writes, connections: 16, durationMs: durationMs + warmupMs, rate: 10 }),
    ]);
    living.writing = {
      visitors: visitorsWhileWriting,
      writers: writersResult,
      residentMegabytes: residentMegabytes(server.pid),
    };
    // A row whose writes were all refused, or whose readers got errors, measured something else: say so.
    const acknowledged = Object.entries(writersResult.statuses)
      .filter(([status]) => /^[23]/.test(status))
      .reduce((sum, [, n]) => sum + n, 0);
    const failedReads = [quiet, visitorsWhileWriting].flatMap((run) =>
      Object.entries(run.statuses).filter(([status]) => status !== "200"),
    );
    if (acknowledged === 0 || failedReads.length > 0) {
      throw new Error(
        `comunidade viva inválida: escritas ${JSON.stringify(writersResult.statuses)}, leituras com erro ${JSON.stringify(failedReads)}`,
      );
    }
    for (const [name, run] of [
      ["quieta", living.quiet],
      ["com 10 escritas/s", living.writing],
    ] as const) {
      const page = run.visitors.perTarget.pergunta;
      log(
        `  comunidade ${name}: ${run.visitors.requestsPerSecond} req/s (pergunta: ` +
          `${Math.round((page?.requests ?? 0) / run.visitors.seconds)} req/s, p99 ${page?.latency.p99} ms), ` +
          `RSS ${run.residentMegabytes} MB` +
          (run.writers ? `; escritas ${JSON.stringify(run.writers.statuses)}` : ""),
      );
    }
  }

  // A new member writes while visitors read: someone who signed up through the form a moment ago favourites other
  // questions ten times a second, each action followed by the revalidation their browser makes (the page's data
  // again), while visitors read at 16 and at 50 connections. Same run, quiet then writing: the ratios are the
  // figures, with the member's action-and-revalidation latency.
  if (!only || only.includes("membro")) {
    const member = { cookie: await signUp(), "sec-fetch-site": "same-origin" };
    const memberWrites: LoadTarget[] = [
      {
        name: "favorito + revalidação",
        method: "POST",
        path: `/questions/${other}.data`,
        headers: member,
        body: "intent=favorite",
        then: { path: "{{path}}", headers: { cookie: member.cookie } },
      },
    ];
    for (const readers of [16, 50]) {
      const reading = { targets: visitors, connections: readers, durationMs, warmupMs };
      const quiet = await loadAsync(reading);
      const [whileWriting, writes] = await Promise.all([
        loadAsync(reading),
        loadAsync({ targets: memberWrites, connections: 4, durationMs: durationMs + warmupMs, rate: 10 }),
      ]);
      memberRuns[readers] = { quiet, writing: whileWriting, writes };
      const page = (run: LoadResult) => run.perTarget.pergunta;
      log(
        `  membro novo escrevendo, ${readers} conexões de visitantes: pergunta ${fmtRps(quiet)} → ${fmtRps(whileWriting)} req/s ` +
          `(p99 ${page(whileWriting)?.latency.p99} ms); ação + revalidação p50 ${writes.latency.p50} ms, ` +
          `p99 ${writes.latency.p99} ms ${JSON.stringify(writes.statuses)}`,
      );
    }
    // The pages that member reads, as measured from outside: the demo's first question, /questions and /blog,
    // at one connection and at 50, uncompressed (as autocannon asks) and as a browser asks (Brotli), each
    // against node:http answering with the same bytes (the ceilings below). The short run (CI's) keeps 50
    // connections on the question.
    const reads = short ? memberReads.slice(0, 1) : memberReads;
    for (const read of reads) {
      const html = await (
        await fetch(`${origin}${read.path}`, { headers: { cookie: member.cookie } })
      ).text();
      writeFileSync(read.file, html);
      const ceilings = (memberPageCeilings[read.path] = [await bytesCeiling(read.file)]);
      for (const connections of short ? [50] : [1, 50]) {
        for (const encoding of ["identity", "gzip, deflate, br, zstd"]) {
          const headers = { cookie: member.cookie, "accept-encoding": encoding };
          const result = load({
            targets: [{ name: read.name, path: read.path, headers }],
            connections,
            durationMs,
            warmupMs,
          });
          memberPageRuns.push({ read, connections, encoding, result });
          log(
            `  ${read.name} (membro novo, ${connections} conexões, ${encoding === "identity" ? "sem compressão" : "Brotli"}): ` +
              `${result.requestsPerSecond} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms ${JSON.stringify(result.statuses)}`,
          );
        }
      }
      ceilings.push(await bytesCeiling(read.file));
      log(
        `  teto de bytes de ${read.path} antes e depois: ${ceilings.map((c) => c.requestsPerSecond).join(" e ")} req/s`,
      );
    }
    // The floors under every member page (the same member on the smallest pages the app renders), then the
    // list's ceiling again: what every page pays, against what the list adds (ADR 067).
    if (!short) {
      const headers = { cookie: member.cookie, "accept-encoding": "identity" };
      for (const floor of FLOORS) {
        const result = load({
          targets: [{ name: "piso", path: floor.path, headers }],
          connections: 50,
          durationMs,
          warmupMs,
        });
        floorRuns.push({ ...floor, result });
        log(
          `  piso: ${floor.path} (membro novo, 50 conexões, sem compressão): ${result.requestsPerSecond} req/s, ` +
            `p50 ${result.latency.p50} ms ${JSON.stringify(result.statuses)}`,
        );
      }
      memberPageCeilings["/questions"]?.push(
        await bytesCeiling(memberReads.find((r) => r.path === "/questions")!.file),
      );
    }
  }
} finally {
  await stop(server);
}

/**
 * One ceiling of bench/ceiling-server.ts (`args`: its mode and arguments) on the app's core, loaded at
 * `connections` on the load's core; the app server, when still running, idles meanwhile.
 */
async function measureCeiling(args: readonly string[], connections: number): Promise<LoadResult> {
  const child = startPinned(["bench/ceiling-server.ts", ...args, String(port + 1)], {
    ...dbEnv,
    SEED_DEMO: "false",
  });
  try {
    await waitFor(`http://127.0.0.1:${port + 1}/`, child, 60_000);
    return load(
      { targets: [{ name: args[0] ?? "teto", path: "/" }], connections, durationMs, warmupMs },
      `http://127.0.0.1:${port + 1}`,
    );
  } finally {
    await stop(child);
  }
}

/** node:http answering with `file`'s bytes from memory, at 50 connections (used above, so a declaration). */
function bytesCeiling(file: string): Promise<LoadResult> {
  return measureCeiling(["bytes", file], 50);
}

// ---------------------------------------------------------------------------------------------- ceilings

log("\n▶ tetos: os bytes da página em memória, renderToString da própria página e de uma árvore sintética");
const ceilings: Record<string, LoadResult> = {};
// The short run (CI's) proves each kind of ceiling still runs: the bytes, and the page rendered alone once.
const ceilingRuns = [
  ["bytes", ["bytes", pageFile]],
  ["page", ["page", questionPath, "-"]],
  ["pageMember", ["page", questionPath, memberCookie]],
  ["render", ["react", String(pageBytes)]],
] as const;
for (const [name, args] of short
  ? ceilingRuns.filter(([name]) => name !== "pageMember" && name !== "render")
  : ceilingRuns) {
  ceilings[name] = await measureCeiling(args, connections);
  log(`  ${name}: ${ceilings[name].requestsPerSecond} req/s, p50 ${ceilings[name].latency.p50} ms`);
}
const pageRps = ceilings.page?.requestsPerSecond ?? 0;
const memberPageRps = ceilings.pageMember?.requestsPerSecond ?? 0;
const renderRps = ceilings.render?.requestsPerSecond ?? 0;
const bytesRps = ceilings.bytes?.requestsPerSecond ?? 0;
const percent = (rps: number, ceiling: number) =>
  ceiling ? Math.round((rps / ceiling) * 1000) / 10 : undefined;
for (const row of rows) {
  // A member's rows against the page as a member sees it (their votes, forms, menus); the rest against the
  // visitor's question page.
  row.vsRender = percent(row.requestsPerSecond, row.name.includes("(membro") ? memberPageRps : pageRps);
  row.vsSynthetic = percent(row.requestsPerSecond, renderRps);
  row.vsBytes = percent(row.requestsPerSecond, bytesRps);
}

// ---------------------------------------------------------------------------------------------- the report

// ------------------------------------------------------------------------------------------- the first tap

// How long the first tap on a read page takes to answer, at 1× and 4× CPU, and the JavaScript each read page
// costs (scripts/first-tap.ts: its own server on the demo content, Chromium through Playwright and CDP).
let firstTap: FirstTapResult | undefined;
if (!only || only.includes("toque")) {
  log("\n▶ primeiro toque (Chromium, CPU 1× e 4×)");
  // The short run (CI's) taps 2 s after load only, as the outside measurement does, and leaves the pages'
  // JavaScript to the resilience suite's budget.
  firstTap = await measureFirstTap({
    port: port + 2,
    rates: [1, 4],
    runs: short ? 1 : 3,
    delays: short ? [2000] : undefined,
    javascript: !short,
    log,
  });
}

const load1 = os.loadavg()[0]?.toFixed(2);
const summary = {
  date: started.toISOString(),
  database: kind,
  questions,
  seededTotals: seeded.totals,
  durationSeconds: durationMs / 1000,
  connections,
  pinned,
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  loadAverageAtEnd: load1,
  questionPageBytes: pageBytes,
  ceilings: {
    bytes: {
      requestsPerSecond: bytesRps,
      p50: ceilings.bytes?.latency.p50,
      p99: ceilings.bytes?.latency.p99,
    },
    pageRenderToString: {
      requestsPerSecond: pageRps,
      p50: ceilings.page?.latency.p50,
      p99: ceilings.page?.latency.p99,
    },
    memberPageRenderToString: {
      requestsPerSecond: memberPageRps,
      p50: ceilings.pageMember?.latency.p50,
      p99: ceilings.pageMember?.latency.p99,
    },
    syntheticRenderToString: {
      requestsPerSecond: renderRps,
      p50: ceilings.render?.latency.p50,
      p99: ceilings.render?.latency.p99,
    },
  },
  rows,
  oneConnection: Object.fromEntries(
    Object.entries(unqueued).map(([name, r]) => [name, { p50: r.latency.p50, p99: r.latency.p99 }]),
  ),
  fixedRate: Object.fromEntries(
    Object.entries(rated).map(([name, { rate, result: r }]) => [
      name,
      { rate, served: r.requestsPerSecond, p50: r.latency.p50, p99: r.latency.p99, statuses: r.statuses },
    ]),
  ),
  mixed: mixed?.perTarget,
  livingCommunity: livingSummary(),
  newMemberWriting: Object.fromEntries(
    Object.entries(memberRuns).map(([readers, run]) => [
      readers,
      {
        questionQuiet: fmtRps(run.quiet),
        questionWhileWriting: fmtRps(run.writing),
        ratio: fmtRps(run.quiet)
          ? Math.round((fmtRps(run.writing) / fmtRps(run.quiet)) * 1000) / 1000
          : undefined,
        visitorsP99WhileWriting: run.writing.perTarget.pergunta?.latency.p99,
        actionAndRevalidation: run.writes.latency,
        statuses: run.writes.statuses,
      },
    ]),
  ),
  newMemberPages: memberPageRuns.map((run) => ({
    path: run.read.path,
    connections: run.connections,
    acceptEncoding: run.encoding,
    requestsPerSecond: run.result.requestsPerSecond,
    p50: run.result.latency.p50,
    p99: run.result.latency.p99,
    statuses: run.result.statuses,
    vsBytes: memberPageVsBytes(run),
    bytesCeiling: memberPageCeiling(run.read.path),
  })),
  memberFloors: floorRuns.map((floor) => ({
    path: floor.path,
    requestsPerSecond: floor.result.requestsPerSecond,
    p50: floor.result.latency.p50,
    vsListBytes: vsListBytes(floor.result),
  })),
  firstTap,
};

/** A floor's rate as a share of /questions' bytes ceiling: what no member page built on that floor can pass. */
function vsListBytes(floor: LoadResult): number | undefined {
  const ceiling = memberPageCeiling("/questions");
  return ceiling ? Math.round((floor.requestsPerSecond / ceiling) * 10_000) / 10_000 : undefined;
}

/** The mean of a member page's bytes ceilings (before and after its runs), in req/s. */
function memberPageCeiling(pagePath: string): number | undefined {
  const runs = memberPageCeilings[pagePath];
  if (!runs?.length) return undefined;
  return Math.round(runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length);
}

/** A new member's page rate as a share of node:http answering with the same bytes (the issue's measure). */
function memberPageVsBytes(run: (typeof memberPageRuns)[number]) {
  const ceiling = memberPageCeiling(run.read.path);
  return ceiling ? Math.round((run.result.requestsPerSecond / ceiling) * 10_000) / 10_000 : undefined;
}

/** The question page's share of a living-community run: its own requests a second and p99. */
function questionPageOf(run: LivingRun | undefined) {
  const page = run?.visitors.perTarget.pergunta;
  if (!run || !page) return undefined;
  return {
    requestsPerSecond: Math.round((page.requests / run.visitors.seconds) * 10) / 10,
    p50: page.latency.p50,
    p99: page.latency.p99,
    allVisitorsPerSecond: run.visitors.requestsPerSecond,
    residentMegabytes: run.residentMegabytes,
  };
}

function livingSummary() {
  const quiet = questionPageOf(living.quiet);
  const writing = questionPageOf(living.writing);
  if (!quiet || !writing) return undefined;
  return {
    quiet,
    writing,
    writes: living.writing?.writers?.perTarget,
    writesPerSecond: living.writing?.writers?.requestsPerSecond,
    ratio: Math.round((writing.requestsPerSecond / quiet.requestsPerSecond) * 1000) / 1000,
    vsBytes: bytesRps ? Math.round((writing.requestsPerSecond / bytesRps) * 1000) / 1000 : undefined,
  };
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined ? "—" : n.toLocaleString("pt-BR", { maximumFractionDigits: digits });
const md = [
  `# Bench — ${kind}, ${questions.toLocaleString("pt-BR")} perguntas`,
  "",
  `${started.toISOString()} · Node ${process.version} · ${os.cpus().length} núcleos (${os.cpus()[0]?.model ?? "?"}) · ` +
    `${pinned ? "servidor em `taskset -c 0`, carga em `taskset -c 1`" : "sem taskset"} · ${connections} conexões · ` +
    `${durationMs / 1000} s por linha · carga média ao fim: ${load1}`,
  "",
  `Página da pergunta: ${fmt(pageBytes / 1024)} KB de HTML (sem gzip: o gerador não pede compressão).`,
  "",
  "| Cenário | req/s | p50 (ms) | p99 (ms) | % do renderToString da página | % da árvore sintética | % dos bytes em memória | respostas |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.vsRender)} % | ` +
      `${fmt(r.vsSynthetic)} % | ${fmt(r.vsBytes)} % | ${Object.entries(r.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")} |`,
  ),
  ...(
    [
      ["_teto: renderToString da página (visitante)_", ceilings.page, "100 %"],
      ["_teto: renderToString da página (membro)_", ceilings.pageMember, "100 %"],
      ["_teto: renderToString de árvore sintética do mesmo tamanho_", ceilings.render, "—"],
    ] as const
  )
    // The short run measures only some ceilings: the others are left out, not printed empty.
    .filter(([, c]) => c !== undefined)
    .map(
      ([name, c, own]) =>
        `| ${name} | ${fmt(c?.requestsPerSecond)} | ${fmt(c?.latency.p50)} | ${fmt(c?.latency.p99)} | ${own} | ` +
        `${fmt(c ? percent(c.requestsPerSecond, renderRps) : undefined)} % | ` +
        `${fmt(c ? percent(c.requestsPerSecond, bytesRps) : undefined)} % | |`,
    ),
  `| _teto: bytes da página em memória (node:http)_ | ${fmt(bytesRps)} | ${fmt(ceilings.bytes?.latency.p50)} | ` +
    `${fmt(ceilings.bytes?.latency.p99)} | — | — | 100 % | |`,
  "",
  ...(Object.keys(unqueued).length
    ? [
        "Latência sem fila (uma conexão):",
        "",
        "| Página | p50 (ms) | p99 (ms) |",
        "| --- | ---: | ---: |",
        ...Object.entries(unqueued).map(
          ([name, r]) => `| ${name} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p99)} |`,
        ),
        "",
      ]
    : []),
  ...(() => {
    const summaryOfLiving = livingSummary();
    if (!summaryOfLiving) return [];
    const { quiet, writing } = summaryOfLiving;
    const writes = Object.entries(living.writing?.writers?.statuses ?? {})
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    return [
      "Comunidade viva: visitantes lendo a pergunta (60 %), a lista (20 %) e o início (20 %), no site quieto e " +
        `enquanto membros escrevem ${fmt(summaryOfLiving.writesPerSecond)} vezes por segundo em outras perguntas ` +
        `(votos, favoritos, comentários, respostas e logins errados; respostas: ${writes}):`,
      "",
      "| Site | pergunta (req/s) | p50 (ms) | p99 (ms) | todas as leituras (req/s) | RSS (MB) |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      `| quieto | ${fmt(quiet.requestsPerSecond)} | ${fmt(quiet.p50)} | ${fmt(quiet.p99)} | ${fmt(quiet.allVisitorsPerSecond)} | ${fmt(quiet.residentMegabytes)} |`,
      `| com escritas | ${fmt(writing.requestsPerSecond)} | ${fmt(writing.p50)} | ${fmt(writing.p99)} | ${fmt(writing.allVisitorsPerSecond)} | ${fmt(writing.residentMegabytes)} |`,
      "",
      `Com escritas / quieto: **${fmt(summaryOfLiving.ratio * 100)} %** (meta ≥ 70 %, p99 ≤ 50 ms).`,
      "",
    ];
  })(),
  ...(Object.keys(memberRuns).length
    ? [
        "Membro novo escrevendo: cadastrado pelo formulário, favorita outras perguntas 10 vezes por segundo, cada " +
          "ação seguida da revalidação que o navegador faz, enquanto visitantes leem (as mesmas três páginas):",
        "",
        "| Visitantes (conexões) | pergunta quieta (req/s) | com o membro (req/s) | razão | p99 visitantes (ms) | ação + revalidação p50 (ms) | p99 (ms) | respostas |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
        ...Object.entries(memberRuns).map(([readers, run]) => {
          const ratio = fmtRps(run.quiet) ? (fmtRps(run.writing) / fmtRps(run.quiet)) * 100 : undefined;
          return (
            `| ${readers} | ${fmt(fmtRps(run.quiet))} | ${fmt(fmtRps(run.writing))} | ${fmt(ratio)} % | ` +
            `${fmt(run.writing.perTarget.pergunta?.latency.p99)} | ${fmt(run.writes.latency.p50)} | ` +
            `${fmt(run.writes.latency.p99)} | ${Object.entries(run.writes.statuses)
              .map(([s, n]) => `${s}×${n}`)
              .join(" ")} |`
          );
        }),
        "",
        "Metas: ação + revalidação p99 ≤ 500 ms; visitantes ≥ 70 % do site quieto.",
        "",
      ]
    : []),
  ...(memberPageRuns.length
    ? [
        "O que esse membro novo lê, cada página contra o `node:http` devolvendo os mesmos bytes da memória a 50 " +
          "conexões, medido logo antes e logo depois das rodadas da página (sem compressão, como o autocannon pede; " +
          "Brotli, como o navegador pede):",
        "",
        "| Página (membro novo) | conexões | pedido | req/s | p50 (ms) | p99 (ms) | teto de bytes (req/s, antes e depois) | ÷ bytes em memória | respostas |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |",
        ...memberPageRuns.map(
          (run) =>
            `| ${run.read.path} | ${run.connections} | ${run.encoding === "identity" ? "sem compressão" : "Brotli"} | ` +
            `${fmt(run.result.requestsPerSecond)} | ${fmt(run.result.latency.p50)} | ${fmt(run.result.latency.p99)} | ` +
            `${(memberPageCeilings[run.read.path] ?? []).map((c) => fmt(c.requestsPerSecond)).join(" / ")} | ` +
            `${memberPageVsBytes(run)?.toFixed(3) ?? "—"} | ${Object.entries(run.result.statuses)
              .map(([status, n]) => `${status}×${n}`)
              .join(" ")} |`,
        ),
        "",
        "Metas (issue): a pergunta a uma conexão p50 ≤ 15 ms; cada página ≥ 4× o medido de fora (≥ 0,03 dos bytes).",
        "",
        ...floorRuns.flatMap(({ path: floorPath, name, result }) => [
          `Piso: o mesmo membro em ${floorPath} (${name}), 50 conexões, sem compressão: ` +
            `${fmt(result.requestsPerSecond)} req/s, p50 ${fmt(result.latency.p50)} ms; ` +
            `÷ teto de bytes de /questions: ${vsListBytes(result)?.toFixed(3) ?? "—"} (ADR 067).`,
          "",
        ]),
      ]
    : []),
  ...(firstTap ? [firstTapMarkdown(firstTap), ""] : []),
  ...(Object.keys(rated).length
    ? [
        "Taxa fixa (laço aberto, latência contada do instante previsto) na pergunta com 20 respostas:",
        "",
        "| Quem | taxa (req/s) | servidas (req/s) | p50 (ms) | p99 (ms) | respostas |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
        ...Object.entries(rated).map(
          ([name, { rate, result: r }]) =>
            `| ${name} | ${fmt(rate)} | ${fmt(r.requestsPerSecond)} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p99)} | ${Object.entries(
              r.statuses,
            )
              .map(([s, n]) => `${s}×${n}`)
              .join(" ")} |`,
        ),
        "",
      ]
    : []),
].join("\n");

const resultsDir = path.join("bench", "results");
const runsDir = path.join(resultsDir, "runs");
mkdirSync(runsDir, { recursive: true });
const stamp = started.toISOString().replace(/[:.]/g, "-");
for (const [file, text] of [
  [path.join(runsDir, `${stamp}-${kind}-${questions}.json`), JSON.stringify(summary, null, 2) + "\n"],
  [path.join(runsDir, `${stamp}-${kind}-${questions}.md`), md],
  [path.join(resultsDir, `latest-${kind}.json`), JSON.stringify(summary, null, 2) + "\n"],
  [path.join(resultsDir, `latest-${kind}.md`), md],
] as const) {
  writeFileSync(file, text);
}
spawnSync(node, ["node_modules/prettier/bin/prettier.cjs", "--write", "--log-level=warn", resultsDir], {
  stdio: "inherit",
});
log(`\n${md}`);
log(`Resultados em ${resultsDir}/latest-${kind}.md e .json`);
