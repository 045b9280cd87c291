// The security review's requests, replayed over real HTTP against production servers: links never built from
// the request's host, bodies bounded while they stream, malformed requests answered 4xx, members' answers
// never cached, tokens kept out of the logs, and visitors' cache not emptied by anonymous posts.
import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { newCredentials, randomIp } from "./auth.ts";
import { startHealthyServer, startServer, type SpawnedServer } from "./spawned-server.ts";

test.describe.configure({ mode: "serial" });

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request with any Host header (fetch does not let a script choose it). */
function raw(
  port: number,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
    keepOpen = false,
  }: { method?: string; headers?: Record<string, string>; body?: string; keepOpen?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    // A declared body that never comes: the request stays open until the answer (ending it short is an error).
    if (keepOpen) req.flushHeaders();
    else req.end(body);
  });
}

const sameOrigin = { "Sec-Fetch-Site": "same-origin" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" };

async function signUpOver(origin: string) {
  const credentials = newCredentials();
  const res = await fetch(`${origin}/cadastro`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      socialName: credentials.name,
      email: credentials.email,
      password: credentials.password,
    }),
    headers: { ...sameOrigin, "X-Forwarded-For": randomIp() },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie, `sign-up answered ${res.status}`).toContain("sdd_session=");
  return { ...credentials, cookie };
}

async function residentKilobytes(server: SpawnedServer): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

test.describe("with PUBLIC_URL unset (the documented default)", () => {
  let server: SpawnedServer;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startHealthyServer({ SEED_DEMO: "true", LOG_LEVEL: "info" });
  });
  test.afterAll(async () => server?.stop());

  const evil = { Host: "evil.example", "X-Forwarded-Host": "evil.example" };

  test("the start log says to set PUBLIC_URL", async () => {
    expect(server.output()).toContain("PUBLIC_URL não está definida");
  });

  test("a reset asked for under another host e-mails a link to this site, not to that host", async () => {
    const member = await signUpOver(server.origin);
    const asked = await raw(server.port, "/esqueci-a-senha", {
      method: "POST",
      headers: { ...evil, ...formHeaders, "X-Forwarded-For": randomIp() },
      body: form({ email: member.email }),
    });
    expect(asked.status).toBeLessThan(400);
    await expect
      .poll(async () =>
        (await server.outbox()).filter((m) => /senha/i.test(m.subject) && m.to === member.email),
      )
      .toHaveLength(1);
    const mail = (await server.outbox()).find((m) => /senha/i.test(m.subject) && m.to === member.email)!;
    expect(mail.text).toContain(`http://localhost:${server.port}/?auth=recovery&token=`);
    expect(mail.text).not.toContain("evil.example");
  });

  test("feeds, sitemap, robots.txt and pages' canonical, og:url and JSON-LD never name the request's host", async () => {
    const questions = await raw(server.port, "/questions", { headers: evil });
    const questionPath = /href="(\/questions\/\d+)[^"]*"/.exec(questions.body)?.[1];
    expect(questionPath).toBeTruthy();
    for (const path of [
      "/",
      "/robots.txt",
      "/sitemap.xml",
      "/blog/feed.xml",
      "/blog",
      "/questions",
      questionPath!,
    ]) {
      const answer = await raw(server.port, path, { headers: evil });
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain("evil.example");
    }
    const question = await raw(server.port, questionPath!, { headers: evil });
    expect(question.body).toContain(
      `<link rel="canonical" href="http://localhost:${server.port}${questionPath}"`,
    );
  });

  test("one 200 MB post to /entrar is refused with 413 at once, and memory does not grow with it", async () => {
    const before = await residentKilobytes(server);
    const declared = await raw(server.port, "/entrar", {
      method: "POST",
      headers: {
        ...sameOrigin,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(200 * 1024 * 1024),
      },
      keepOpen: true,
    }).catch((error: Error) => ({ status: -1, headers: {}, body: error.message }));
    expect(declared.status).toBe(413);
    expect(declared.body).toContain("grande demais");

    // Without a length (chunked), 200 MB streamed as fast as loopback allows: counted and refused on the way.
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const streamed = await new Promise<number>((resolve) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: server.port, path: "/entrar", method: "POST", headers: formHeaders },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", () => resolve(-1));
      let sent = 0;
      const pump = () => {
        while (sent < 200 && req.write(chunk)) sent++;
        if (sent < 200) req.once("drain", pump);
        else req.end();
      };
      pump();
    });
    expect(streamed).toBe(413);
    // Every other request is still served, and promptly.
    const started = Date.now();
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await residentKilobytes(server)) - before).toBeLessThan(100 * 1024);
  });

  test("request logs never carry an e-mailed token", async () => {
    const token = randomBytes(32).toString("base64url").replace(/^./, "Q");
    await fetch(`${server.origin}/confirmar-email/${token}`);
    await fetch(`${server.origin}/?auth=recovery&token=${token}`);
    await expect.poll(() => server.output()).toContain("/confirmar-email/[redigido]");
    expect(server.output()).not.toContain(token);
  });

  test("an anonymous post that changes nothing keeps visitors' cached pages, and a bogus session cookie is served from them", async () => {
    /** Whether /questions came from the visitor cache (the body read whole, so the page is stored once done). */
    const cached = async (headers: Record<string, string> = {}) => {
      const answer = await fetch(`${server.origin}/questions`, { headers });
      await answer.text();
      return answer.headers.get("x-visitor-cache") === "hit";
    };
    await expect.poll(() => cached()).toBe(true);
    for (const method of ["POST", "OPTIONS"]) {
      const refused = await fetch(`${server.origin}/entrar`, {
        method,
        headers: { ...formHeaders, "X-Forwarded-For": randomIp() },
        body: form({ email: "ninguem@exemplo.com.br", password: "senha-errada-123" }),
      });
      await refused.text();
    }
    expect(await cached()).toBe(true);
    expect(await cached({ cookie: `sdd_session=${randomBytes(32).toString("base64url")}` })).toBe(true);
    // Signing out changes nothing visitors see either (ADR 028)…
    const member = await signUpOver(server.origin);
    await expect.poll(() => cached(), { timeout: 10_000 }).toBe(true);
    const postAs = async (path: string, cookie: string, body: Record<string, string>) =>
      (
        await fetch(`${server.origin}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...sameOrigin, ...formHeaders, cookie },
          body: form(body),
        })
      ).text();
    const other = await signUpOver(server.origin);
    await postAs("/sair", other.cookie, {});
    await expect.poll(() => cached(), { timeout: 10_000 }).toBe(true);
    // …and a member's new name, which shows wherever they wrote, renders every page again at once.
    await postAs("/configuracoes", member.cookie, { intent: "profile", name: "Nome Novo da Silva" });
    // Within a second: a page a write named renders at most every 250 ms (ADR 028).
    await expect.poll(() => cached(), { timeout: 1_000, intervals: [50] }).toBe(false);
  });
});

test.describe("with PUBLIC_URL set", () => {
  const port = () => Number(new URL(test.info().project.use.baseURL!).port);

  test("a request naming another host, directly or through X-Forwarded-Host, gets 400", async () => {
    const namings: Array<Record<string, string>> = [
      { Host: "evil.example" },
      { "X-Forwarded-Host": "evil.example" },
    ];
    for (const headers of namings) {
      for (const path of ["/", "/robots.txt", "/sitemap.xml", "/blog/feed.xml"]) {
        const answer = await raw(port(), path, { headers });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(400);
        expect(answer.body).not.toContain("evil.example");
      }
      const reset = await raw(port(), "/esqueci-a-senha", {
        method: "POST",
        headers: { ...headers, ...formHeaders },
        body: form({ email: "alguem@exemplo.com.br" }),
      });
      expect(reset.status).toBe(400);
    }
    expect((await raw(port(), "/", { headers: { Host: `localhost:${port()}` } })).status).toBe(200);
    // Load balancers probe servers by address.
    expect((await raw(port(), "/healthz", { headers: { Host: "10.0.0.7:3000" } })).status).toBe(200);
  });

  test("malformed requests get a 4xx, never a 500", async ({ request }) => {
    const post = (path: string, body: string, contentType: string, headers: Record<string, string> = {}) =>
      request.post(path, {
        data: body,
        headers: { ...sameOrigin, "Content-Type": contentType, ...headers },
        maxRedirects: 0,
      });
    expect((await post("/entrar", '{"email":"a@b.c"}', "application/json")).status()).toBe(415);
    expect((await post("/newsletter", "<email>a@b.c</email>", "application/xml")).status()).toBe(415);
    expect((await post("/entrar", "email=a", "multipart/form-data")).status()).toBe(400);
    expect((await post("/entrar", "--x\r\nbroken", "multipart/form-data; boundary=x")).status()).toBe(400);

    // A broken Referer on a write that needs a member: sent to sign in.
    const answer = await post("/ask-a-question", "title=x", "application/x-www-form-urlencoded", {
      Referer: "http://[broken",
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toMatch(/^\/entrar\?redirectTo=/);

    // CR/LF in redirectTo after a real sign-in: sent home, not a 500.
    const credentials = newCredentials();
    await request.post("/cadastro", {
      form: { socialName: credentials.name, email: credentials.email, password: credentials.password },
      headers: { "X-Forwarded-For": randomIp() },
      maxRedirects: 0,
    });
    const signIn = await request.post(`/entrar?redirectTo=${encodeURIComponent("/\r\nSet-Cookie: x=1")}`, {
      form: { email: credentials.email, password: credentials.password },
      headers: { ...sameOrigin, "X-Forwarded-For": randomIp() },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    expect(signIn.headers().location).toBe("/");
    // …and in a Seguir button's way back.
    const followed = await request.post("/api/follows", {
      form: { intent: "follow", userId: "1", redirectTo: "/membros\r\nSet-Cookie: x=1" },
      headers: sameOrigin,
      maxRedirects: 0,
    });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toBe("/membros");
  });

  test("a member's pages and data requests are Cache-Control: private, no-store", async ({ request }) => {
    const credentials = newCredentials();
    const signUp = await request.post("/cadastro", {
      form: { socialName: credentials.name, email: credentials.email, password: credentials.password },
      headers: { "X-Forwarded-For": randomIp() },
      maxRedirects: 0,
    });
    expect(signUp.headers()["cache-control"]).toBe("private, no-store");
    for (const path of ["/", "/questions", "/configuracoes", "/questions.data", "/configuracoes.data"]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    }
  });
});

test.describe("slow senders", () => {
  test("bodies trickling in a byte at a time do not hold the app's places in line", async () => {
    test.setTimeout(120_000);
    const server = await startHealthyServer({ MAX_CONCURRENT_REQUESTS: "2" });
    const sockets = Array.from({ length: 6 }, () => {
      const req = httpRequest({
        host: "127.0.0.1",
        port: server.port,
        path: "/entrar",
        method: "POST",
        headers: { ...formHeaders, "Content-Length": "1000" },
      });
      req.on("error", () => undefined);
      req.write("e");
      const drip = setInterval(() => req.write("x"), 2000);
      return { req, drip };
    });
    try {
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const page = await fetch(`${server.origin}/questions?pagina-nova=${Date.now()}`);
      expect(page.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const { req, drip } of sockets) {
        clearInterval(drip);
        req.destroy();
      }
      await server.stop();
    }
  });
});

test.describe("TRUST_PROXY", () => {
  test("true starts the server (it crashed), and a bad value stops it with a clear line", async () => {
    test.setTimeout(120_000);
    const trusting = await startHealthyServer({ TRUST_PROXY: "true" });
    const answer = await fetch(`${trusting.origin}/healthz`);
    expect(answer.status).toBe(200);
    await trusting.stop();

    const wrong = startServer({ TRUST_PROXY: "banana" });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain("TRUST_PROXY");
  });
});
