// ADR 028: a write reaches the visitors' cached pages it changed, and only those. A server of its own, so no
// other spec's writes move its pages while this one watches them.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { newCredentials } from "./auth.ts";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await startHealthyServer({ SEED_DEMO: "true" });
});
test.afterAll(async () => {
  await server?.stop();
});

const sameOrigin = { "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" };

/** A visitor's GET, read whole (a page is kept once sent whole): its cache state and its text. */
async function visit(path: string) {
  const res = await fetch(`${server.origin}${path}`);
  const body = await res.text();
  return { state: res.headers.get("x-visitor-cache") ?? "rendered", body };
}

async function post(path: string, fields: Record<string, string>, cookie = "") {
  const res = await fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...sameOrigin, cookie },
    body: new URLSearchParams(fields).toString(),
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

async function signUp(): Promise<string> {
  const credentials = newCredentials();
  const res = await fetch(`${server.origin}/cadastro`, {
    method: "POST",
    redirect: "manual",
    headers: sameOrigin,
    body: new URLSearchParams({
      socialName: credentials.name,
      email: credentials.email,
      password: credentials.password,
    }).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("sdd_session=");
  return cookie;
}

/** Renders `path` for visitors until a copy is kept (a sign-up just before may make it due once). */
async function cachedCopyOf(path: string) {
  await expect.poll(async () => (await visit(path)).state, { timeout: 10_000 }).toBe("hit");
}

test("a member's writes reach the pages they changed at once, other pages keep being served from memory", async () => {
  const member = await signUp();
  await cachedCopyOf("/questions/2");
  await cachedCopyOf("/questions/3");

  // A favourite on question 3 renders question 3 again within a second (a page a write named renders at most
  // every 250 ms); question 2 is still served from memory.
  const withinASecond = { timeout: 1_000, intervals: [50] };
  expect((await post("/questions/3", { intent: "favorite" }, member)).status).toBeLessThan(400);
  await expect.poll(async () => (await visit("/questions/3")).state, withinASecond).toBe("rendered");
  expect((await visit("/questions/2")).state).toBe("hit");

  // Refusals change nothing: an empty answer (400), a wrong password (401), a cross-site post (403).
  expect((await post("/questions/2", { intent: "answer", body: "" }, member)).status).toBe(400);
  const wrongPassword = await post("/entrar", {
    email: "ninguem@exemplo.com.br",
    password: "senha-errada-123",
  });
  expect(wrongPassword.status).toBe(401);
  const crossSite = await fetch(`${server.origin}/questions/2`, {
    method: "POST",
    headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=answer&body=oi",
  });
  expect(crossSite.status).toBe(403);
  expect((await visit("/questions/2")).state).toBe("hit");

  // An answer to question 2 is on its visitors' page within a second.
  const answer = `Resposta que visitantes veem na hora ${randomBytes(4).toString("hex")}`;
  expect((await post("/questions/2", { intent: "answer", body: answer }, member)).status).toBeLessThan(400);
  await expect.poll(async () => (await visit("/questions/2")).body, withinASecond).toContain(answer);
});

test("a new question reaches the visitors' list within a few seconds", async () => {
  const member = await signUp();
  await cachedCopyOf("/questions");
  const title = `Pergunta nova para a lista ${randomBytes(4).toString("hex")}`;
  const asked = await post(
    "/ask-a-question",
    {
      title,
      description: "Um problema descrito com texto suficiente para passar.",
      details: "Tentei de tudo e esperava que funcionasse logo.",
      tags: "web",
    },
    member,
  );
  expect(asked.status).toBe(302);
  const started = Date.now();
  await expect.poll(async () => (await visit("/questions")).body, { timeout: 5_000 }).toContain(title);
  expect(Date.now() - started).toBeLessThan(5_000);
  // The question's own page and its author's profile were never kept stale: the first visitor sees it.
  expect((await visit(asked.location)).body).toContain(title);
});
