// The REST API v1 over real HTTP (ADR 036), on a production server of its own on PostgreSQL (so the test can
// hand two members their tokens, as Configurações → Tokens de acesso would):
// - the published OpenAPI document is well-formed 3.1, and every operation it lists answers as it documents
//   (status and body parsed with the same Zod schemas the document was generated from, refusals included);
// - a script that knows only the document's address asks, answers and reads back with a token.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { errorSchema } from "#app/features/api/schemas.ts";
import { operations, type OperationId } from "#app/features/api/operations.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import { runOnServer, withDatabase } from "../support/postgres-databases.ts";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const database = `sdd_api_e2e_${process.pid}`;
let server: SpawnedServer;

test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL) to hand out tokens");

type Json = Record<string, unknown>;
type Member = { id: number; handle: string; token: string };

/** A member with a token of the given scopes, written as the settings page would write them. */
async function memberWithToken(name: string, scopes: string[], reputation = 1): Promise<Member> {
  const client = new pg.Client({ connectionString: withDatabase(adminUrl!, database) });
  await client.connect();
  try {
    const suffix = randomBytes(4).toString("hex");
    const handle = `${name.toLowerCase()}-${suffix}`;
    const { rows } = await client.query<{ id: number }>(
      `insert into users (name, handle, email, email_verified_at, reputation) values ($1, $2, $3, now(), $4) returning id`,
      [name, handle, `${handle}@exemplo.com.br`, reputation],
    );
    const id = rows[0]!.id;
    const token = `sdd_${randomBytes(32).toString("base64url")}`;
    await client.query(
      `insert into access_tokens (user_id, name, token_hash, prefix, scopes) values ($1, 'script', $2, $3, $4)`,
      [id, hashToken(token), token.slice(0, 10), scopes],
    );
    return { id, handle, token };
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await runOnServer(adminUrl!, `drop database if exists ${database} with (force)`);
  await runOnServer(adminUrl!, `create database ${database}`);
  server = await startHealthyServer({ DATABASE_URL: withDatabase(adminUrl!, database), SEED_DEMO: "true" });
});
test.afterAll(async () => {
  await server?.stop();
  if (adminUrl) await runOnServer(adminUrl, `drop database if exists ${database} with (force)`);
});

async function call(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as unknown) : null,
  };
}

/** Every `$ref` in the document, and where it points. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, found));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") found.push(v);
      else refsOf(v, found);
    }
  }
  return found;
}

function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Json)[part] : undefined),
      document,
    );
}

test("the OpenAPI document is well-formed, and every operation in it answers as documented", async () => {
  test.setTimeout(120_000);
  const fetched = await call("GET", `${server.origin}/api/v1/openapi.json`);
  expect(fetched.status).toBe(200);
  const document = fetched.json as Json & {
    paths: Record<string, Record<string, Json>>;
    servers: { url: string }[];
    tags: { name: string }[];
  };

  // Well-formed OpenAPI 3.1.
  expect(document.openapi).toBe("3.1.0");
  expect((document.info as Json).title).toBeTruthy();
  expect(document.servers[0]?.url).toBe(`${server.origin}/api/v1`);
  for (const ref of refsOf(document)) expect(pointer(document, ref), ref).toBeDefined();
  const tagNames = new Set(document.tags.map((t) => t.name));
  const ids = new Set<string>();
  const documented: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      expect(["get", "post", "put", "delete"]).toContain(method);
      const id = String(operation.operationId);
      expect(id, `${method} ${path}`).toMatch(/^[a-zA-Z]+$/);
      expect(ids.has(id), `duplicate operationId ${id}`).toBe(false);
      ids.add(id);
      documented.push(id);
      expect(String(operation.summary).length).toBeGreaterThan(5);
      expect(tagNames.has(String((operation.tags as string[])[0]))).toBe(true);
      const responses = operation.responses as Record<string, Json>;
      expect(Object.keys(responses).some((s) => s.startsWith("2"))).toBe(true);
      for (const [status, response] of Object.entries(responses)) {
        expect(String(response.description).length, `${id} ${status}`).toBeGreaterThan(0);
      }
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = ((operation.parameters as Json[] | undefined) ?? []).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort()).toEqual([...pathParams].sort());
      for (const p of declared) expect(p.required).toBe(true);
    }
  }
  expect(documented.sort()).toEqual(Object.keys(operations).sort());

  // Every operation, over HTTP, as documented: a plan per operationId (the test fails when one is missing).
  const base = document.servers[0]!.url;
  // The asker votes an answer down (125 points), the helper votes up (15): PRIVILEGES in moderation/rules.ts.
  const asker = await memberWithToken("Asker", ["read", "write"], 150);
  const helper = await memberWithToken("Helper", ["read", "write"], 15);
  const reader = await memberWithToken("Reader", ["read"]);
  const state: { question?: number; answer?: number; slug?: string } = {};
  type Step = {
    token?: string;
    path: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  const text = "Um texto com **Markdown** e `código` suficiente para passar das regras do site.";
  const plan: Record<OperationId, () => Step> = {
    createQuestion: () => ({
      token: asker.token,
      path: {},
      body: {
        title: "Como testar cada operação da API?",
        description: text,
        details: text,
        tags: ["api-rest"],
      },
    }),
    createAnswer: () => ({ token: helper.token, path: { id: String(state.question) }, body: { body: text } }),
    getOpenApiDocument: () => ({ path: {} }),
    listQuestions: () => ({ path: {}, query: { sort: "top", limit: "5" } }),
    getQuestion: () => ({ token: reader.token, path: { id: String(state.question) } }),
    listAnswers: () => ({ path: { id: String(state.question) }, query: { order: "newest" } }),
    commentOnQuestion: () => ({
      token: helper.token,
      path: { id: String(state.question) },
      body: { body: text },
    }),
    commentOnAnswer: () => ({ token: asker.token, path: { id: String(state.answer) }, body: { body: text } }),
    voteOnQuestion: () => ({ token: helper.token, path: { id: String(state.question) }, body: { value: 1 } }),
    voteOnAnswer: () => ({ token: asker.token, path: { id: String(state.answer) }, body: { value: -1 } }),
    acceptAnswer: () => ({ token: asker.token, path: { id: String(state.answer) } }),
    unacceptAnswer: () => ({ token: asker.token, path: { id: String(state.answer) } }),
    favoriteQuestion: () => ({ token: helper.token, path: { id: String(state.question) } }),
    unfavoriteQuestion: () => ({ token: helper.token, path: { id: String(state.question) } }),
    createPost: () => ({
      token: asker.token,
      path: {},
      body: { title: "Um post pela API", category: "desenvolvimento", body: `${text} ${text}` },
    }),
    listPosts: () => ({ path: {}, query: { limit: "2" } }),
    getPost: () => ({ path: { slug: state.slug! } }),
    getMember: () => ({ path: { handle: asker.handle } }),
    getTokenOwner: () => ({ token: reader.token, path: {} }),
    listTags: () => ({ path: {}, query: { sort: "name", limit: "3" } }),
    getTag: () => ({ path: { slug: "api-rest" } }),
    search: () => ({ path: {}, query: { q: "javascript", type: "questions", limit: "3" } }),
    findErrorMatches: () => ({
      path: {},
      query: { text: "TypeError: Cannot read properties of undefined (reading 'map')", limit: "3" },
    }),
  };
  const order = Object.keys(plan) as OperationId[];
  const byId = new Map<string, { path: string; method: string; operation: Json }>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item))
      byId.set(String(operation.operationId), { path, method, operation });
  }
  for (const operationId of order) {
    const { path, method, operation } = byId.get(operationId)!;
    const step = plan[operationId]();
    const url = new URL(
      `${base}${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(step.path[name]!))}`,
    );
    for (const [name, value] of Object.entries(step.query ?? {})) url.searchParams.set(name, value);
    const reply = await call(method.toUpperCase(), url.toString(), { token: step.token, body: step.body });
    const responses = operation.responses as Record<string, Json>;
    expect(
      Object.keys(responses),
      `${operationId} answered ${reply.status}: ${JSON.stringify(reply.json)}`,
    ).toContain(String(reply.status));
    const declared = operations[operationId].success;
    expect(reply.status, `${operationId}: ${JSON.stringify(reply.json)}`).toBe(declared.status);
    expect(reply.headers.get("content-type")).toContain("application/json");
    const parsed = declared.schema.safeParse(reply.json);
    expect(parsed.success, `${operationId}: ${JSON.stringify(parsed.error?.issues?.slice(0, 3))}`).toBe(true);
    if (method === "get") {
      expect(reply.headers.get("etag"), operationId).toBeTruthy();
      const again = await call("GET", url.toString(), {
        token: step.token,
        headers: { "If-None-Match": reply.headers.get("etag")! },
      });
      expect(again.status, operationId).toBe(304);
    }
    const body = reply.json as Json;
    if (operationId === "createQuestion") state.question = Number(body.id);
    if (operationId === "createAnswer") state.answer = Number(body.id);
    if (operationId === "createPost") state.slug = String(body.slug);

    // And a refusal of each kind the operation documents and a script can cause from outside.
    const refusals: [number, string, Parameters<typeof call>[2]][] = [];
    if (operations[operationId].access !== "public")
      refusals.push([401, "unauthenticated", { body: step.body }]);
    if (operations[operationId].access === "write") {
      refusals.push([403, "insufficient_scope", { token: reader.token, body: step.body }]);
    }
    for (const [status, code, options] of refusals) {
      const refused = await call(method.toUpperCase(), url.toString(), options);
      expect(Object.keys(responses), `${operationId} ${status}`).toContain(String(refused.status));
      expect(refused.status, `${operationId}`).toBe(status);
      expect(errorSchema.parse(refused.json).error.code).toBe(code);
    }
    if (path.includes("{id}")) {
      const missing = await call(
        method.toUpperCase(),
        url.toString().replace(/\/(\d+)(?=\/|\?|$)/, "/2000000000"),
        {
          token: step.token,
          body: step.body,
        },
      );
      expect(Object.keys(responses), `${operationId} 404`).toContain(String(missing.status));
      expect(missing.status, `${operationId}: ${JSON.stringify(missing.json)}`).toBe(404);
      errorSchema.parse(missing.json);
    }
  }

  // Outside the table: the same error shape.
  const unknown = await call("GET", `${base}/nada-aqui`);
  expect(unknown.status).toBe(404);
  expect(errorSchema.parse(unknown.json).error.code).toBe("not_found");
  const preflight = await fetch(`${base}/questions`, {
    method: "OPTIONS",
    headers: { Origin: "https://outro.exemplo", "Access-Control-Request-Method": "GET" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
});

test("a script asks, answers and reads back with tokens, knowing only where the document is", async () => {
  const asker = await memberWithToken("Script", ["read", "write"]);
  const helper = await memberWithToken("Ajuda", ["read", "write"]);
  const document = (await (await fetch(`${server.origin}/api/v1/openapi.json`)).json()) as {
    servers: { url: string }[];
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const base = document.servers[0]!.url;
  const find = (operationId: string) => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.operationId === operationId) return { method: method.toUpperCase(), path };
      }
    }
    throw new Error(`no operation ${operationId}`);
  };
  const run = async (operationId: string, params: Record<string, string>, token?: string, body?: unknown) => {
    const { method, path } = find(operationId);
    const url = `${base}${path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!)}`;
    return call(method, url, { token, body });
  };

  const asked = await run("createQuestion", {}, asker.token, {
    title: "Como um script pergunta pela API?",
    description: "Quero fazer uma pergunta **só** com o documento OpenAPI e um token.",
    details: "Tentei ler o documento e esperava receber o número da pergunta criada.",
    tags: ["api-rest"],
  });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  const questionId = String((asked.json as { id: number }).id);

  const answered = await run("createAnswer", { id: questionId }, helper.token, {
    body: "Basta seguir o `operationId` no documento e enviar `Authorization: Bearer`.",
  });
  expect(answered.status, JSON.stringify(answered.json)).toBe(201);

  const read = await run("getQuestion", { id: questionId });
  expect(read.status).toBe(200);
  const question = read.json as {
    title: string;
    answers: { body_html: string; author: { handle: string } }[];
  };
  expect(question.title).toBe("Como um script pergunta pela API?");
  expect(question.answers).toHaveLength(1);
  expect(question.answers[0]?.body_html).toContain("<code>operationId</code>");
  expect(question.answers[0]?.author.handle).toBe(helper.handle);

  // The site's own page shows it too (same data, same sanitiser).
  const page = await fetch(`${server.origin}/questions/${questionId}`);
  expect(await page.text()).toContain("Basta seguir o");
});
