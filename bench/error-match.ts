// `npm run bench:errors -- [--db pglite|postgres] [--questions N] [--runs R] [--keep]`
// "erro colado" (ADR 041): the p50 and p99 of matching a pasted trace against the index of errors at scale.
// Seeding a million full questions through the site takes hours, so this seeds in SQL: N bare questions (a
// title, empty bodies), and their signature rows with a skewed distribution like real content's — about half
// the questions carry an error; a few exception names (`exc:Error`, `exc:TypeError`…) are on a large share of
// them, codes and message templates follow a power law over tens of thousands of values, and the signatures of
// the real traces in app/features/errors/fixtures are among the popular ones (each on 0.05–1 % of the
// questions). Then it times `findSameError` (extract + match, best five) for every fixture. PostgreSQL: a
// database of its own (`sdd_bench_errors_N`, dropped unless --keep); PGlite: a temporary folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { findSameError } from "#app/features/errors/error-index.server.ts";
import { extractErrorSignatures } from "#app/features/errors/error-signatures.ts";
import { closeDatabase, installDatabase, openDatabase } from "#app/lib/db.server.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    questions: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    keep: { type: "boolean", default: false },
  },
});
const total = Number(values.questions);
const runs = Number(values.runs);
const fixtures = path.resolve("app/features/errors/fixtures");
const traces = readdirSync(fixtures)
  .sort()
  .map((file) => ({
    name: file.replace(/\.txt$/, ""),
    text: readFileSync(path.join(fixtures, file), "utf8"),
  }));

let dropDatabase: (() => Promise<void>) | null = null;
let dataDir: string | null = null;
let url: string | undefined;
if (values.db === "postgres") {
  const admin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `sdd_bench_errors_${total}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(admin);
  target.pathname = `/${name}`;
  url = target.toString();
  dropDatabase = async () => {
    const again = new pg.Client(admin);
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
} else {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-bench-errors-"));
}

const handle = await openDatabase(url ? { url } : { dataDir: path.join(dataDir!, "pgdata") });
installDatabase(handle);
const db = handle.db;
const started = performance.now();

await db.execute(sql`insert into users (handle, name, email) values ('bench', 'Bench', 'bench@example.com')`);
const batch = 100_000;
for (let from = 1; from <= total; from += batch) {
  const to = Math.min(total, from + batch - 1);
  await db.execute(sql`
    insert into questions (author_id, title, description, details, created_at)
    select (select id from users limit 1), 'Pergunta de carga ' || i, '', '',
           now() - (${total} - i) * interval '1 minute'
    from generate_series(${from}::int, ${to}::int) as i`);
}
const [{ min = 1 } = {}] = (await db.execute<{ min: number }>(sql`select min(id)::int as min from questions`))
  .rows;
console.log(`${total} perguntas em ${((performance.now() - started) / 1000).toFixed(1)} s`);

// Real signatures (from the fixtures), each on 0.05–1 % of the questions.
const real = [
  ...new Set(traces.flatMap((t) => extractErrorSignatures(t.text).map((s) => JSON.stringify(s)))),
].map((s) => JSON.parse(s) as { signature: string; weight: number; line: string });
const seeding = performance.now();
for (let from = 0; from < total; from += batch) {
  const to = Math.min(total, from + batch) - 1;
  // Synthetic signatures: half the questions carry an error; names from 200 (skewed to the few generic
  // ones), message templates from 200 000 and codes from 5 000 on a power law.
  await db.execute(sql`
    insert into error_signatures (kind, item_id, question_id, signature, weight, line)
    select 'question', q, q, s.signature, s.weight, 'linha de carga'
    from (select ${min}::int + i as q from generate_series(${from}::int, ${to}::int) as i
          where random() < 0.5) as qs
    cross join lateral (
      values ('exc:Name' || floor(power(random(), 4) * 200)::int, 2::real),
             ('msg:mensagem ' || floor(power(random(), 2) * 200000)::int, 4::real),
             ('tpl:mensagem ' || floor(power(random(), 2) * 200000)::int, 2::real),
             ('code:CODE' || floor(power(random(), 3) * 5000)::int, 5::real)
    ) as s(signature, weight)
    where s.signature not like 'code:%' or random() < 0.3
    on conflict do nothing`);
}
for (const s of real) {
  const share = 0.0005 + Math.random() * 0.0095;
  await db.execute(sql`
    insert into error_signatures (kind, item_id, question_id, signature, weight, line)
    select 'question', q, q, ${s.signature}, ${s.weight}, ${s.line}
    from (select ${min}::int + i as q from generate_series(0, ${total - 1}::int) as i where random() < ${share}) as qs
    on conflict do nothing`);
}
await db.execute(sql`analyze error_signatures`);
await db.execute(sql`analyze questions`);
const [{ rows = 0 } = {}] = (
  await db.execute<{ rows: number }>(sql`select count(*)::int as rows from error_signatures`)
).rows;
console.log(`${rows} assinaturas em ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

// Warm up, then time every fixture `runs` times.
for (const t of traces) await findSameError(t.text);
const times: number[] = [];
const perTrace: string[] = [];
for (const t of traces) {
  const own: number[] = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    found = (await findSameError(t.text)).matches.length;
    own.push(performance.now() - start);
  }
  times.push(...own);
  own.sort((a, b) => a - b);
  perTrace.push(
    `  ${t.name.padEnd(28)} p50 ${own[Math.floor(own.length / 2)]!.toFixed(1)} ms, ${found} perguntas`,
  );
}
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!.toFixed(1);
console.log(perTrace.join("\n"));
console.log(
  `\nerro colado (${handle.kind}, ${total} perguntas, ${rows} assinaturas, ${times.length} buscas): p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
);

await closeDatabase();
if (!values.keep) {
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
