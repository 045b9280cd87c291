import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { rootMiddleware } from "./root-middleware.server.ts";
import { visitorPageContext, type VisitorPageNote } from "./lib/context.ts";
import { topic, writeChanges } from "./lib/visitor-page-topics.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { createSession } from "./features/accounts/sessions.server.ts";

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
});
