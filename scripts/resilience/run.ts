// `npm run test:resilience [-- --short] [--only budget,security,access,naughty,xss,load,kill]`: the production
// build under stress, on a fresh embedded database with the demo content (and on PostgreSQL for the SIGKILL part
// when TEST_DATABASE_URL or RESILIENCE_DATABASE_URL is set):
//   budget   — gzipped JavaScript on the read pages (/, /questions, a question, /blog, a post, a profile, /tags):
//              a visitor's at open ≤ 60 KB; the page's own beyond React, React DOM and React Router ≤ 60 KB for
//              a visitor after the first interaction and a member at open; the whole under its ceiling
//              (scripts/resilience/js-budget.ts, ADR 030);
//   security — the security review's requests replayed: foreign Host → 400, 200 MB posts → 413 while
//              other pages answer, malformed bodies → 4xx, no /test pages, bounded searches, no mail flooding,
//              the visitor cache kept, members' pages never cached (scripts/resilience/security.ts);
//   access   — every write by visitor, other member, author and moderator → the expected answer;
//   naughty  — every form and API input fed the Big List of Naughty Strings and our own (647; every 8th with
//              --short): no 5xx, stored titles, comments and the biography come back exactly;
//   xss      — script-running HTML (ours and the big list's, 286; every 3rd with --short) through every rich-text
//              entry point, pages opened in Chromium: no script runs, no handler or script address in the content;
//   load     — mixed reads and writes at 200 connections (60 s; 10 s with --short), no 5xx and no 429, every
//              acknowledged write present afterwards;
//   kill     — the server killed with SIGKILL during writes (20 times; 3 with --short), restarted, then counters
//              match rows, nothing is orphaned and every acknowledged write is there.
// The parts that write more than a person could do it as moderators, whom the content limits leave alone
// (ADR 024), and newsletter sign-ups come from many client addresses: they measure writes, not refusals.
// Uses BUILD_DIR when set (CI reuses the end-to-end build), else builds ./build when it is stale.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  buildDir,
  setRole,
  signUp,
  startServer,
  stopServer,
  withDatabase,
  type Server,
  type Store,
} from "./harness.ts";
import { JS_BUDGET_BYTES, JS_CEILING_BYTES, measurePages } from "./js-budget.ts";
import { accessMatrix, writeAuthorTargets } from "./access-matrix/index.ts";
import { killDuringWrites, mixedLoad, naughtyStrings, xssInChromium } from "./parts.ts";
import { securityReview } from "./security.ts";

const { values } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    only: { type: "string" },
    port: { type: "string", default: "3970" },
  },
});
const short = values.short;
const port = Number(values.port);
const parts = new Set((values.only ?? "budget,security,access,naughty,xss,load,kill").split(","));
const started = Date.now();
const failures: string[] = [];
const temp: string[] = [];

let currentSection = "início";
function section(title: string) {
  currentSection = title;
  console.log(`\n▶ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
// A run that ends without its summary (a crash, a signal) still says where it was; one that printed its
// failures has said what failed, wherever they were.
let summarized = false;
process.on("exit", (code) => {
  if (code !== 0 && !summarized) console.error(`✗ resiliência: saiu com ${code} em "${currentSection}"`);
});

function freshPglite(): Store {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-resiliencia-"));
  temp.push(dataDir);
  return { kind: "pglite", dataDir };
}

async function freshPostgres(): Promise<{ store: Store; drop: () => Promise<void> } | null> {
  const base = process.env.RESILIENCE_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const { default: pg } = await import("pg");
  const name = `sdd_resiliencia_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-resiliencia-pg-"));
  temp.push(dataDir);
  return {
    store: { kind: "postgres", url: url.toString(), dataDir },
    drop: async () => {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

if (!process.env.BUILD_DIR) {
  execFileSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "inherit" });
}
console.log(`resiliência${short ? " (curta)" : ""}: build em ${buildDir()}, partes ${[...parts].join(", ")}`);

let server: Server | undefined;
const store = freshPglite();
const ensureServer = async () => {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) {
    server = await startServer(store, port);
  }
  return server;
};

try {
  const needsServer = ["budget", "security", "access", "naughty", "xss", "load"].some((p) => parts.has(p));
  if (needsServer) await ensureServer();

  if (parts.has("budget")) {
    section("orçamento de JavaScript (gzip) das páginas de leitura");
    const origin = (await ensureServer()).origin;
    const slug = (await (await fetch(`${origin}/blog`)).text()).match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
    const handle = (await (await fetch(`${origin}/questions/1`)).text()).match(/href="\/u\/([^"/?#]+)"/)?.[1];
    const pages = [
      "/",
      "/questions",
      "/questions/1",
      "/blog",
      ...(slug ? [`/blog/${slug}`] : []),
      ...(handle ? [`/u/${handle}`] : []),
      "/tags",
    ];
    const member = await signUp(origin);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;
    const over = (who: string, page: string, what: string, bytes: number, limit: number, word = "meta") =>
      failures.push(
        `orçamento: ${page} (${who}) ${what} ${kb(bytes).trim()} de JavaScript gzip (${word} ${limit / 1024} KB)`,
      );
    for (const [who, init] of [
      ["visitante", {}],
      ["membro", { headers: { cookie: member.cookie } }],
    ] as const) {
      for (const page of await measurePages(origin, pages, init)) {
        console.log(
          `  ${who.padEnd(9)} ${page.page.padEnd(40)} ao abrir ${kb(page.gzipBytes)}; ` +
            `${who === "visitante" ? "após a 1ª interação" : "tudo"} ${kb(page.totalGzipBytes)}, ` +
            `da página (sem React, React DOM e React Router) ${kb(page.ownGzipBytes)}`,
        );
        if (who === "visitante" && page.gzipBytes > JS_BUDGET_BYTES)
          over(who, page.page, "carrega ao abrir", page.gzipBytes, JS_BUDGET_BYTES);
        if (page.ownGzipBytes > JS_BUDGET_BYTES)
          over(who, page.page, "tem de código próprio", page.ownGzipBytes, JS_BUDGET_BYTES);
        if (page.totalGzipBytes > JS_CEILING_BYTES)
          over(who, page.page, "carrega ao todo", page.totalGzipBytes, JS_CEILING_BYTES, "teto");
      }
    }
  }

  if (parts.has("security")) {
    section("pedidos da revisão de segurança");
    failures.push(...(await securityReview(await ensureServer())));
  }

  if (["access", "naughty", "xss", "load"].some((p) => parts.has(p))) {
    const origin = (await ensureServer()).origin;
    const cast = {
      author: await signUp(origin),
      other: await signUp(origin),
      moderator: await signUp(origin),
      // The access matrix's moderator for the writes that end the actor's own password or account.
      spareModerator: await signUp(origin),
    };
    // The parts that write more than a person could (naughty strings, XSS vectors, the mixed load) write as
    // moderators, whom the content limits leave alone (ADR 024), so they measure writes rather than 429s.
    const writers = [await signUp(origin), await signUp(origin), await signUp(origin)];
    // Moderators are made in the database (PGlite: while its server is stopped). The author gets reputation
    // there too, through the ledger so the total stays its sum: the access matrix offers bounties as the
    // author (75 to offer one, 50 each); with an account two days old, the author writes like an established
    // member. For the matrix's own targets the author is a moderator for a moment (writeAuthorTargets).
    const { sql } = await import("drizzle-orm");
    await stopServer(server!);
    await setRole(store, "moderator", [
      cast.moderator.email,
      cast.spareModerator.email,
      ...writers.map((w) => w.email),
      ...(parts.has("access") ? [cast.author.email] : []),
    ]);
    await withDatabase(store, async (db) => {
      await db.execute(
        sql`insert into reputation_events (user_id, delta, reason) select id, 1000, 'resilience_grant' from users where email = ${cast.author.email}`,
      );
      await db.execute(
        sql`update users set reputation = reputation + 1000, trusted_reputation = trusted_reputation + 1000, created_at = now() - interval '2 days' where email = ${cast.author.email}`,
      );
    });
    if (parts.has("access")) {
      section("matriz de acesso das escritas");
      const targets = await writeAuthorTargets((await ensureServer()).origin, cast.author);
      await stopServer(server!);
      await setRole(store, "member", [cast.author.email]);
      failures.push(...(await accessMatrix(await ensureServer(), cast, targets)));
    }
    if (parts.has("naughty")) {
      section("textos problemáticos em cada formulário e API");
      failures.push(...(await naughtyStrings(await ensureServer(), writers[0]!, short)));
    }
    if (parts.has("xss")) {
      section("XSS em cada entrada de texto rico, no Chromium");
      failures.push(...(await xssInChromium(await ensureServer(), writers[0]!, short)));
    }
    if (parts.has("load")) {
      section(`carga mista com 200 conexões por ${short ? 10 : 60} s`);
      failures.push(...(await mixedLoad(await ensureServer(), writers, short)));
    }
  }
  if (server) await stopServer(server);

  if (parts.has("kill")) {
    const cycles = short ? 3 : 20;
    section(`SIGKILL durante escritas, ${cycles} vezes, PGlite`);
    failures.push(...(await killDuringWrites(freshPglite(), port + 1, cycles)));
    const pg = await freshPostgres();
    if (pg) {
      section(`SIGKILL durante escritas, ${cycles} vezes, PostgreSQL`);
      try {
        failures.push(...(await killDuringWrites(pg.store, port + 2, cycles)));
      } finally {
        await pg.drop();
      }
    } else {
      console.log(
        "  PostgreSQL: defina TEST_DATABASE_URL ou RESILIENCE_DATABASE_URL para incluir esta parte.",
      );
    }
  }
} catch (error) {
  failures.push(
    `erro inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
} finally {
  if (server) await stopServer(server).catch(() => {});
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (failures.length) {
  console.error(`\n✗ resiliência: ${failures.length} falha(s) em ${seconds} s`);
  for (const failure of failures.slice(0, 60)) console.error(`  - ${failure}`);
  summarized = true;
  process.exit(1);
}
console.log(`\n✓ resiliência: tudo certo em ${seconds} s`);
