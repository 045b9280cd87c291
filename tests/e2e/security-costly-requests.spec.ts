// Requests that cost the site more than they should: the development pages answer 404 in production, a search
// holds a bounded number of operators, and a visitor cannot inflate a question's views by changing the
// User-Agent or a spoofed X-Forwarded-For.
import { expect, test } from "@playwright/test";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

const sameOrigin = { "Sec-Fetch-Site": "same-origin" };

test.describe("the development pages in production", () => {
  let server: SpawnedServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The same production build as the shared server, without E2E=1: what `npm start` runs.
    server = await startHealthyServer({ E2E: "", SEED_DEMO: "false", LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => server?.stop());

  for (const path of ["/test", "/test/editor"]) {
    test(`${path} answers the not-found page to GET and POST`, async () => {
      const get = await fetch(`${server.origin}${path}`);
      expect(get.status).toBe(404);
      expect(await get.text()).toContain("404 - Page not Found");

      // A large post (under the form body limit) is turned away before it is parsed or sanitised.
      const raw = "<p><b>texto</b> <i>longo</i></p>".repeat(12_000);
      const started = Date.now();
      const post = await fetch(`${server.origin}${path}`, {
        method: "POST",
        headers: sameOrigin,
        body: new URLSearchParams({ intent: "raw", raw }),
      });
      const body = await post.text();
      expect(post.status).toBe(404);
      expect(body).toContain("404 - Page not Found");
      expect(body.length).toBeLessThan(100_000);
      expect(Date.now() - started).toBeLessThan(1000);

      const data = await fetch(`${server.origin}${path}.data`, {
        method: "POST",
        headers: sameOrigin,
        body: new URLSearchParams({ intent: "raw", raw: "<p>x</p>" }),
      });
      expect(data.status).toBe(404);
    });
  }
});

test("the end-to-end server (E2E=1) still has the editor bench", async ({ request }) => {
  const page = await request.get("/test/editor");
  expect(page.status()).toBe(200);
  const post = await request.post("/test/editor", {
    headers: sameOrigin,
    form: { intent: "raw", raw: "<p>ok<script>x</script></p>" },
  });
  expect(post.status()).toBe(200);
  expect(await post.text()).not.toContain("<script>x</script>");
});

test.describe("a search made of many operators", () => {
  const manyTags = Array.from({ length: 60 }, (_, i) => `[t${i}]`).join("");

  test("is cut to a few tags and says so on the results page", async ({ request }) => {
    const res = await request.get(`/search?${new URLSearchParams({ q: manyTags })}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/Sua busca foi limitada a \d+ (tags|termos)/);
  });

  test("the header box's API answers it too, bounded", async ({ request }) => {
    const res = await request.get(`/api/search?${new URLSearchParams({ q: manyTags })}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { limited?: boolean };
    expect(body.limited).toBe(true);
  });

  test("a short search is not limited", async ({ request }) => {
    const res = await request.get(`/search?${new URLSearchParams({ q: "[react] hooks" })}`);
    expect(await res.text()).not.toContain("Sua busca foi limitada");
  });
});

test("a visitor who changes User-Agent and X-Forwarded-For counts as one view", async ({ request }) => {
  // A question no other spec opens, read through its own address each time (a cached copy would show an old
  // count).
  const question = "/questions/5";
  const viewsOf = async () => {
    const res = await request.get(`${question}?leitura=${Math.random()}`);
    const match = /Vista (?:<!-- -->)?(\d+) vez/.exec(await res.text());
    expect(match, "the page shows how many times it was seen").not.toBeNull();
    return Number(match?.[1]);
  };
  const before = await viewsOf();
  // One visitor behind a proxy on this machine (TRUST_PROXY's default, loopback): each request claims another
  // address in X-Forwarded-For, and the proxy appends the one it saw. The first request renders the page, the
  // rest come from the visitor page cache: both paths count views.
  for (let i = 0; i < 10; i++) {
    const res = await request.get(question, {
      headers: {
        "User-Agent": `Mozilla/5.0 (X11; Linux x86_64; rv:${120 + i}.0) Gecko/20100101 Firefox/${120 + i}.0`,
        "X-Forwarded-For": `198.51.100.${i + 1}, 203.0.113.50`,
      },
    });
    expect(res.status()).toBe(200);
  }
  // Views are written a second after they are queued.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  // The first reading and that visitor count once each (once more if the hour turned meanwhile).
  expect(await viewsOf()).toBeLessThanOrEqual(before + 3);
});
