// The parts of `npm run test:resilience`. Each returns the list of what went wrong (empty when all held).
import { randomBytes } from "node:crypto";
import { runLoad, type LoadTarget } from "../../bench/load-generator.ts";
import { integrityProblems } from "../../db/seed/large/integrity.ts";
import {
  askQuestion,
  check,
  get,
  post,
  rows,
  sameOrigin,
  signUp,
  somePostSlug,
  startServer,
  stopServer,
  withDatabase,
  type Member,
  type Server,
  type Store,
} from "./harness.ts";
import { NAUGHTY_STRINGS, XSS_VECTORS } from "./naughty-strings.ts";

const log = (line: string) => console.log(`  ${line}`);
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

// ---------------------------------------------------------------------------------------- naughty strings

export async function naughtyStrings(server: Server, member: Member, short: boolean): Promise<string[]> {
  const failures: string[] = [];
  const origin = server.origin;
  const strings = short ? NAUGHTY_STRINGS.filter((_, i) => i % 4 === 0) : NAUGHTY_STRINGS;
  const question = await askQuestion(origin, member, "Pergunta que recebe a lista de textos problemáticos");
  const slug = await somePostSlug(origin);
  const markers: Array<{ marker: string; input: string }> = [];
  let requests = 0;
  for (const [i, s] of strings.entries()) {
    // A lone surrogate cannot travel as UTF-8 at all: URLs and forms carry it as U+FFFD.
    const q = encodeURIComponent(s.toWellFormed());
    const marker = `bl${i}-${randomBytes(2).toString("hex")}:`;
    const attempts: Array<[string, Promise<{ status: number }>]> = [
      ["GET /search", get(origin, `/search?q=${q}`)],
      ["GET /api/search", get(origin, `/api/search?q=${q}`)],
      ["GET /api/tags", get(origin, `/api/tags?q=${q}`)],
      ["GET /questions filtros", get(origin, `/questions?sort=${q}&filter=${q}&tags=${q}&page=${q}`)],
      ["GET /questions/tagged", get(origin, `/questions/tagged/${q || "x"}`)],
      ["GET /blog/:slug", get(origin, `/blog/${q || "x"}`)],
      ["GET /u/:handle", get(origin, `/u/${q || "x"}`)],
      ["POST /newsletter", post(origin, "/newsletter", { email: s })],
      ["POST /entrar", post(origin, "/entrar", { email: s, password: s })],
      [
        "POST /cadastro",
        post(origin, "/cadastro", {
          socialName: s,
          email: `bl${i}-${randomBytes(3).toString("hex")}@exemplo.com.br`,
          password: `senha-${s}-12345678`,
        }),
      ],
    ];
    for (const [name, pending] of attempts) {
      const res = await pending;
      requests++;
      check(
        failures,
        res.status > 0 && res.status < 500,
        `textos: ${name} com ${JSON.stringify(s.slice(0, 40))} deu ${res.status}`,
      );
    }
    const writes: Array<[string, string, Record<string, string>]> = [
      ["comentário", `/questions/${question}`, { intent: "comment", body: `${marker}${s}` }],
      ["resposta", `/questions/${question}`, { intent: "answer", body: `${marker}${s}` }],
      ["comentário de post", `/blog/${slug}`, { intent: "comment", body: `${marker}${s}` }],
      ["pergunta", "/ask-a-question", { title: s, description: s, details: s, tags: s }],
    ];
    for (const [name, path, fields] of writes) {
      const res = await post(origin, path, fields, member.cookie);
      requests++;
      check(
        failures,
        res.status > 0 && res.status < 500,
        `textos: ${name} com ${JSON.stringify(s.slice(0, 40))} deu ${res.status}`,
      );
      if (name === "comentário" && res.status === 200 && !res.text.includes('"ok":false'))
        markers.push({ marker, input: s });
    }
  }
  log(`${strings.length} textos, ${requests} pedidos`);
  // Stored text comes back exactly: each accepted comment is stored as sent, under the product's one rule for
  // question comments — they are one line, so runs of whitespace (line breaks, tabs) become one space, as on
  // Stack Overflow (app/features/questions/comments.server.ts, normaliseCommentBody).
  const store = server.store;
  if (store.kind === "pglite") await stopServer(server);
  const stored = await withDatabase(store, (db) =>
    rows<{ body: string }>(
      db,
      `select body from comments where target_kind = 'question' and target_id = ${question}`,
    ),
  );
  const bodies = new Set(stored.map((r) => r.body));
  let exact = 0;
  for (const { marker, input } of markers) {
    const expected = `${marker}${input}`.toWellFormed().replace(/\s+/g, " ").trim();
    if (bodies.has(expected)) exact++;
    else failures.push(`textos: o comentário ${JSON.stringify(expected.slice(0, 50))} não voltou igual`);
  }
  log(`${exact}/${markers.length} comentários aceitos voltaram idênticos do banco`);
  return failures;
}

// ------------------------------------------------------------------------------------------------ XSS

export async function xssInChromium(server: Server, member: Member): Promise<string[]> {
  const failures: string[] = [];
  const origin = server.origin;
  const filler = " Texto comum para completar o tamanho mínimo exigido pelo formulário. ".repeat(2);
  const all = XSS_VECTORS.join("\n");
  // Entry points of rich text: question description and details, answers, blog posts; plain text: comments.
  const question = await askQuestion(origin, member, "Pergunta com vetores de XSS no texto");
  await post(
    origin,
    `/questions/${question}/editar`,
    {
      title: "Pergunta com vetores de XSS no texto",
      description: `${all}${filler}`,
      "description-format": "html",
      details: `${all}${filler}`,
      "details-format": "html",
      tags: "javascript",
    },
    member.cookie,
  );
  for (const vector of XSS_VECTORS) {
    await post(
      origin,
      `/questions/${question}`,
      { intent: "answer", body: `${vector}${filler}`, "body-format": "html" },
      member.cookie,
    );
    await post(
      origin,
      `/questions/${question}`,
      { intent: "comment", body: `${vector} comentário` },
      member.cookie,
    );
  }
  const created = await post(
    origin,
    "/write-a-post",
    {
      title: "Post com vetores de XSS",
      description: XSS_VECTORS.slice(0, 5).join(" "),
      category: "desenvolvimento",
      body: `<p>${filler.repeat(5)}</p>${all}`,
      "body-format": "html",
    },
    member.cookie,
    { multipart: true },
  );
  const postPath = created.location?.startsWith("/blog/") ? created.location : null;
  check(failures, Boolean(postPath), `xss: o post não foi criado (HTTP ${created.status})`);
  for (const vector of XSS_VECTORS.slice(0, 20)) {
    if (postPath)
      await post(origin, postPath.split("#")[0]!, { intent: "comment", body: vector }, member.cookie);
  }

  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const [name, value] = member.cookie.split("=") as [string, string];
    for (const signedIn of [false, true]) {
      const context = await browser.newContext();
      if (signedIn) await context.addCookies([{ name, value, url: origin }]);
      const page = await context.newPage();
      const ran: string[] = [];
      page.on("dialog", async (dialog) => {
        ran.push(dialog.message());
        await dialog.dismiss();
      });
      for (const path of [
        `/questions/${question}`,
        ...(postPath ? [postPath.split("#")[0]!] : []),
        `/search?q=${encodeURIComponent("<script>alert(1)</script>")}`,
      ]) {
        await page.goto(`${origin}${path}`, { waitUntil: "load" });
        await page.waitForTimeout(800);
        const injected = await page.evaluate(
          () =>
            document.querySelectorAll(
              'main script:not([type="application/ld+json"]), main iframe, main object, main embed, [onerror], [onload], [onclick], [onfocus], [ontoggle]',
            ).length,
        );
        check(
          failures,
          injected === 0,
          `xss: ${path} (${signedIn ? "membro" : "visitante"}) tem ${injected} elemento(s) executáveis no conteúdo`,
        );
      }
      check(
        failures,
        ran.length === 0,
        `xss: ${ran.length} diálogo(s) abertos por script injetado (${signedIn ? "membro" : "visitante"})`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  log(
    `${XSS_VECTORS.length} vetores em pergunta, respostas, comentários e post; abertos no Chromium como visitante e membro`,
  );
  return failures;
}

// ----------------------------------------------------------------------------------------- mixed load

function writeTargets(question: number, members: Member[]): LoadTarget[] {
  return [
    ...members.map((m, i) => ({
      name: `comentário ${i}`,
      method: "POST" as const,
      path: `/questions/${question}`,
      headers: { ...sameOrigin, cookie: m.cookie },
      body: "intent=comment&body=carga-{{n}}-" + i + "+coment%C3%A1rio+de+teste",
      weight: 1,
    })),
    {
      name: "newsletter",
      method: "POST",
      path: "/newsletter",
      headers: sameOrigin,
      body: "email=carga-{{n}}-" + randomBytes(3).toString("hex") + "%40exemplo.com.br",
      weight: 2,
    },
  ];
}

async function acknowledgedMissing(store: Store, acknowledged: Array<{ target: string; body: string }>) {
  const comments = acknowledged
    .filter((a) => a.target.startsWith("comentário"))
    .map((a) => new URLSearchParams(a.body).get("body")!);
  const emails = acknowledged
    .filter((a) => a.target === "newsletter")
    .map((a) => new URLSearchParams(a.body).get("email")!);
  return withDatabase(store, async (db) => {
    const missing: string[] = [];
    for (let i = 0; i < comments.length; i += 500) {
      const chunk = comments.slice(i, i + 500);
      const found = await rows<{ body: string }>(
        db,
        `select body from comments where body in (${chunk.map(sqlText).join(",")})`,
      );
      const have = new Set(found.map((r) => r.body));
      missing.push(...chunk.filter((c) => !have.has(c)));
    }
    for (let i = 0; i < emails.length; i += 500) {
      const chunk = emails.slice(i, i + 500);
      const found = await rows<{ email: string }>(
        db,
        `select email from newsletter_subscriptions where email in (${chunk.map(sqlText).join(",")})`,
      );
      const have = new Set(found.map((r) => r.email.toLowerCase()));
      missing.push(...chunk.filter((e) => !have.has(e.toLowerCase())));
    }
    return { missing, comments: comments.length, emails: emails.length };
  });
}

export async function mixedLoad(server: Server, members: Member[], short: boolean): Promise<string[]> {
  const failures: string[] = [];
  const origin = server.origin;
  const question = await askQuestion(origin, members[0]!, "Pergunta que recebe a carga mista");
  const slug = await somePostSlug(origin);
  const result = await runLoad({
    origin,
    connections: 200,
    durationMs: short ? 10_000 : 60_000,
    keepBodies: true,
    timeoutMs: 60_000,
    targets: [
      { name: "landing", path: "/", weight: 4 },
      { name: "lista", path: "/questions", weight: 4 },
      { name: "pergunta", path: `/questions/${question}`, weight: 6 },
      {
        name: "pergunta (membro)",
        path: `/questions/${question}`,
        headers: { cookie: members[1]!.cookie },
        weight: 3,
      },
      { name: "blog", path: "/blog", weight: 2 },
      { name: "post", path: `/blog/${slug}`, weight: 2 },
      { name: "busca", path: "/search?q=react", weight: 2 },
      ...writeTargets(question, members),
    ],
  });
  for (const [name, t] of Object.entries(result.perTarget)) {
    const odd = Object.entries(t.statuses).filter(([status]) => !["200", "302", "303"].includes(status));
    if (odd.length) log(`${name}: ${JSON.stringify(Object.fromEntries(odd))}`);
  }
  const bad = Object.entries(result.statuses).filter(([s]) => Number(s) >= 500 || s === "0");
  log(
    `${result.requests} pedidos em ${result.seconds} s (${result.requestsPerSecond} req/s), p99 ${result.latency.p99} ms, ${JSON.stringify(result.statuses)}`,
  );
  check(
    failures,
    bad.length === 0,
    `carga: respostas 5xx ou conexões perdidas: ${JSON.stringify(Object.fromEntries(bad))}`,
  );
  if (server.store.kind === "pglite") await stopServer(server);
  const acked = await acknowledgedMissing(server.store, result.acknowledged ?? []);
  log(
    `${acked.comments} comentários e ${acked.emails} assinaturas confirmados; ${acked.missing.length} ausentes depois`,
  );
  check(
    failures,
    acked.missing.length === 0,
    `carga: ${acked.missing.length} escrita(s) confirmada(s) sumiram: ${acked.missing.slice(0, 3).join(", ")}`,
  );
  return failures;
}

// ------------------------------------------------------------------------------------------ SIGKILL

export async function killDuringWrites(store: Store, port: number, cycles: number): Promise<string[]> {
  const failures: string[] = [];
  let server = await startServer(store, port);
  const members = [await signUp(server.origin), await signUp(server.origin)];
  const question = await askQuestion(
    server.origin,
    members[0]!,
    "Pergunta que recebe escritas durante as quedas",
  );
  const acknowledged: Array<{ target: string; body: string }> = [];
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const killAfter = 300 + Math.random() * 1500;
    const loading = runLoad({
      origin: server.origin,
      connections: 20,
      durationMs: 2500,
      keepBodies: true,
      timeoutMs: 5000,
      targets: writeTargets(question, members),
    });
    await new Promise((r) => setTimeout(r, killAfter));
    await stopServer(server, "SIGKILL");
    const result = await loading;
    acknowledged.push(...(result.acknowledged ?? []));
    server = await startServer(store, port);
  }
  log(
    `${store.kind}: ${cycles} quedas com SIGKILL durante escritas; ${acknowledged.length} escritas confirmadas antes das quedas`,
  );
  await stopServer(server);
  const acked = await acknowledgedMissing(store, acknowledged);
  check(
    failures,
    acked.missing.length === 0,
    `SIGKILL (${store.kind}): ${acked.missing.length} escrita(s) confirmada(s) sumiram`,
  );
  const problems = await withDatabase(store, (db) => integrityProblems(db));
  check(failures, problems.length === 0, `SIGKILL (${store.kind}): integridade: ${problems.join("; ")}`);
  log(
    `${store.kind}: integridade ${problems.length ? "com problemas" : "ok"}, escritas confirmadas ausentes: ${acked.missing.length}`,
  );
  return failures;
}
