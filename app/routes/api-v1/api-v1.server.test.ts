// The REST API v1 on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): reads, writes through the
// site's feature functions, tokens and scopes, every refusal in the one error shape, cursors, ETags and CORS.
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, comments, questions, rateLimits, users } from "#db/schema.ts";
import { createAccessToken } from "#app/features/accounts/access-tokens.server.ts";
import { API_RATE_LIMITS } from "#app/features/api/limits.ts";
import * as s from "#app/features/api/schemas.ts";
import { askAs } from "#tests/support/questions.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import { clientIpContext, visitorPageContext, type VisitorPageNote } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { RouterContextProvider } from "react-router";
import { dispatch } from "./dispatch.server.ts";
import { handlers } from "./handlers.server.ts";

const db = setupTestDatabase();

type Call = {
  token?: string;
  body?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
};

async function api(method: string, path: string, options: Call = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("Content-Type", "application/json");
  }
  const context = new RouterContextProvider();
  context.set(clientIpContext, options.ip ?? "192.0.2.10");
  const note: VisitorPageNote = { cacheable: false, effects: [] };
  context.set(visitorPageContext, note);
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v1${path}`, { method, headers, body }),
    context,
    handlers,
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null, note };
}

function expectError(reply: { status: number; json: unknown }, status: number, code: string) {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  const parsed = s.errorSchema.parse(reply.json);
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message.length).toBeGreaterThan(5);
  return parsed.error;
}

let author: Viewer;
let other: Viewer;
let writeToken: string;
let otherWriteToken: string;
let readToken: string;
let question: number;

beforeAll(async () => {
  author = await createMember(db(), { name: "Autora da API", reputation: PRIVILEGES.voteUp.reputation });
  other = await createMember(db(), { name: "Outra da API" });
  writeToken = (await createAccessToken(db(), author, { name: "escrita", scopes: ["write"] })).token;
  otherWriteToken = (await createAccessToken(db(), other, { name: "escrita", scopes: ["write"] })).token;
  readToken = (await createAccessToken(db(), author, { name: "leitura", scopes: ["read"] })).token;
  question = await askAs(author, { title: "Como ler perguntas pela API pública do site?" });
});

describe("reading", () => {
  test("a visitor lists questions and reads one with its answers and comments, as documented", async () => {
    const answered = await api("POST", `/questions/${question}/answers`, {
      token: otherWriteToken,
      body: { body: "Use o **endpoint** `/api/v1/questions` e leia o campo `items`." },
    });
    expect(answered.status, JSON.stringify(answered.json)).toBe(201);
    const commented = await api("POST", `/questions/${question}/comments`, {
      token: otherWriteToken,
      body: { body: "Boa pergunta, também quero saber." },
    });
    expect(commented.status, JSON.stringify(commented.json)).toBe(201);

    const list = await api("GET", "/questions");
    expect(list.status).toBe(200);
    const page = s.pageOf(s.questionSummarySchema, "QuestionPage").parse(list.json);
    expect(page.items.map((q) => q.id)).toContain(question);

    const one = await api("GET", `/questions/${question}`);
    expect(one.status).toBe(200);
    const read = s.questionSchema.parse(one.json);
    expect(read.answers[0]?.body_html).toContain("<strong>endpoint</strong>");
    expect(read.comments[0]?.body).toBe("Boa pergunta, também quero saber.");
    expect(read.viewer).toBeNull();
    expect(JSON.stringify(one.json)).not.toContain("@exemplo.com.br");
    expect(one.headers.get("access-control-allow-origin")).toBe("*");
    expect(one.headers.get("vary")).toBe("Authorization");

    const withToken = s.questionSchema.parse(
      (await api("GET", `/questions/${question}`, { token: readToken })).json,
    );
    expect(withToken.viewer).toEqual({ vote: 0, favorited: false });

    const answersOnly = await api("GET", `/questions/${question}/answers`);
    expect(s.pageOf(s.answerSchema, "AnswerList").parse(answersOnly.json).items).toHaveLength(1);
  });

  test("cursor pagination walks every question once, in the site's order, for each sort", async () => {
    for (let i = 0; i < 6; i++) await askAs(other, { title: `Pergunta de paginação número ${i} pela API` });
    await db()
      .update(questions)
      .set({ score: 3 })
      .where(like(questions.title, "Pergunta de paginação número 1%"));
    for (const sort of ["new", "top", "activity", "answers"]) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const reply = await api("GET", `/questions?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
        expect(reply.status, JSON.stringify(reply.json)).toBe(200);
        const page = s.pageOf(s.questionSummarySchema, "QuestionPage").parse(reply.json);
        seen.push(...page.items.map((q) => q.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor && pages < 20);
      const all = await db().select({ id: questions.id }).from(questions);
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen.length, sort).toBe(all.length);
      if (sort === "new") expect(seen).toEqual([...seen].sort((a, b) => b - a));
    }
    // A cursor of another sort, or made up, is refused on its field.
    const first = await api("GET", "/questions?sort=new&limit=2");
    const wrong = await api("GET", `/questions?sort=top&cursor=${first.json.next_cursor}`);
    expect(expectError(wrong, 422, "validation").field).toBe("cursor");
    expectError(await api("GET", "/questions?cursor=bm9wZQ"), 422, "validation");
    // A cursor of the right list whose key has the wrong types or the wrong number of parts: 422, never a 500.
    const forged = (list: string, key: string[]) =>
      Buffer.from(JSON.stringify({ list, key, id: 1 })).toString("base64url");
    const time = "2026-01-02 03:04:05.123+00";
    const cases: [string, string, string[]][] = [
      ["/questions?sort=new", "questions:new", ["42"]],
      ["/questions?sort=activity", "questions:activity", ["7"]],
      ["/questions?sort=top", "questions:top", [time]],
      ["/questions?sort=answers", "questions:answers", [time]],
      ["/questions?sort=bounty", "questions:bounty", [time, "5"]],
      ["/questions?sort=bounty", "questions:bounty", ["50"]],
      ["/questions?sort=expiring", "questions:expiring", ["3"]],
      ["/questions?sort=new", "questions:new", [time, time]],
      ["/posts?", "posts:new", ["12"]],
      ["/posts?", "posts:new", []],
    ];
    for (const [path, list, key] of cases) {
      const reply = await api("GET", `${path}&cursor=${forged(list, key)}`);
      expect(reply.status, `${list} ${JSON.stringify(key)}`).toBe(422);
      expect(expectError(reply, 422, "validation").field).toBe("cursor");
    }
    // The same shape with the right types still pages.
    expect((await api("GET", `/questions?sort=new&cursor=${forged("questions:new", [time])}`)).status).toBe(
      200,
    );
  });

  test("an ETag comes back with every read, and If-None-Match answers 304", async () => {
    const first = await api("GET", `/questions/${question}`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const again = await api("GET", `/questions/${question}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.json).toBeNull();
    expect(first.headers.get("cache-control")).toContain("public");
    const member = await api("GET", `/questions/${question}`, { token: readToken });
    expect(member.headers.get("cache-control")).toBe("private, no-cache");
  });

  test("reads are open to any origin (preflight included); writes are not", async () => {
    const preflight = await api("OPTIONS", "/questions", {
      headers: { Origin: "https://outro.site", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    expect(preflight.headers.get("access-control-allow-methods")).not.toContain("POST");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const write = await api("POST", "/questions", { body: {} });
    expect(write.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("members, posts, tags, search and the token's owner", async () => {
    const profile = await api("GET", `/members/${author.handle}`);
    expect(s.memberSchema.parse(profile.json).handle).toBe(author.handle);
    expect(JSON.stringify(profile.json)).not.toContain("@exemplo");
    expectError(await api("GET", "/members/ninguem-aqui"), 404, "not_found");

    const post = await api("POST", "/posts", {
      token: writeToken,
      body: {
        title: "Um post escrito pela API",
        category: "desenvolvimento",
        tags: ["api"],
        body: "Este post foi escrito em **Markdown** por um script, com texto suficiente para passar do mínimo.",
      },
    });
    expect(post.status, JSON.stringify(post.json)).toBe(201);
    const created = s.createdPostSchema.parse(post.json);
    const read = s.postSchema.parse((await api("GET", `/posts/${created.slug}`)).json);
    expect(read.body_html).toContain("<strong>Markdown</strong>");
    const posts = s.pageOf(s.postSummarySchema, "PostPage").parse((await api("GET", "/posts?limit=1")).json);
    expect(posts.items[0]?.id).toBe(created.id);
    expect(post.note.changes).toEqual({ topics: [`member:${author.id}`] });

    const tags = s.pageOf(s.tagSchema, "TagPage").parse((await api("GET", "/tags?limit=1")).json);
    expect(tags.items).toHaveLength(1);
    expect(tags.next_cursor).not.toBeNull();
    const next = s
      .pageOf(s.tagSchema, "TagPage")
      .parse((await api("GET", `/tags?limit=1&cursor=${tags.next_cursor}`)).json);
    expect(next.items[0]?.slug).not.toBe(tags.items[0]?.slug);
    expect(s.tagSchema.parse((await api("GET", "/tags/javascript")).json).question_count).toBeGreaterThan(0);

    const found = await api("GET", "/search?q=pagina%C3%A7%C3%A3o&limit=2");
    const hits = s.pageOf(s.searchHitSchema, "SearchPage").parse(found.json);
    expect(hits.items.length).toBeGreaterThan(0);
    expect(hits.items[0]?.title).not.toContain("⟦");

    // A snippet is plain text: what the body stores as `&lt;genexpr&gt;` reads `<genexpr>`.
    await askAs(author, {
      title: "Um traceback do Python dentro de um gerador",
      description:
        "<p>O erro aponta para a linha 3, in &lt;genexpr&gt;, e depois TypeError &amp; nada mais.</p>",
    });
    const traced = s
      .pageOf(s.searchHitSchema, "SearchPage")
      .parse((await api("GET", "/search?q=genexpr&type=questions")).json);
    expect(traced.items[0]?.snippet).toContain("in <genexpr>, e depois TypeError & nada");
    expect(traced.items[0]?.snippet).not.toMatch(/&(lt|gt|amp);/);

    const me = s.viewerSchema.parse((await api("GET", "/me", { token: readToken })).json);
    expect(me).toMatchObject({ member: { id: author.id }, scopes: ["read"] });
    expectError(await api("GET", "/me"), 401, "unauthenticated");
  });
});

describe("writing", () => {
  test("ask, answer, comment, vote, accept and favourite go through the site's functions and name what changed", async () => {
    const asked = await api("POST", "/questions", {
      token: writeToken,
      body: {
        title: "Como escrever pela API com um token?",
        description: "Quero **perguntar** por um script, usando só o documento OpenAPI publicado.",
        details: "Tentei ler a documentação e esperava conseguir um `201` com o número da pergunta.",
        tags: ["api", "openapi"],
      },
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    const { id } = s.createdSchema.parse(asked.json);
    expect(asked.note.changes).toEqual({ topics: [`member:${author.id}`] });

    const answered = await api("POST", `/questions/${id}/answers`, {
      token: otherWriteToken,
      body: { body: "Envie `Authorization: Bearer` e um corpo JSON." },
    });
    const answerId = s.createdSchema.parse(answered.json).id;
    expect(answered.note.changes).toEqual({ topics: [`question:${id}`] });

    const comment = await api("POST", `/answers/${answerId}/comments`, {
      token: writeToken,
      body: { body: "Obrigada, funcionou de primeira aqui." },
    });
    expect(comment.status, JSON.stringify(comment.json)).toBe(201);
    expect(comment.note.changes).toEqual({ topics: [`question:${id}`] });

    const up = await api("PUT", `/answers/${answerId}/vote`, { token: writeToken, body: { value: 1 } });
    expect(s.voteResultSchema.parse(up.json)).toEqual({ score: 1, vote: 1 });
    const again = await api("PUT", `/answers/${answerId}/vote`, { token: writeToken, body: { value: 1 } });
    expect(s.voteResultSchema.parse(again.json)).toEqual({ score: 1, vote: 1 });
    const back = await api("PUT", `/answers/${answerId}/vote`, { token: writeToken, body: { value: 0 } });
    expect(s.voteResultSchema.parse(back.json)).toEqual({ score: 0, vote: 0 });
    const own = await api("PUT", `/questions/${id}/vote`, { token: writeToken, body: { value: 1 } });
    expectError(own, 403, "forbidden");

    const accepted = await api("PUT", `/answers/${answerId}/accept`, { token: writeToken });
    expect(s.acceptResultSchema.parse(accepted.json)).toEqual({
      question_id: id,
      accepted_answer_id: answerId,
    });
    const acceptedAgain = await api("PUT", `/answers/${answerId}/accept`, { token: writeToken });
    expect(acceptedAgain.json.accepted_answer_id).toBe(answerId);
    expectError(
      await api("PUT", `/answers/${answerId}/accept`, { token: otherWriteToken }),
      403,
      "forbidden",
    );
    const unaccepted = await api("DELETE", `/answers/${answerId}/accept`, { token: writeToken });
    expect(unaccepted.json.accepted_answer_id).toBeNull();

    const fav = await api("PUT", `/questions/${id}/favorite`, { token: otherWriteToken });
    expect(fav.json).toEqual({ favorited: true });
    expect((await api("PUT", `/questions/${id}/favorite`, { token: otherWriteToken })).json).toEqual({
      favorited: true,
    });
    expect((await api("DELETE", `/questions/${id}/favorite`, { token: otherWriteToken })).json).toEqual({
      favorited: false,
    });

    const read = s.questionSchema.parse((await api("GET", `/questions/${id}`)).json);
    expect(read.description_html).toContain("<strong>perguntar</strong>");
    expect(read.answers[0]?.comments[0]?.body).toBe("Obrigada, funcionou de primeira aqui.");
  });

  test("Markdown with a <script> or an onerror is sanitised as the site sanitises it", async () => {
    const answered = await api("POST", `/questions/${question}/answers`, {
      token: otherWriteToken,
      body: {
        body: 'Veja: <script>alert(1)</script> e <img src="x" onerror="alert(2)"> e [clique](javascript:alert(3)) — **fim** da resposta.',
      },
    });
    expect(answered.status, JSON.stringify(answered.json)).toBe(201);
    const [row] = await db()
      .select({ body: answers.body })
      .from(answers)
      .where(eq(answers.id, answered.json.id));
    expect(row?.body).not.toMatch(/<script|onerror|javascript:/i);
    expect(row?.body).toContain("<strong>fim");
    const read = s.questionSchema.parse((await api("GET", `/questions/${question}`)).json);
    expect(JSON.stringify(read)).not.toMatch(/<script|onerror|javascript:/i);
  });
});

describe("errors", () => {
  test("GET /errors/matches finds the question with the same error, and says which errors it read", async () => {
    const id = await askAs(author, {
      title: "Pacote não encontrado ao importar com ESM no Node",
      description:
        "<pre><code>Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express' imported from /home/ana/app/server.js\n    at packageResolve (node:internal/modules/esm/resolve:873:9)</code></pre>",
    });
    const trace =
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'dotenv' imported from C:\\api\\index.mjs\n    at moduleResolve (node:internal/modules/esm/resolve:946:18)";
    const reply = await api("GET", `/errors/matches?text=${encodeURIComponent(trace)}&limit=3`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const found = s.errorMatchesSchema.parse(reply.json);
    expect(found.signatures[0]).toEqual({ signature: "code:ERR_MODULE_NOT_FOUND", weight: 5 });
    expect(found.items[0]).toMatchObject({
      id,
      url: `http://localhost:3000/questions/${id}`,
      has_accepted_answer: false,
      error_signatures: expect.arrayContaining(["code:ERR_MODULE_NOT_FOUND"]),
    });
    expectError(await api("GET", "/errors/matches"), 422, "validation");
  });
});

describe("refusals, each in the one error shape", () => {
  test("401 without a token or with a bad one, with WWW-Authenticate", async () => {
    const none = await api("POST", "/questions", { body: {} });
    expectError(none, 401, "unauthenticated");
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const bad = await api("GET", "/questions", { token: `sdd_${"x".repeat(43)}` });
    expectError(bad, 401, "unauthenticated");
    expectError(
      await api("GET", "/questions", { headers: { Authorization: "Basic abc" } }),
      401,
      "unauthenticated",
    );
  });

  test("403 for a read-only token, a suspended member and a privilege the member lacks", async () => {
    const readOnly = await api("POST", `/questions/${question}/answers`, {
      token: readToken,
      body: { body: "oi, com texto o bastante para responder." },
    });
    expectError(readOnly, 403, "insufficient_scope");

    const suspended = await createMember(db(), { name: "Suspensa" });
    const token = (await createAccessToken(db(), suspended, { name: "s", scopes: ["write"] })).token;
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "spam repetido" })
      .where(eq(users.id, suspended.id));
    const refused = expectError(
      await api("POST", `/questions/${question}/answers`, {
        token,
        body: { body: "Uma resposta qualquer aqui, com texto o bastante para responder." },
      }),
      403,
      "forbidden",
    );
    expect(refused.message).toContain("suspensa");
    // Reading still works.
    expect((await api("GET", `/questions/${question}`, { token })).status).toBe(200);

    // Voting down needs reputation (moderation rules): the feature's Portuguese message comes through.
    const down = expectError(
      await api("PUT", `/questions/${question}/vote`, { token: otherWriteToken, body: { value: -1 } }),
      403,
      "forbidden",
    );
    expect(down.message).toMatch(/reputação/);
  });

  test("404 for unknown addresses and rows, 405 for a known address with another method", async () => {
    expectError(await api("GET", "/nada"), 404, "not_found");
    expectError(await api("GET", "/questions/999999"), 404, "not_found");
    expectError(
      await api("POST", "/questions/999999/answers", {
        token: writeToken,
        body: { body: "Resposta a nada, com texto o bastante para responder." },
      }),
      404,
      "not_found",
    );
    const method = await api("DELETE", "/questions", { token: writeToken });
    expectError(method, 405, "method_not_allowed");
    expect(method.headers.get("allow")).toContain("POST");
  });

  test("409 when a closed question is answered", async () => {
    const closed = await askAs(author, { title: "Uma pergunta que será fechada pela moderação" });
    await db()
      .update(questions)
      .set({ closedAt: new Date(), closeReason: "off_topic" })
      .where(eq(questions.id, closed));
    const read = s.questionSchema.parse((await api("GET", `/questions/${closed}`)).json);
    expect(read.state).toEqual({
      closed: true,
      close_reason: "off_topic",
      duplicate_of_id: null,
      locked: false,
    });
    const refused = await api("POST", `/questions/${closed}/answers`, {
      token: otherWriteToken,
      body: { body: "Uma resposta que não deve entrar." },
    });
    expectError(refused, 409, "conflict");
    expect(refused.note.changes).toEqual({ topics: [`question:${closed}`] });
    const list = s
      .pageOf(s.questionSummarySchema, "Q")
      .parse((await api("GET", "/questions?status=closed")).json);
    expect(list.items.map((q) => q.id)).toEqual([closed]);
  });

  test("413 for a body past the API's ceiling, 415 for a body that is not JSON", async () => {
    const big = await api("POST", `/questions/${question}/answers`, {
      token: writeToken,
      body: { body: "x".repeat(600 * 1024) },
    });
    expectError(big, 413, "payload_too_large");
    const text = await api("POST", `/questions/${question}/answers`, {
      token: writeToken,
      raw: "body=oi",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expectError(text, 415, "unsupported_media_type");
  });

  test("422 with the field for invalid input, from the schema and from the feature", async () => {
    const short = await api("POST", "/questions", {
      token: writeToken,
      body: { title: "curto", description: "x", details: "y", tags: ["a"] },
    });
    expect(expectError(short, 422, "validation").field).toBe("title");
    const thin = await api("POST", "/questions", {
      token: writeToken,
      body: {
        title: "Um título com tamanho suficiente",
        description: "**curto**",
        details: "y".repeat(30),
        tags: ["a"],
      },
    });
    expect(expectError(thin, 422, "validation").field).toBe("description");
    expectError(await api("GET", "/questions?limit=500"), 422, "validation");
    expectError(await api("GET", "/questions/abc"), 422, "validation");
    const broken = await api("POST", `/questions/${question}/answers`, {
      token: writeToken,
      raw: "{não é json",
      headers: { "Content-Type": "application/json" },
    });
    expectError(broken, 422, "validation");
    const nul = await api("POST", `/questions/${question}/comments`, {
      token: writeToken,
      body: { body: "um comentário com \u0000 nulo no meio" },
    });
    expectError(nul, 422, "validation");
  });

  test("the security review's inputs are 4xx, never a 500 or a stalled thread", async () => {
    // Markdown that costs `marked` quadratic time: refused on its field within the budget, off the request thread.
    const started = Date.now();
    const slow = await api("POST", "/questions", {
      token: writeToken,
      body: {
        title: "Um título com tamanho suficiente",
        description: "_a".repeat(50_000),
        details: "detalhes ".repeat(10),
        tags: ["a"],
      },
    });
    expect(expectError(slow, 422, "validation").field).toBe("description");
    expect(Date.now() - started).toBeLessThan(3_000);
    // Made-up cursors: keys that PostgreSQL cannot cast.
    const forged = (key: string[]) =>
      Buffer.from(JSON.stringify({ list: "questions:new", key, id: 5 })).toString("base64url");
    for (const key of [["x"], ["99999999999"], ["2026-02-30 10:00:00+00"], ["2026-11-27 25:00:00+00"]]) {
      const reply = await api("GET", `/questions?sort=new&cursor=${forged(key)}`);
      expect(expectError(reply, 422, "validation").field).toBe("cursor");
    }
    // A NUL in the address or the query.
    expectError(await api("GET", "/tags?filter=%00"), 422, "validation");
    expectError(await api("GET", "/members/%00"), 422, "validation");
    expectError(await api("GET", "/search?q=a%00"), 422, "validation");
    // A body nested deeper than any real one.
    const deep = await api("POST", `/questions/${question}/comments`, {
      token: writeToken,
      raw: "[".repeat(100_000) + "]".repeat(100_000),
      headers: { "Content-Type": "application/json" },
    });
    expectError(deep, 422, "validation");
  });

  test("an IPv6 client's whole /64 shares one address limit", async () => {
    const rule = API_RATE_LIMITS.perAddress;
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    await db()
      .insert(rateLimits)
      .values({ key: `${rule.name}:${clientAddressKey("2001:db8:1:2::1")}`, windowStart, count: rule.limit });
    expectError(await api("GET", "/questions", { ip: "2001:db8:1:2::abcd" }), 429, "rate_limited");
    expect((await api("GET", "/questions", { ip: "2001:db8:1:3::1" })).status).toBe(200);
  });

  test("429 with Retry-After past the limit of a token or of an address", async () => {
    const { token, summary } = await createAccessToken(db(), other, { name: "muito", scopes: ["read"] });
    const rule = API_RATE_LIMITS.perToken;
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    await db()
      .insert(rateLimits)
      .values({ key: `${rule.name}:${summary.id}`, windowStart, count: rule.limit });
    const limited = await api("GET", "/questions", { token });
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const address = API_RATE_LIMITS.perAddress;
    await db()
      .insert(rateLimits)
      .values({ key: `${address.name}:198.51.100.9`, windowStart, count: address.limit });
    expectError(await api("GET", "/questions", { ip: "198.51.100.9" }), 429, "rate_limited");
    expect((await api("GET", "/questions", { ip: "198.51.100.10" })).status).toBe(200);
  });

  test("a comment too short is the feature's message on its field; nothing changes for visitors", async () => {
    const reply = await api("POST", `/questions/${question}/comments`, {
      token: writeToken,
      body: { body: "curto" },
    });
    expect(expectError(reply, 422, "validation").field).toBe("body");
    const count = await db().select({ id: comments.id }).from(comments).where(eq(comments.body, "curto"));
    expect(count).toHaveLength(0);
  });
});
