// The ceilings the bench compares the site with, each a bare node:http server on the same core:
// - `bytes FILE`: answers every request with the question page's HTML, read once into memory — the cost of
//   HTTP alone;
// - `page PATH COOKIE`: renders, on every request, the page at PATH with React's renderToString — the app's
//   own components with the data its loaders returned once, for a visitor or (with a session COOKIE, "-" for
//   none) a member. The route modules come from the production build; the data is loaded through React
//   Router a single time, then the database is closed: no data loading, no request handling, no hydration
//   data, no streaming — the cost of rendering that page alone (ADR 016);
// - `react BYTES`: renderToString of a synthetic tree of plain elements shaped like a question page with
//   twenty answers (header, question, answers with avatars, votes and comments, forms, footer), grown until
//   its HTML is BYTES long. Kept as a fixed reference that does not move when the app's components change.
// `node bench/ceiling-server.ts bytes|page|react ARG… PORT`; prints "ready" when listening.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createElement as h, type ReactNode } from "react";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { createRequestHandler, ServerRouter, type EntryContext, type ServerBuild } from "react-router";
import type * as ServerModule from "../server/app.ts";

const WORDS =
  "Para resolver isso você precisa garantir que a consulta use o índice certo e que o componente não " +
  "renderize de novo a cada mudança de estado; teste com dados reais antes de publicar em produção.";

function paragraph(n: number, seed: number) {
  const words = WORDS.split(" ");
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(words[(i + seed) % words.length] ?? "");
  return out.join(" ");
}

function VoteBox({ id, score }: { id: string; score: number }) {
  return h(
    "div",
    { className: "flex flex-col items-center gap-1" },
    h(
      "form",
      { method: "post" },
      h("input", { type: "hidden", name: "intent", value: "vote" }),
      h("input", { type: "hidden", name: "id", value: id }),
      h("button", { type: "submit", className: "btn-ghost", "aria-label": "Votar a favor" }, "▲"),
    ),
    h("span", { className: "text-lg font-bold" }, String(score)),
    h(
      "form",
      { method: "post" },
      h("input", { type: "hidden", name: "intent", value: "vote" }),
      h("button", { type: "submit", className: "btn-ghost", "aria-label": "Votar contra" }, "▼"),
    ),
  );
}

function Author({ name, i }: { name: string; i: number }) {
  return h(
    "div",
    { className: "flex items-center gap-2" },
    h("img", { src: `/avatar/${i}.png`, alt: "", width: 32, height: 32, className: "rounded-full" }),
    h(
      "div",
      null,
      h("a", { href: `/u/membro-${i}`, className: "font-semibold" }, name),
      h("p", { className: "text-sm text-slate-600" }, "Desenvolvedora Front-end · 21 Nov, 2026"),
    ),
  );
}

function Comments({ count, seed }: { count: number; seed: number }) {
  return h(
    "ul",
    { className: "mt-2 divide-y text-sm" },
    Array.from({ length: count }, (_, i) =>
      h(
        "li",
        { key: i, className: "py-1" },
        paragraph(18, seed + i),
        " — ",
        h("a", { href: "#" }, "Ana Silva"),
      ),
    ),
  );
}

function Answer({ i, words }: { i: number; words: number }) {
  return h(
    "article",
    { className: "card flex gap-4 p-4", id: `resposta-${i}` },
    h(VoteBox, { id: String(i), score: i % 7 }),
    h(
      "div",
      { className: "rich-text flex-1" },
      h(Author, { name: `Membro ${i}`, i }),
      h("p", null, paragraph(words, i)),
      h("pre", null, h("code", { className: "language-javascript" }, `const resposta = ${i};`)),
      h("p", null, paragraph(Math.floor(words / 2), i + 3)),
      h(Comments, { count: 2, seed: i }),
      h("button", { type: "button", className: "btn-outline" }, "Adicionar comentário"),
    ),
  );
}

export function QuestionPage({ words }: { words: number }): ReactNode {
  return h(
    "html",
    { lang: "pt-BR" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("title", null, "Como configurar o formulário em produção? | Suporte de Domingo"),
      h("link", { rel: "stylesheet", href: "/assets/app.css" }),
    ),
    h(
      "body",
      null,
      h(
        "header",
        { className: "bg-primary text-white" },
        h(
          "nav",
          { "aria-label": "Principal" },
          Array.from({ length: 12 }, (_, i) => h("a", { key: i, href: `/secao/${i}` }, `Seção ${i}`)),
        ),
      ),
      h(
        "main",
        { id: "conteudo", className: "mx-auto max-w-5xl" },
        h("h1", { className: "text-2xl font-bold" }, "Como configurar o formulário em produção?"),
        h(
          "div",
          { className: "flex gap-4" },
          h(VoteBox, { id: "q", score: 12 }),
          h(
            "div",
            { className: "rich-text" },
            h("p", null, paragraph(words * 2, 1)),
            h(
              "ul",
              { className: "flex gap-2" },
              ["javascript", "react", "node.js"].map((t) =>
                h("li", { key: t }, h("a", { className: "tag-chip", href: `/questions/tagged/${t}` }, t)),
              ),
            ),
            h(Author, { name: "Ana Silva", i: 0 }),
          ),
        ),
        h("h2", null, "20 respostas"),
        Array.from({ length: 20 }, (_, i) => h(Answer, { key: i, i, words })),
        h(
          "form",
          { method: "post" },
          h("label", { htmlFor: "body" }, "Sua resposta"),
          h("textarea", { id: "body", name: "body" }),
          h("button", { type: "submit", className: "btn-primary" }, "Publicar resposta"),
        ),
      ),
      h("footer", null, h("p", null, "Suporte de Domingo")),
    ),
  );
}

/** The word count per answer that makes the page's HTML about `bytes` long. */
export function sizedWords(bytes: number): number {
  let lo = 1;
  let hi = 20_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const size = Buffer.byteLength(renderToString(h(QuestionPage, { words: mid })));
    if (size < bytes) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The page's own React tree and data: one real request through React Router, whose document render is
 * intercepted to keep its context. The hydration data stream is dropped: serialising it is React Router's
 * work, not rendering.
 */
export async function capturePage(pagePath: string, cookie: string | null): Promise<() => string> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const server = (await import(path.join(buildDir, "server/index.js"))) as typeof ServerModule;
  const build = server.reactRouterBuild as ServerBuild;
  const renderDocument = build.entry.module.default;
  await server.startApp();
  let captured: EntryContext | undefined;
  const handler = createRequestHandler({
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: (
          request: Request,
          status: number,
          headers: Headers,
          context: EntryContext,
          load: unknown,
        ) => {
          captured = context;
          return renderDocument(request, status, headers, context, load as never);
        },
      },
    },
  } as ServerBuild);
  const url = `http://127.0.0.1${pagePath}`;
  const response = await handler(
    new Request(url, { headers: cookie ? { cookie } : {} }),
    server.createLoadContext({ nonce: "", clientIp: "127.0.0.1" }),
  );
  await response.arrayBuffer();
  await server.stopApp();
  if (response.status !== 200 || !captured) throw new Error(`${pagePath}: HTTP ${response.status}`);
  const context: EntryContext = { ...captured, serverHandoffStream: undefined };
  return () => "<!DOCTYPE html>" + renderToString(h(ServerRouter, { context, url }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, ...args] = process.argv.slice(2);
  const port = Number(args.at(-1) ?? 0);
  let handler: http.RequestListener;
  const sendHtml = (res: http.ServerResponse, html: string) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(html),
    });
    res.end(html);
  };
  if (mode === "bytes") {
    const body = readFileSync(String(args[0]));
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    };
  } else if (mode === "page") {
    const render = await capturePage(String(args[0]), args[1] && args[1] !== "-" ? args[1] : null);
    handler = (_req, res) => sendHtml(res, render());
  } else {
    const words = sizedWords(Number(args[0]));
    handler = (_req, res) => sendHtml(res, "<!DOCTYPE html>" + renderToString(h(QuestionPage, { words })));
  }
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.listen(port, "127.0.0.1", () => console.log("ready"));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
