// The kept member pages in front of a tiny app: the standing is read before the request waits in line and again
// once the page is rendered, and a render is kept only if they agree; a page that cannot be cut is left to the
// app for a while instead of being rendered twice on every request.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { standInIdentity, type PageIdentity } from "#app/lib/member-page-template.server.ts";
import type { MemberPageStanding } from "#app/member-pages.server.ts";
import { memberPageTemplates, type MemberPageMiss } from "./member-page-templates.ts";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const lia: PageIdentity = {
  id: 7,
  handle: "lia",
  name: "Lia Souza",
  email: "lia@example.com",
  avatarUrl: null,
  now: "2026-12-01T12:00:00.000Z",
};

/** A page as the app renders it: the viewer's name in the header, `marks` in the body. */
const page = (who: PageIdentity, nonce: string, marks: string) =>
  `<html><script nonce="${nonce}"></script><header>${who.name}</header><main>${marks}</main></html>`;

/**
 * The middleware before an app that renders `page`, with the member's marks as `state.marks` says at the moment
 * of the render (the standing reads them too), or, with `state.derived`, a piece of the name the cut cannot know.
 */
async function serve() {
  const state: {
    marks: string;
    derived: boolean;
    renders: number;
    beforeRender?: () => void;
    declineWithRenewal?: boolean;
    /** How long a render takes: requests of the same standing arrive meanwhile. */
    renderMs?: number;
  } = {
    marks: "sem voto",
    derived: false,
    renders: 0,
  };
  const templates = memberPageTemplates({
    standing: async (): Promise<{ standing: MemberPageStanding | null; setCookie?: string }> =>
      state.declineWithRenewal
        ? { standing: null, setCookie: "sdd_session=renovado; Path=/" }
        : {
            standing: {
              key: `/questions/1 ${state.marks}`,
              identity: lia,
              standIn: standInIdentity(false),
              pattern: "/questions/:id",
              served: () => {},
            },
          },
  });
  let nonces = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}`;
    next();
  });
  app.use(templates.middleware);
  app.get("/questions/1", async (_req, res) => {
    // Between the standing's read and the render (the request waited in line), the member may write.
    state.beforeRender?.();
    state.beforeRender = undefined;
    if (state.renderMs) await new Promise((resolve) => setTimeout(resolve, state.renderMs));
    const miss = res.locals.memberPage as MemberPageMiss | undefined;
    const nonce = String(res.locals.cspNonce);
    if (miss) {
      state.renders++;
      const shown = state.derived ? `${miss.standIn.name.split(" ")[1]}` : state.marks;
      const rendered = new Response(page(miss.standIn, nonce, shown), {
        headers: { "content-type": "text/html" },
      });
      if (await miss.answer(rendered)) return;
    }
    state.renders++;
    res.type("html").send(page(lia, nonce, state.marks));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async () => {
    const res = await fetch(`${origin}/questions/1`, { headers: { cookie: "sdd_session=abc" } });
    return {
      state: res.headers.get("x-member-page"),
      body: await res.text(),
      cookie: res.headers.get("set-cookie"),
    };
  };
  return { get, state };
}

describe("memberPageTemplates", () => {
  it("answers the next member of the standing from the kept render, with their name and this nonce", async () => {
    const { get, state } = await serve();
    expect(await get()).toMatchObject({ state: "miss", body: page(lia, "nonce1", "sem voto") });
    expect(await get()).toMatchObject({ state: "hit", body: page(lia, "nonce2", "sem voto") });
    expect(state.renders).toBe(1);
  });

  it("keeps no render made after the standing changed: the member's write must not reach the others", async () => {
    const { get, state } = await serve();
    // The key says "sem voto"; the member votes while the request waits; the render shows the vote.
    state.beforeRender = () => (state.marks = "votou");
    expect(await get()).toMatchObject({ state: "miss", body: page(lia, "nonce1", "votou") });
    // Kept under neither key: the next request with the old standing is rendered again, not shown the vote.
    state.marks = "sem voto";
    expect(await get()).toMatchObject({ state: "miss", body: page(lia, "nonce2", "sem voto") });
  });

  it("renders a standing once for the members who ask for it at the same time", async () => {
    const { get, state } = await serve();
    state.renderMs = 200;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get()));
    expect(state.renders).toBe(1);
    expect(answers.map((answer) => answer.state).sort()).toEqual(["hit", "hit", "hit", "hit", "miss"]);
    // Each with its own nonce: filled per response, not copied.
    const nonces = answers.map((answer) => /nonce="(nonce\d+)"/.exec(answer.body)?.[1]);
    expect(new Set(nonces).size).toBe(5);
    for (const [index, answer] of answers.entries()) {
      expect(answer.body).toBe(page(lia, nonces[index]!, "sem voto"));
    }
  });

  it("lets the app answer the members who waited for a render that could not be kept", async () => {
    const { get, state } = await serve();
    state.renderMs = 200;
    // The member votes while the first render is under way: it is not kept, and the others, who asked with the
    // standing before the vote, are not shown a copy of it; the app answers each of them.
    state.beforeRender = () => setTimeout(() => (state.marks = "votou"), 100);
    const answers = await Promise.all(Array.from({ length: 3 }, () => get()));
    expect(answers.map((answer) => answer.state ?? "app").sort()).toEqual(["app", "app", "miss"]);
    expect(state.renders).toBe(3);
    for (const answer of answers) expect(answer.body).toContain("<main>votou</main>");
  });

  it("leaves a page it cannot cut to the app for a while, rendered once per request", async () => {
    const { get, state } = await serve();
    state.derived = true;
    expect(await get()).toMatchObject({ state: null, body: page(lia, "nonce1", "sem voto") });
    expect(state.renders).toBe(2);
    expect(await get()).toMatchObject({ state: null, body: page(lia, "nonce2", "sem voto") });
    expect(state.renders).toBe(3);
  });

  it("passes on a session cookie renewed while reading the standing, when the app answers", async () => {
    const { get, state } = await serve();
    state.declineWithRenewal = true;
    expect(await get()).toMatchObject({ state: null, cookie: "sdd_session=renovado; Path=/" });
  });
});
