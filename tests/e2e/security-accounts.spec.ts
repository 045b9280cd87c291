// The security review's accounts findings, replayed through real HTTP against a production server of this
// spec's own configuration: ADMIN_EMAIL squatting, links that survive password and e-mail changes, the
// recovery page's address, sign-in lock-outs, common passwords and multi-line names.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { SentMail } from "./outbox.ts";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

// One server for the file; in order, each test on its own (a failure does not skip the rest).
test.describe.configure({ mode: "default" });

const ADMIN_EMAIL = "dona@exemplo.com.br";
let server: SpawnedServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startHealthyServer({ ADMIN_EMAIL });
});
test.afterAll(async () => server?.stop());

// ------------------------------------------------------------------------------------------------ helpers

type Answer = { status: number; text: string; cookie: string; location: string | null };

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");

const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;

async function request(
  path: string,
  options: { fields?: Record<string, string>; cookie?: string; ip?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${server.origin}${path}`, {
    method: options.fields ? "POST" : "GET",
    redirect: "manual",
    body: options.fields ? new URLSearchParams(options.fields) : undefined,
    headers: {
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": options.ip ?? randomIp(),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
  });
  return {
    status: res.status,
    text: await res.text(),
    cookie: cookieOf(res),
    location: res.headers.get("location"),
  };
}

const post = (path: string, fields: Record<string, string>, cookie?: string, ip?: string) =>
  request(path, { fields, cookie, ip });

type Member = { email: string; password: string; cookie: string };

async function signUp(
  email = `m-${randomBytes(4).toString("hex")}@exemplo.com.br`,
  name = "Membro",
): Promise<Member> {
  const password = `uma-senha-longa-${randomBytes(3).toString("hex")}`;
  const answer = await post("/cadastro", { socialName: name, email, password });
  expect(answer.status, answer.text.slice(0, 300)).toBe(302);
  expect(answer.cookie).not.toBe("");
  return { email, password, cookie: answer.cookie };
}

async function signIn(email: string, password: string, ip?: string): Promise<Answer> {
  return post("/entrar", { email, password }, undefined, ip);
}

/** Waits for the newest e-mail to `to` whose subject matches. */
async function mailTo(to: string, subject: RegExp, after = ""): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        // A message being written is half a JSON file for a moment: read again on the next round.
        const outbox = await server.outbox().catch(() => []);
        found = outbox.filter((m) => m.to === to && subject.test(m.subject) && m.sentAt > after).at(-1);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

const confirmPath = (mail: SentMail) => mail.text.match(/\/confirmar-email\/[\w-]+/)![0];
const resetToken = (mail: SentMail) => decodeURIComponent(mail.text.match(/[?&]token=([^\s&]+)/)![1]!);

async function account(cookie: string) {
  const res = await fetch(`${server.origin}/configuracoes/exportar`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { account: { role: string; email: string; emailVerifiedAt: string | null } })
    .account;
}

// ------------------------------------------------------------------------------------ confirmation links

test("a squatter of ADMIN_EMAIL stays a member: the link's GET confirms nothing, a POST needs their session", async () => {
  const squatter = await signUp(ADMIN_EMAIL, "Invasor");
  const link = confirmPath(await mailTo(ADMIN_EMAIL, /Confirme seu e-mail/));

  // A mail scanner, a link preview, or the real owner opening the link: a page with a button, nothing done.
  const opened = await request(link);
  expect(opened.status).toBe(200);
  expect(opened.text).not.toContain("E-mail confirmado!");
  // The real owner, not signed in to the squatter's account, presses the button.
  const pressed = await post(link, {});
  expect(pressed.text).not.toContain("E-mail confirmado!");
  expect(pressed.text).toContain("Entre na conta");
  // Another member's session is not the account's either.
  const other = await signUp();
  const byOther = await post(link, {}, other.cookie);
  expect(byOther.text).not.toContain("E-mail confirmado!");
  expect(byOther.text).toContain("outra conta");

  expect(await account(squatter.cookie)).toMatchObject({ role: "member", emailVerifiedAt: null });
});

test("the person who signed up confirms from their session, and only then ADMIN_EMAIL becomes admin", async () => {
  test.setTimeout(120_000);
  const own = await startHealthyServer({ ADMIN_EMAIL });
  const previous = server;
  server = own;
  try {
    const owner = await signUp(ADMIN_EMAIL, "Dona");
    const link = confirmPath(await mailTo(ADMIN_EMAIL, /Confirme seu e-mail/));
    // Even with the session, opening the link does nothing by itself.
    const opened = await request(link, { cookie: owner.cookie });
    expect(opened.text).toContain("Confirmar");
    expect(await account(owner.cookie)).toMatchObject({ role: "member", emailVerifiedAt: null });

    const confirmed = await post(link, {}, owner.cookie);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("E-mail confirmado!");
    expect(await account(owner.cookie)).toMatchObject({ role: "admin" });
    // Used up: a second press says so.
    const again = await post(link, {}, owner.cookie);
    expect(again.status).toBe(400);
    expect(again.text).toContain("Link inválido ou expirado");
  } finally {
    server = previous;
    await own.stop();
  }
});

test("an e-mail change happens only when the account that asked confirms it from its session", async () => {
  const me = await signUp();
  const newEmail = `novo-${randomBytes(4).toString("hex")}@exemplo.com.br`;
  const asked = await post(
    "/configuracoes",
    { intent: "email", newEmail, currentPassword: me.password },
    me.cookie,
  );
  expect(asked.status).toBe(200);
  const link = confirmPath(await mailTo(newEmail, /Confirme/));

  expect((await request(link)).text).not.toContain("E-mail alterado!");
  expect((await post(link, {})).text).not.toContain("E-mail alterado!");
  expect((await account(me.cookie)).email).toBe(me.email);

  const confirmed = await post(link, {}, me.cookie);
  expect(confirmed.text).toContain("E-mail alterado!");
  expect((await account(me.cookie)).email).toBe(newEmail);
});

// ------------------------------------------------------------------------ what a password change cancels

/** Asks for an e-mail change from `cookie` (an intruder's copy of the session, say) and returns its link. */
async function pendingEmailChange(member: Member) {
  const newEmail = `intruso-${randomBytes(4).toString("hex")}@exemplo.com.br`;
  await post(
    "/configuracoes",
    { intent: "email", newEmail, currentPassword: member.password },
    member.cookie,
  );
  return { newEmail, link: confirmPath(await mailTo(newEmail, /Confirme/)) };
}

async function resetLinkFor(email: string) {
  const before = new Date().toISOString();
  expect((await post("/esqueci-a-senha", { email })).status).toBe(200);
  return resetToken(await mailTo(email, /Recupere sua senha/, before));
}

test("a password reset cancels a pending e-mail change", async () => {
  const me = await signUp();
  const change = await pendingEmailChange(me);
  const token = await resetLinkFor(me.email);
  const newPassword = "outra-senha-bem-longa";
  const reset = await post("/recuperar-senha", {
    token,
    email: me.email,
    newPassword,
    confirmPassword: newPassword,
  });
  expect(reset.status).toBe(302);

  const settings = await request("/configuracoes", { cookie: reset.cookie });
  expect(settings.text).not.toContain(change.newEmail);
  const used = await post(change.link, {}, reset.cookie);
  expect(used.text).toContain("Link inválido ou expirado");
  expect((await account(reset.cookie)).email).toBe(me.email);
});

/** A reset link that must no longer work: no session, and the recovery form says so. */
async function expectResetRefused(token: string, email: string) {
  const reset = await post("/recuperar-senha", {
    token,
    email,
    newPassword: "terceira-senha-longa",
    confirmPassword: "terceira-senha-longa",
  });
  expect(reset.cookie).toBe("");
  expect(reset.text).toContain("Este link de recuperação é inválido");
}

test("a password change cancels a pending e-mail change and the reset links", async () => {
  const me = await signUp();
  const change = await pendingEmailChange(me);
  const token = await resetLinkFor(me.email);
  const newPassword = "outra-senha-bem-longa";
  const changed = await post(
    "/configuracoes",
    { intent: "password", currentPassword: me.password, newPassword, confirmPassword: newPassword },
    me.cookie,
  );
  expect(changed.text).toContain("Senha alterada.");

  expect((await post(change.link, {}, me.cookie)).text).toContain("Link inválido ou expirado");
  await expectResetRefused(token, me.email);
});

test("an e-mail change cancels the reset links sent to the old address", async () => {
  const me = await signUp();
  const token = await resetLinkFor(me.email);
  const change = await pendingEmailChange(me);
  expect((await post(change.link, {}, me.cookie)).text).toContain("E-mail alterado!");

  await expectResetRefused(token, change.newEmail);
});

test("the recovery page and modal never show the account's address", async () => {
  const me = await signUp();
  const token = await resetLinkFor(me.email);
  for (const path of [
    `/recuperar-senha?token=${encodeURIComponent(token)}`,
    `/?auth=recovery&token=${encodeURIComponent(token)}`,
  ]) {
    const page = await request(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Recuperar senha");
    expect(page.text).not.toContain(me.email);
  }
});

// ------------------------------------------------------------------------------------------- passwords

test("wrong passwords from one address do not lock the member out of signing in or of settings", async () => {
  const me = await signUp();
  const attacker = randomIp();
  for (let i = 0; i < 6; i++) await signIn(me.email, "nao-e-a-senha-dela", attacker);
  // The attacker's address is held back for this account…
  expect((await signIn(me.email, "nao-e-a-senha-dela", attacker)).status).toBe(429);
  // …the member, from their own, is not.
  const mine = await signIn(me.email, me.password, randomIp());
  expect(mine.status).toBe(302);
  const settings = await post(
    "/configuracoes",
    {
      intent: "email",
      newEmail: `outro-${randomBytes(3).toString("hex")}@exemplo.com.br`,
      currentPassword: me.password,
    },
    mine.cookie,
  );
  expect(settings.status).toBe(200);
  expect(settings.text).toContain("Enviamos um link de confirmação");
});

/** The cookies of an answer whose name says they mark a known device (not the session). */
const deviceCookieOf = (answer: Answer) =>
  answer.cookie
    .split("; ")
    .filter((c) => c.includes("sdd_device="))
    .join("; ");

/** Waits for a new minute when this one is nearly over, so a one-minute limit's window cannot roll mid-test. */
async function aFreshMinute(needSeconds = 25) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** Twenty-five wrong passwords a minute, five from each of five addresses: the review's lock-out. */
async function guessFromFiveAddresses(email: string) {
  for (let address = 0; address < 5; address++) {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await signIn(email, `nao-e-a-senha-${address}-${i}`, ip);
  }
}

test("guesses spread over many addresses do not lock the member out of a device they signed in from", async () => {
  const me = await signUp();
  const home = randomIp();
  const before = await signIn(me.email, me.password, home);
  expect(before.status).toBe(302);
  const device = deviceCookieOf(before);
  expect(device).toMatch(/^sdd_device=[\w-]{20,}$/);

  await aFreshMinute();
  await guessFromFiveAddresses(me.email);

  // From the device they signed in on before, the member gets in at once, from their usual address or not.
  const again = await post("/entrar", { email: me.email, password: me.password }, device, home);
  expect(again.status, again.text.slice(0, 300)).toBe(302);
  expect((await post("/entrar", { email: me.email, password: me.password }, device)).status).toBe(302);
  // The accepted trade-off (ADR 023): a device never used with this account waits while the attack lasts…
  const brandNew = await signIn(me.email, me.password, randomIp());
  expect(brandNew.status).toBe(429);
  // …and a known device of another account is no pass for this one.
  const other = await signUp();
  const otherDevice = deviceCookieOf(await signIn(other.email, other.password));
  expect((await post("/entrar", { email: me.email, password: me.password }, otherDevice)).status).toBe(429);
});

test("only failed sign-ins count toward the account's limit", async () => {
  const me = await signUp();
  await aFreshMinute();
  // Twenty-one right passwords in a minute, from as many devices and addresses, all get in.
  for (let i = 0; i < 21; i++) {
    const answer = await signIn(me.email, me.password);
    expect(answer.status, `sign-in ${i + 1}`).toBe(302);
  }
});

test("a password change takes the exemption from every other device", async () => {
  const me = await signUp();
  const mine = await signIn(me.email, me.password);
  const thief = deviceCookieOf(await signIn(me.email, me.password));
  const newPassword = "outra-senha-bem-longa";
  const changed = await post(
    "/configuracoes",
    { intent: "password", currentPassword: me.password, newPassword, confirmPassword: newPassword },
    mine.cookie,
  );
  expect(changed.text).toContain("Senha alterada.");

  await aFreshMinute();
  await guessFromFiveAddresses(me.email);
  expect(
    (await post("/entrar", { email: me.email, password: newPassword }, deviceCookieOf(mine))).status,
  ).toBe(302);
  expect((await post("/entrar", { email: me.email, password: newPassword }, thief)).status).toBe(429);
});

test("the address limits hold a whole IPv6 /64, the block one line picks its addresses from", async () => {
  const me = await signUp();
  const block = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
  await aFreshMinute(10);
  for (let i = 1; i <= 5; i++) await signIn(me.email, "nao-e-a-senha-dela", `${block}::${i}`);
  // A sixth address in the same /64 is the same client to the per-account-and-address limit.
  const sixth = await signIn(me.email, me.password, `${block}:0:0:0:abcd`);
  expect(sixth.status).toBe(429);
  // Sign-ups: five an hour per /64.
  const other = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
  for (let i = 1; i <= 5; i++) {
    const email = `v6-${randomBytes(4).toString("hex")}@exemplo.com.br`;
    const answer = await post(
      "/cadastro",
      { socialName: "V6", email, password: "uma-senha-longa-v6" },
      undefined,
      `${other}::${i}`,
    );
    expect(answer.status).toBe(302);
  }
  const email = `v6-${randomBytes(4).toString("hex")}@exemplo.com.br`;
  const sixthSignUp = await post(
    "/cadastro",
    { socialName: "V6", email, password: "uma-senha-longa-v6" },
    undefined,
    `${other}::ffff:1`,
  );
  expect(sixthSignUp.status).toBe(429);
});

test("an address verified before ADMIN_EMAIL was set is not promoted at start", async () => {
  test.setTimeout(180_000);
  const before = await startHealthyServer({});
  const previous = server;
  server = before;
  let after: SpawnedServer | undefined;
  try {
    const owner = await signUp(ADMIN_EMAIL, "Dona");
    const link = confirmPath(await mailTo(ADMIN_EMAIL, /Confirme seu e-mail/));
    expect((await post(link, {}, owner.cookie)).text).toContain("E-mail confirmado!");
    await before.stop();

    // The operator sets ADMIN_EMAIL afterwards (or upgrades with accounts verified by the old GET).
    after = await startHealthyServer({ ADMIN_EMAIL, DATA_DIR: before.dataDir });
    server = after;
    const signedIn = await signIn(ADMIN_EMAIL, owner.password);
    expect(signedIn.status).toBe(302);
    expect(await account(signedIn.cookie)).toMatchObject({ role: "member" });
  } finally {
    server = previous;
    await before.stop();
    await after?.stop();
  }
});

test("the most common passwords are refused with a message next to the field", async () => {
  for (const password of ["12345678", "password", "senha123"]) {
    const email = `comum-${randomBytes(4).toString("hex")}@exemplo.com.br`;
    const answer = await post("/cadastro", { socialName: "Comum", email, password });
    expect(answer.status).toBe(400);
    expect(answer.cookie).toBe("");
    expect(answer.text).toContain("Esta senha é muito comum");
  }
  const me = await signUp();
  const changed = await post(
    "/configuracoes",
    {
      intent: "password",
      currentPassword: me.password,
      newPassword: "senha123",
      confirmPassword: "senha123",
    },
    me.cookie,
  );
  expect(changed.status).toBe(400);
  expect(changed.text).toContain("Esta senha é muito comum");
});

// ---------------------------------------------------------------------------------------------- names

test("a display name is one line, so it cannot add lines to e-mails", async () => {
  const email = `linhas-${randomBytes(4).toString("hex")}@exemplo.com.br`;
  const me = await signUp(email, "Ana\r\nBcc: alvo@exemplo.com.br\u0007");
  const welcome = await mailTo(email, /Confirme seu e-mail/);
  expect(welcome.text).toContain("Olá, Ana Bcc: alvo@exemplo.com.br!");
  expect(welcome.text).not.toMatch(/^Bcc:/m);

  const renamed = await post(
    "/configuracoes",
    { intent: "profile", name: "Bia\nSubject: oi", roleLine: "", bio: "" },
    me.cookie,
  );
  expect(renamed.status).toBe(200);
  const exported = await fetch(`${server.origin}/configuracoes/exportar`, { headers: { Cookie: me.cookie } });
  const { account: row } = (await exported.json()) as { account: { name: string } };
  expect(row.name).toBe("Bia Subject: oi");
});
