import { createStaticHandler, createStaticRouter, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { rememberRouteMatches } from "./route-matches.server.ts";

/** A site shaped like ours: a root, a pathless layout and many sections below it. */
function siteRoutes(): RouteObject[] {
  const sections = ["blog", "blog/:slug", "questions", "questions/:id", "questions/:id/editar", "tags"];
  return [
    {
      id: "root",
      path: "/",
      loader: () => null,
      children: [
        {
          id: "layout",
          children: [
            { id: "home", index: true },
            ...sections.map((path) => ({ id: path, path, loader: () => null })),
            { id: "not-found", path: "*" },
          ],
        },
      ],
    },
  ];
}

async function pageContext(path: string) {
  const handler = createStaticHandler(siteRoutes());
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return context;
}

const ids = (matches: unknown) =>
  (matches as Array<{ route: { id: string } }> | null)?.map((m) => m.route.id);

describe("rememberRouteMatches", () => {
  it("finds React Router's matcher where its static router reads it", async () => {
    // If a release moves it, pages still render, only route discovery goes back to matching every time.
    const context = await pageContext("/questions/1");
    expect(typeof (context as unknown as { _match?: unknown })._match).toBe("function");
  });

  it("answers route discovery's paths as the matcher does, asking the matcher once per path", async () => {
    const context = await pageContext("/questions/1");
    const original = (context as unknown as { _match: (p: unknown) => unknown })._match;
    const asked: unknown[] = [];
    (context as unknown as { _match: (p: unknown) => unknown })._match = (path) => {
      asked.push(path);
      return original(path);
    };
    rememberRouteMatches(context);
    const router = createStaticRouter([], context);

    expect(ids(router.match("/"))).toEqual(["root", "layout", "home"]);
    expect(ids(router.match("/questions"))).toEqual(["root", "layout", "questions"]);
    expect(ids(router.match("/nada/aqui"))).toEqual(["root", "layout", "not-found"]);
    for (const path of ["/", "/questions", "/nada/aqui"]) router.match(path);
    expect(asked).toEqual(["/", "/questions", "/nada/aqui"]);

    // A long made-up path (the catch-all matches it) is matched each time, never kept.
    const long = `/${"x".repeat(300)}`;
    expect(ids(router.match(long))).toEqual(["root", "layout", "not-found"]);
    router.match(long);
    expect(asked.filter((p) => p === long)).toHaveLength(2);

    // A location object is matched afresh, as before.
    expect(ids(router.match({ pathname: "/tags" }))).toEqual(["root", "layout", "tags"]);
    router.match({ pathname: "/tags" });
    expect(asked.filter((p) => typeof p === "object")).toHaveLength(2);
  });

  it("shares what it remembered between the pages of one handler, and never wraps twice", async () => {
    const handler = createStaticHandler(siteRoutes());
    const first = (await handler.query(new Request("http://localhost/questions/1"))) as object;
    const second = (await handler.query(new Request("http://localhost/blog/x"))) as object;
    rememberRouteMatches(first);
    rememberRouteMatches(second);
    const matcherOf = (c: object) => (c as { _match: unknown })._match;
    expect(matcherOf(first)).toBe(matcherOf(second));
    rememberRouteMatches(first);
    expect(matcherOf(first)).toBe(matcherOf(second));
  });
});
