import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { users } from "#db/schema.ts";
import { describe, expect, test } from "vitest";
import { rootMiddleware } from "./root-middleware.server.ts";
import { viewerContext, visitorPageContext, type VisitorPageNote } from "./lib/context.ts";
import { topic, writeChanges } from "./lib/visitor-page-topics.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { createSession } from "./features/accounts/sessions.server.ts";
import { sharedListPages } from "./lib/short-cache.server.ts";

const db = setupTestDatabase();

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/entrar", {
    method: "POST",
    headers: { host: "localhost:3000", ...headers },
  });

describe("the root middleware", () => {
  const middleware = rootMiddleware[0]!;
  const run = (request: Request) =>
    middleware(
      { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "" } as never,
      async () => new Response("ok"),
    );

  test("answers a cross-site POST with 403 before any action runs", async () => {
    const cases: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://malicioso.example" },
    ];
    for (const headers of cases) {
      // The thrown `data(…, { status: 403 })` becomes the response.
      await expect(Promise.resolve(run(post(headers)))).rejects.toMatchObject({
        init: { status: 403 },
        data: { error: expect.stringMatching(/^Pedido recusado/) },
      });
    }
  });

  test("under /api/v1 reads no cookie and lets bearer writes from scripts through (ADR 036)", async () => {
    const member = await createMember(db());
    const cookie = `sdd_session=${await createSession(db(), member.id, null)}`;
    const context = new RouterContextProvider();
    let seen: unknown = "not run";
    const request = new Request("http://localhost:3000/api/v1/questions", {
      method: "POST",
      headers: {
        host: "localhost:3000",
        cookie,
        origin: "https://outro.example",
        authorization: "Bearer sdd_x",
        "content-type": "application/json",
      },
      body: "{}",
    });
    const response = await middleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => {
        seen = context.get(viewerContext);
        return new Response("ok");
      },
    );
    expect((response as Response).status).toBe(200);
    expect(seen).toBeNull();
    expect((response as Response).headers.get("set-cookie")).toBeNull();
  });

  test("lets same-origin writes through", async () => {
    const response = await run(post({ "sec-fetch-site": "same-origin" }));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(200);
  });

  test("says what a write changed for visitors' cached pages: a member's everything unless the action says less, a refusal nothing", async () => {
    const member = await createMember(db());
    const cookie = `sdd_session=${await createSession(db(), member.id, null)}`;
    const changesAfter = async (
      request: Request,
      action: (context: RouterContextProvider) => Response = () => new Response("ok"),
    ) => {
      const context = new RouterContextProvider();
      // What the HTTP server would apply when the action has run: it must already be the final answer.
      const applied: unknown[] = [];
      const note: VisitorPageNote = {
        cacheable: false,
        effects: [],
        settled: () => applied.push(note.changes),
      };
      context.set(visitorPageContext, note);
      await middleware({ request, context, params: {}, unstable_pattern: "" } as never, async () =>
        action(context),
      );
      const write = !["GET", "OPTIONS"].includes(request.method);
      expect(applied).toEqual(write ? [note.changes] : []);
      return note.changes;
    };
    const asMember = (method = "POST") =>
      new Request("http://localhost:3000/questions/1", {
        method,
        headers: { host: "localhost:3000", "sec-fetch-site": "same-origin", cookie },
      });
    expect(await changesAfter(asMember())).toBe("everything");
    expect(
      await changesAfter(asMember(), (context) => {
        writeChanges(context, topic.question(1));
        return new Response("ok");
      }),
    ).toEqual({ topics: ["question:1"] });
    for (const status of [400, 403, 404, 429]) {
      expect(await changesAfter(asMember(), () => new Response("recusado", { status }))).toBe("nothing");
    }
    // A failure after a commit may have changed anything.
    expect(await changesAfter(asMember(), () => new Response("erro", { status: 500 }))).toBe("everything");
    expect(await changesAfter(asMember("OPTIONS"))).toBeUndefined();
    expect(await changesAfter(asMember("GET"))).toBeUndefined();
    // Anonymous writes change nothing unless they say so (a sign-up).
    expect(await changesAfter(post({ "sec-fetch-site": "same-origin" }))).toBeUndefined();
  });

  test("a member whose write changed something reads the shared lists fresh; a refused write leaves them shared", async () => {
    const [writer, refused] = [await createMember(db()), await createMember(db())];
    const lists = sharedListPages<number>();
    let version = 0;
    const read = async () => ++version;
    for (const member of [writer, refused]) expect(await lists.get(member, "page", read)).toBe(1);
    const write = async (member: typeof writer, status: number) => {
      const cookie = `sdd_session=${await createSession(db(), member.id, null)}`;
      const request = new Request("http://localhost:3000/questions/1", {
        method: "POST",
        headers: { host: "localhost:3000", "sec-fetch-site": "same-origin", cookie },
      });
      const context = new RouterContextProvider();
      context.set(visitorPageContext, { cacheable: false, effects: [] });
      await middleware(
        { request, context, params: {}, unstable_pattern: "" } as never,
        async () => new Response("", { status }),
      );
    };
    await write(refused, 429);
    expect(await lists.get(refused, "page", read)).toBe(1);
    await write(writer, 200);
    expect(await lists.get(writer, "page", read)).toBe(2);
  });
});

describe("a suspended member's writes", () => {
  const middleware = rootMiddleware[0]!;
  const DAY = 24 * 60 * 60 * 1000;

  async function suspendedMember(until: Date) {
    const member = await createMember(db());
    await db()
      .update(users)
      .set({ suspendedUntil: until, suspensionReason: "Ofensas a outros membros." })
      .where(eq(users.id, member.id));
    return `sdd_session=${await createSession(db(), member.id, null)}`;
  }

  /** What the middleware answers, and whether the action ran. */
  async function attempt(cookie: string, method: string, path: string, fields: Record<string, string> = {}) {
    let ran = false;
    const request = new Request(`http://localhost:3000${path}`, {
      method,
      headers: {
        host: "localhost:3000",
        "sec-fetch-site": "same-origin",
        cookie,
        ...(method === "GET" ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      },
      ...(method === "GET" ? {} : { body: new URLSearchParams(fields) }),
    });
    try {
      await middleware(
        { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "" } as never,
        async () => {
          ran = true;
          return new Response("ok");
        },
      );
      return { ran, refusal: null };
    } catch (thrown) {
      return { ran, refusal: thrown as { init: { status: number }; data: unknown } };
    }
  }

  test("every write that others would read is refused with 403 and the reason before the action runs", async () => {
    const cookie = await suspendedMember(new Date(Date.now() + 3 * DAY));
    const writes: Array<[string, Record<string, string>]> = [
      [
        "/questions/1",
        { intent: "answer", body: "<p>Resposta (com texto o bastante para uma resposta)</p>" },
      ],
      ["/questions/1", { intent: "vote", kind: "question", id: "1", value: "1" }],
      ["/questions/1", { intent: "comment", kind: "question", id: "1", body: "Comentário." }],
      [
        "/questions/1.data",
        { intent: "answer", body: "<p>Resposta (com texto o bastante para uma resposta)</p>" },
      ],
      ["/ask-a-question", { title: "Uma pergunta" }],
      ["/write-a-post", { title: "Um post" }],
      ["/blog/um-post", { intent: "comment", body: "Oi" }],
      ["/configuracoes", { intent: "profile", name: "Outro nome" }],
      ["/configuracoes", { intent: "avatar" }],
      ["/configuracoes", { intent: "create-access-token", name: "script", access: "read" }],
      ["/u/alguem", { intent: "role", role: "admin" }],
    ];
    for (const [path, fields] of writes) {
      const { ran, refusal } = await attempt(cookie, "POST", path, fields);
      expect(ran, `${path} ${fields.intent ?? ""}`).toBe(false);
      expect(refusal?.init.status).toBe(403);
      expect(refusal?.data).toMatch(
        /^Sua conta está suspensa até \d\d\/\d\d\/\d{4}, \d\d:\d\d: Ofensas a outros membros\.$/,
      );
    }
    // The API answers its usual JSON shape.
    for (const path of ["/api/follows", "/api/post-like", "/api/tag-follows", "/api/uploads"]) {
      const { ran, refusal } = await attempt(cookie, "POST", path, { intent: "follow", userId: "1" });
      expect(ran).toBe(false);
      expect(refusal).toMatchObject({
        init: { status: 403 },
        data: { ok: false, message: expect.stringMatching(/^Sua conta está suspensa/) },
      });
    }
  });

  test("reading, signing out, the account's safety and privacy, and blocking stay open", async () => {
    const cookie = await suspendedMember(new Date(Date.now() + 3 * DAY));
    expect((await attempt(cookie, "GET", "/questions/1")).ran).toBe(true);
    const open: Array<[string, Record<string, string>]> = [
      ["/sair", {}],
      ["/entrar", { email: "outra@exemplo.com.br", password: "x" }],
      ["/confirmar-email/abc", {}],
      ["/configuracoes", { intent: "password" }],
      ["/configuracoes", { intent: "sessions" }],
      ["/configuracoes", { intent: "delete" }],
      ["/configuracoes", { intent: "notifications" }],
      ["/configuracoes", { intent: "unblock-member", userId: "1" }],
      ["/configuracoes", { intent: "revoke-access-token", tokenId: "1" }],
      ["/u/alguem", { intent: "block" }],
      ["/u/alguem", { intent: "unblock" }],
    ];
    for (const [path, fields] of open) {
      const { ran, refusal } = await attempt(cookie, "POST", path, fields);
      expect(refusal, `${path} ${fields.intent ?? ""}`).toBeNull();
      expect(ran).toBe(true);
    }
  });

  test("a suspension that ended refuses nothing (no job lifts it)", async () => {
    const cookie = await suspendedMember(new Date(Date.now() - 1000));
    const { ran, refusal } = await attempt(cookie, "POST", "/questions/1", { intent: "answer" });
    expect(refusal).toBeNull();
    expect(ran).toBe(true);
  });
});
