// The REST API carries what answers were tested on: `versions` and `outdated_since` on every answer, versions
// when answering, the "newest-version" order, and a refused version in the one error shape.
import { beforeAll, describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { createAccessToken } from "#app/features/accounts/access-tokens.server.ts";
import * as s from "#app/features/api/schemas.ts";
import { markOutdated } from "#app/features/questions/answer-versions.server.ts";
import { askAs } from "#tests/support/questions.ts";
import { clientIpContext, visitorPageContext, type VisitorPageNote } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { dispatch } from "./dispatch.server.ts";
import { handlers } from "./handlers.server.ts";

const db = setupTestDatabase();

async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers = new Headers();
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const context = new RouterContextProvider();
  context.set(clientIpContext, "192.0.2.21");
  const note: VisitorPageNote = { cacheable: false, effects: [] };
  context.set(visitorPageContext, note);
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v1${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
    context,
    handlers,
  );
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

let answerer: Viewer;
let token: string;
let question: number;
beforeAll(async () => {
  const asker = await createMember(db(), { name: "Quem pergunta" });
  answerer = await createMember(db(), { name: "Quem responde" });
  token = (await createAccessToken(db(), answerer, { name: "escrita", scopes: ["write"] })).token;
  question = await askAs(asker, {
    tags: ["node", "react"],
    title: "Como ler versões das respostas pela API?",
  });
});

describe("versions in the API", () => {
  test("answering with versions; answers read back with versions and outdated_since, in the newest-version order", async () => {
    const old = await api("POST", `/questions/${question}/answers`, {
      token,
      body: {
        body: "Funciona no **node** antigo, sem mudar nada.",
        versions: [{ tag: "node", version: "18" }],
      },
    });
    expect(old.status, JSON.stringify(old.json)).toBe(201);
    const recent = await api("POST", `/questions/${question}/answers`, {
      token,
      body: {
        body: "Funciona no node novo, com texto o bastante para responder.",
        versions: [{ tag: "node", version: "24" }],
      },
    });
    expect(recent.status).toBe(201);
    await markOutdated(answerer, recent.json.id, { tag: "node", version: "26" });

    const read = s.questionSchema.parse((await api("GET", `/questions/${question}`)).json);
    const byId = new Map(read.answers.map((a) => [a.id, a]));
    expect(byId.get(old.json.id)?.versions).toEqual([{ tag: "node", version: "18" }]);
    expect(byId.get(old.json.id)?.outdated_since).toBeNull();
    expect(byId.get(recent.json.id)?.outdated_since).toEqual({ tag: "node", version: "26" });

    const ordered = await api("GET", `/questions/${question}/answers?order=newest-version`);
    const items = s.pageOf(s.answerSchema, "AnswerList").parse(ordered.json).items;
    expect(items.map((a) => a.id)).toEqual([old.json.id, recent.json.id]);
  });

  test("a version that is not one is refused with the site's message", async () => {
    const refused = await api("POST", `/questions/${question}/answers`, {
      token,
      body: {
        body: "Resposta com versão errada, de propósito.",
        versions: [{ tag: "node", version: "última" }],
      },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json)).toContain("números separados por ponto");
  });
});
