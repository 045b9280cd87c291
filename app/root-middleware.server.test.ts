import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { rootMiddleware } from "./root-middleware.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";

setupTestDatabase();

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
});
