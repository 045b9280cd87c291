// The security review's mail and data findings, and the limits on writing: mail that cannot be used as a
// weapon, an account removal that leaves no personal data behind, and members who cannot flood the site. Each
// test runs a production server of its own (so e-mails and rate limits are its alone) and talks to it over
// plain HTTP, as a form post, a mail client's one-click unsubscribe or a script would.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createServer, type AddressInfo, type Socket } from "node:net";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

type Member = { id: number; name: string; email: string; password: string; cookie: string };
type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };

let server: SpawnedServer;

// In order, on one worker and one server; a failing test does not skip the others.
test.describe.configure({ mode: "default" });
test.beforeAll(async () => {
  // The e2e build trusts X-Forwarded-For from loopback, so each request below can come from its own address.
  server = await startHealthyServer({ TRUST_PROXY: "loopback" });
});
test.afterAll(async () => server?.stop());

function ip(): string {
  const [a = 1, b = 1, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${c || 1}`;
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function post(path: string, fields: Record<string, string> | FormData, init: RequestInit = {}) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body: fields instanceof FormData ? fields : new URLSearchParams(fields),
    ...init,
    headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip(), ...init.headers },
  });
}

async function get(path: string, cookie = "") {
  return fetch(`${server.origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
}

async function signUp(firstName: string): Promise<Member> {
  const suffix = randomBytes(3).toString("hex");
  const name = `${firstName} Sobrenome${suffix}`;
  const email = `${firstName.toLowerCase()}-${suffix}@exemplo.com.br`;
  const password = `senha-forte-${suffix}-123`;
  const response = await post("/cadastro", { socialName: name, email, password });
  expect(response.status).toBe(302);
  const cookie = cookieOf(response);
  const exported = (await (await get("/configuracoes/exportar", cookie)).json()) as {
    account: { id: number };
  };
  return { id: exported.account.id, name, email, password, cookie };
}

async function mailsTo(address: string, subject?: RegExp): Promise<Mail[]> {
  return ((await server.outbox()) as Mail[]).filter(
    (mail) => mail.to === address && (!subject || subject.test(mail.subject)),
  );
}

/** The confirmation link's path in a newsletter e-mail. */
const confirmPathOf = (mail: Mail) =>
  new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/confirmar\/\S+/)![0]).pathname;

/** Confirmations leave in the background: wait for the one sent to `address`. */
async function confirmationTo(address: string): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(address, /Confirme sua inscrição/)).length).toBeGreaterThan(0);
  return (await mailsTo(address, /Confirme sua inscrição/))[0]!;
}

/** Opens the confirmation link (only a button) and presses it, as the person would: no session, a form post. */
async function confirmByButton(mail: Mail): Promise<string> {
  const path = confirmPathOf(mail);
  const opened = await get(path);
  expect(await opened.text()).toContain("Confirmar inscrição");
  return (await post(path, {})).text();
}

/** Whether `path` came from the visitor cache (the body read whole, so a page is stored once done). */
async function cached(path: string): Promise<boolean> {
  const answer = await get(path);
  await answer.text();
  return answer.headers.get("x-visitor-cache") === "hit";
}

/** Notification e-mails leave after the request: wait until the count settles. */
async function settledCount(address: string, subject: RegExp, atLeast: number): Promise<number> {
  await expect.poll(async () => (await mailsTo(address, subject)).length).toBeGreaterThanOrEqual(atLeast);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return (await mailsTo(address, subject)).length;
}

async function png(seed: number): Promise<Blob> {
  const bytes = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: seed % 256, g: 80, b: 160 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

async function setAvatar(member: Member, image: Blob): Promise<string> {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", image, "foto.png");
  const response = await post("/configuracoes", form, { headers: { cookie: member.cookie } });
  expect(response.status).toBeLessThan(400);
  const exported = (await (await get("/configuracoes/exportar", member.cookie)).json()) as {
    account: { avatarUrl: string };
  };
  expect(exported.account.avatarUrl).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
  return exported.account.avatarUrl;
}

test("the newsletter form mails one address at most three times a day and one client at most ten addresses an hour", async () => {
  const address = `alvo-${randomBytes(3).toString("hex")}@exemplo.com.br`;
  const statuses: number[] = [];
  // Every request from another client address, as a botnet would.
  for (let i = 0; i < 5; i++) statuses.push((await post("/newsletter", { email: address })).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  await expect.poll(async () => (await mailsTo(address)).length).toBe(3);
  const refused = await post("/newsletter", { email: address });
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain("Este e-mail já foi informado várias vezes hoje.");

  // One client, many addresses: the eleventh in an hour is refused with the wait, and nothing is sent.
  const client = ip();
  const answers: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await post(
      "/newsletter",
      { email: `lote-${i}-${randomBytes(2).toString("hex")}@exemplo.com.br` },
      { headers: { "X-Forwarded-For": client } },
    );
    answers.push(response.status);
    if (i === 10) {
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await response.text()).toContain("Muitas tentativas");
    }
  }
  expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
  expect(answers[10]).toBe(429);
});

test("the newsletter answers alike for a subscribed address, and one click unsubscribes", async () => {
  const address = `leitora-${randomBytes(3).toString("hex")}@exemplo.com.br`;
  const first = await (await post("/newsletter", { email: address })).text();
  const mail = await confirmationTo(address);
  expect(await confirmByButton(mail)).toContain("Inscrição confirmada!");
  const again = await (await post("/newsletter", { email: address })).text();
  const message = /Quase lá![^<]*/;
  expect(again.match(message)?.[0]).toBe(first.match(message)?.[0]);
  expect(again).not.toContain("já recebe");

  // The mail carries the link and the one-click headers (RFC 8058).
  const unsubscribeUrl = mail.text.match(/https?:\/\/\S+\/newsletter\/cancelar\/\S+/)?.[0];
  expect(unsubscribeUrl).toBeDefined();
  expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

  // Opening the link (a person, or a scanner) only shows the button.
  const path = new URL(unsubscribeUrl!).pathname;
  const page = await get(path);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Cancelar inscrição");
  expect((await get(path)).status).toBe(200);

  // The mail client's POST: no cookie, no fetch metadata, the RFC's body.
  const oneClick = await fetch(`${server.origin}${path}`, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(oneClick.status).toBe(200);
  expect((await get(path)).status).toBe(400);
});

test("the newsletter's links never empty visitors' cached pages, and their answers are not kept", async () => {
  await expect.poll(() => cached("/")).toBe(true);
  // The review's repro: one GET of a made-up link emptied the cache (and told every other server to).
  expect((await get("/newsletter/cancelar/1.abc")).status).toBe(400);
  expect((await get("/newsletter/confirmar/inventado")).status).toBe(400);
  expect(await cached("/")).toBe(true);

  // A real link's pages change with the button, so they are rendered every time.
  const address = `cache-${randomBytes(3).toString("hex")}@exemplo.com.br`;
  await post("/newsletter", { email: address });
  const mail = await confirmationTo(address);
  const unsubscribePath = new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/cancelar\/\S+/)![0]).pathname;
  for (const path of [confirmPathOf(mail), unsubscribePath]) {
    expect(await cached(path)).toBe(false);
    expect(await cached(path)).toBe(false);
  }
  expect(await cached("/")).toBe(true);
});

test("opening the confirmation link subscribes no one: only its button does", async () => {
  const address = `varredura-${randomBytes(3).toString("hex")}@exemplo.com.br`;
  await post("/newsletter", { email: address });
  const mail = await confirmationTo(address);
  const path = confirmPathOf(mail);
  // A mail scanner follows the link, twice.
  for (let i = 0; i < 2; i++) {
    const opened = await get(path);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain("Confirmar inscrição");
    expect(page).not.toContain("Inscrição confirmada!");
  }
  expect(await (await post(path, {})).text()).toContain("Inscrição confirmada!");
  expect(await (await get(path)).text()).toContain("Inscrição confirmada!");
  const madeUp = await post("/newsletter/confirmar/inventado", {});
  expect(madeUp.status).toBe(400);
});

test("one mailbox gets three confirmations a day however it is written (+tags, Gmail's dots)", async () => {
  const name = `alvo${randomBytes(3).toString("hex")}`;
  const typed = [
    `${name}+1@gmail.com`,
    `${name}+2@gmail.com`,
    `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`,
  ];
  const statuses: number[] = [];
  // Each from another client address, as a botnet would.
  for (const email of [...typed, `${name}+4@googlemail.com`, `${name.toUpperCase()}+5@gmail.com`]) {
    statuses.push((await post("/newsletter", { email })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

test("the answer does not wait for the mail server, so a new address answers as fast as a subscribed one", async () => {
  // A mail server that accepts the connection and never says a word.
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const smtpPort = (silent.address() as AddressInfo).port;
  const own = await startHealthyServer({ TRUST_PROXY: "loopback", SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  try {
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await fetch(`${own.origin}/newsletter`, {
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip() },
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      return { status: response.status, ms: performance.now() - started };
    };
    const fresh = await timed(`nova-${randomBytes(3).toString("hex")}@exemplo.com.br`);
    expect(fresh.status).toBe(200);
    expect(fresh.ms).toBeLessThan(3000);
    await expect.poll(() => sockets.size).toBeGreaterThan(0);
  } finally {
    // The sends under way fail at once, so the server stops without waiting for them.
    for (const socket of sockets) socket.destroy();
    await own.stop();
    silent.close();
  }
});

test("following and unfollowing in a loop e-mails the followed member once", async () => {
  const bia = await signUp("Bia");
  const ana = await signUp("Ana");
  const saved = await post(
    "/configuracoes",
    { intent: "notifications", "email-follower": "on" },
    { headers: { cookie: bia.cookie } },
  );
  expect(saved.status).toBeLessThan(400);
  for (let i = 0; i < 5; i++) {
    for (const intent of ["follow", "unfollow"]) {
      const response = await post(
        "/api/follows",
        { intent, userId: String(bia.id) },
        { headers: { cookie: ana.cookie } },
      );
      expect(response.status).toBe(200);
    }
  }
  expect(await settledCount(bia.email, /começou a seguir você/, 1)).toBe(1);
});

test("removing an account takes the name out of others' notifications, the picture's file and the newsletter", async () => {
  const ana = await signUp("Ana");
  const bia = await signUp("Bia");
  const caio = await signUp("Caio");

  // Ana's picture is hers alone; Caio's is the same file as Bia's (named by content hash).
  const anaAvatar = await setAvatar(ana, await png(1));
  const biaAvatar = await setAvatar(bia, await png(2));
  expect(await setAvatar(caio, await png(2))).toBe(biaAvatar);
  expect((await get(anaAvatar)).status).toBe(200);

  // Ana follows Bia: Bia's notification names Ana.
  await post(
    "/api/follows",
    { intent: "follow", userId: String(bia.id) },
    { headers: { cookie: ana.cookie } },
  );
  expect(await (await get("/notifications", bia.cookie)).text()).toContain(ana.name);

  // Ana subscribes to the newsletter with her account's address and confirms; the export lists it.
  await post("/newsletter", { email: ana.email });
  const mail = await confirmationTo(ana.email);
  await confirmByButton(mail);
  const exported = (await (await get("/configuracoes/exportar", ana.cookie)).json()) as {
    newsletter?: { email: string; confirmedAt: string | null } | null;
  };
  expect(exported.newsletter).toMatchObject({ email: ana.email });
  expect(exported.newsletter?.confirmedAt).toBeTruthy();
  const unsubscribePath = new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/cancelar\/\S+/)![0]).pathname;
  expect((await get(unsubscribePath)).status).toBe(200);

  for (const member of [ana, caio]) {
    const removed = await post(
      "/configuracoes",
      { intent: "delete", password: member.password },
      { headers: { cookie: member.cookie } },
    );
    expect(removed.headers.get("location")).toBe("/conta-removida");
  }

  const notifications = await (await get("/notifications", bia.cookie)).text();
  expect(notifications).not.toContain(ana.name);
  expect(notifications).toContain("Membro removido começou a seguir você");
  expect((await get(anaAvatar)).status).toBe(404);
  // Bia still shows the picture she shares with Caio.
  expect((await get(biaAvatar)).status).toBe(200);
  // The subscription is gone: its unsubscribe link names nothing.
  expect((await get(unsubscribePath)).status).toBe(400);
});

test("a new member asks at most fifteen questions an hour, and the form says why", async () => {
  const member = await signUp("Davi");
  const ask = (i: number) =>
    post(
      "/ask-a-question",
      {
        title: `Pergunta número ${i} sobre limites de escrita`,
        description: "Uma descrição com o tamanho mínimo que o formulário pede para aceitar.",
        details: "O que eu já tentei e o que esperava que acontecesse, com detalhes.",
        tags: "javascript",
      },
      { headers: { cookie: member.cookie } },
    );
  for (let i = 0; i < 15; i++) expect((await ask(i)).status).toBe(302);
  const refused = await ask(15);
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain("Você publicou muitas perguntas em pouco tempo.");
});

// Last: it uses up the server's hour of confirmations.
test("the whole site sends at most 200 confirmations an hour, whoever asks for whatever address", async () => {
  let refused: Response | undefined;
  // A botnet: a fresh client address and a fresh mailbox every time.
  for (let i = 0; i < 220 && !refused; i++) {
    const response = await post("/newsletter", {
      email: `canhao-${i}-${randomBytes(3).toString("hex")}@exemplo.com.br`,
    });
    if (response.status === 429) refused = response;
    else await response.text();
  }
  expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await refused!.text()).toContain("Recebemos muitas inscrições na última hora.");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(
    (await server.outbox()).filter((mail) => /Confirme sua inscrição/.test(mail.subject)).length,
  ).toBeLessThanOrEqual(200);
});

test("the data folder is the site's alone: tightened at start, and the database and the outbox private", async () => {
  // A folder as an older version (or a restored backup) left it: open to every local user.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sdd-open-data-"));
  await chmod(dataDir, 0o755);
  await mkdir(path.join(dataDir, "outbox"), { mode: 0o755 });
  const old = {
    to: "antigo@exemplo.com.br",
    subject: "Antigo",
    text: "",
    sentAt: "2020-01-01T00:00:00.000Z",
  };
  await writeFile(path.join(dataDir, "outbox", "antigo.json"), JSON.stringify(old));
  await chmod(path.join(dataDir, "outbox", "antigo.json"), 0o644);
  const own = await startHealthyServer({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
  try {
    const email = `privado-${randomBytes(3).toString("hex")}@exemplo.com.br`;
    const response = await fetch(`${own.origin}/cadastro`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ socialName: "Pri Vada", email, password: "senha-forte-privada-1" }),
      headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip() },
    });
    expect(response.status).toBe(302);
    await expect.poll(async () => (await own.outbox()).some((mail) => mail.to === email)).toBe(true);
    const mode = async (...parts: string[]) =>
      ((await stat(path.join(dataDir, ...parts))).mode & 0o777).toString(8);
    expect(await mode()).toBe("700");
    expect(await mode("pgdata")).toBe("700");
    expect(await mode("pgdata", "global", "pg_control")).toBe("600");
    expect(await mode("pgdata", "postgresql.conf")).toBe("600");
    expect(await mode("outbox")).toBe("700");
    expect(await mode("outbox", "antigo.json")).toBe("600");
    for (const file of await readdir(path.join(dataDir, "outbox"))) {
      expect(await mode("outbox", file), file).toBe("600");
    }
    expect(own.output()).toContain("podiam ser lidos por outros usuários");
  } finally {
    await own.stop();
  }
});
