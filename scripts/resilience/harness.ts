// The resilience suite's tools: production servers on a data folder or a PostgreSQL database (started,
// stopped gracefully or killed with SIGKILL), members signed up over HTTP, form posts, and direct database
// access for the checks (PostgreSQL at any time; PGlite only while its server is stopped).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/lib/db.server.ts";
import { hashRecoveryCode } from "../../app/features/accounts/two-factor.server.ts";

export type Store = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; dataDir: string };

export type Server = { origin: string; child: ChildProcess; store: Store; port: number };

export const buildDir = () => process.env.BUILD_DIR ?? "build";

export async function startServer(store: Store, port: number): Promise<Server> {
  // Another run on the same port would answer our requests from its own database: refuse to start instead.
  if (
    await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`a porta ${port} já está em uso por outro servidor; escolha outra com --port`);
  }
  const child = spawn(process.execPath, ["server/server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.kind === "postgres" ? store.url : "",
      SMTP_URL: "",
      SEED_DEMO: "true",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "fatal",
      PG_POOL_SIZE: "10",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou ao iniciar:\n${stderr}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return { origin, child, store, port };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`o servidor não respondeu em 120 s:\n${stderr}`);
}

export async function stopServer(server: Server, signal: "SIGTERM" | "SIGKILL" = "SIGTERM") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Runs `fn` on the store's database. PGlite: the store's server must be stopped first. */
export async function withDatabase<T>(store: Store, fn: (db: Database) => Promise<T>): Promise<T> {
  const handle =
    store.kind === "postgres"
      ? await openDatabase({ url: store.url })
      : await openDatabase({ dataDir: `${store.dataDir}/pgdata` });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Sets the role of the accounts with these e-mails. A moderator also gets two-factor sign-in, as staff must have it
 * to use their powers (ADR 049), with recovery codes `signIn` spends at the code page. PGlite: the store's server
 * must be stopped first.
 */
export async function setRole(store: Store, role: "member" | "moderator", emails: string[]) {
  const listed = sql.join(emails, sql`, `);
  await withDatabase(store, async (db) => {
    if (role === "member") {
      await db.execute(sql`update users set role = 'member' where email in (${listed})`);
      return;
    }
    await db.execute(
      sql`update users set role = 'moderator', totp_secret = coalesce(totp_secret, ${STAFF_TOTP_SECRET}),
          totp_enabled_at = coalesce(totp_enabled_at, now()) where email in (${listed})`,
    );
    const hashes = sql.join(
      STAFF_RECOVERY_CODES.map((code) => sql`(${hashRecoveryCode(code)})`),
      sql`, `,
    );
    await db.execute(
      sql`insert into recovery_codes (user_id, code_hash)
          select u.id, h.hash from users u cross join (values ${hashes}) as h(hash)
          where u.email in (${listed}) on conflict do nothing`,
    );
  });
}

/** The authenticator key the harness gives its moderators, and their recovery codes (each good once). */
const STAFF_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const STAFF_RECOVERY_CODES = Array.from({ length: 200 }, (_, i) => `hr${String(i).padStart(8, "0")}`);
const codesSpent = new Map<string, number>();

export async function rows<T extends Record<string, unknown>>(db: Database, text: string): Promise<T[]> {
  return (await db.execute<T>(sql.raw(text))).rows as T[];
}

export const sameOrigin = { "sec-fetch-site": "same-origin" };

export function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export type Member = { email: string; name: string; cookie: string; password: string };

function cookieOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter(Boolean)
    .join("; ");
}

export async function signUp(origin: string, name = `Resiliência ${randomBytes(3).toString("hex")}`) {
  const email = `res-${randomBytes(5).toString("hex")}@exemplo.com.br`;
  const password = `senha-forte-${email}`;
  const res = await fetch(`${origin}/cadastro`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ socialName: name, email, password }),
    headers: { ...sameOrigin, "x-forwarded-for": randomIp() },
  });
  const cookie = cookieOf(res);
  if (!cookie) throw new Error(`cadastro recusado (HTTP ${res.status})`);
  return { email, name, cookie, password } satisfies Member;
}

/** A new session of an existing account (its cookie); throws when the sign-in is refused. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/entrar`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email, password }),
    headers: { ...sameOrigin, "x-forwarded-for": randomIp() },
  });
  const next = res.headers.get("location") ?? "";
  if (res.status === 302 && next.startsWith("/entrar/verificacao")) {
    // A moderator's second step (setRole gave them two-factor sign-in): one of their recovery codes.
    const spent = codesSpent.get(email) ?? 0;
    codesSpent.set(email, spent + 1);
    const verified = await fetch(`${origin}${next}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ code: STAFF_RECOVERY_CODES[spent] ?? "" }),
      headers: { ...sameOrigin, cookie: cookieOf(res), "x-forwarded-for": randomIp() },
    });
    const session = cookieOf(verified)
      .split("; ")
      .filter((pair) => !pair.endsWith("="))
      .join("; ");
    if (verified.status !== 302 || !session) throw new Error(`código recusado (HTTP ${verified.status})`);
    return session;
  }
  const cookie = cookieOf(res);
  if (res.status !== 302 || !cookie) throw new Error(`login recusado (HTTP ${res.status})`);
  return cookie;
}

/** `cookie`: the session cookie the answer set ("" when none), to tell a sign-in from a mere redirect. */
export type Posted = { status: number; location: string | null; text: string; cookie: string };

export async function post(
  origin: string,
  path: string,
  fields: Record<string, string | string[] | File>,
  cookie?: string,
  options: { multipart?: boolean } = {},
): Promise<Posted> {
  const form = new FormData();
  const plain = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (options.multipart) form.append(key, v);
      else if (typeof v === "string") plain.append(key, v);
      else throw new Error(`post: o arquivo "${key}" precisa de multipart`);
    }
  }
  const body = options.multipart ? form : plain;
  try {
    const res = await fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      body,
      headers: { ...sameOrigin, "x-forwarded-for": randomIp(), ...(cookie ? { cookie } : {}) },
    });
    const answer = { status: res.status, location: res.headers.get("location"), cookie: cookieOf(res) };
    return { ...answer, text: await res.text() };
  } catch (error) {
    return { status: 0, location: null, text: String(error), cookie: "" };
  }
}

export async function get(origin: string, path: string, cookie?: string): Promise<Posted> {
  try {
    const res = await fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    const answer = { status: res.status, location: res.headers.get("location"), cookie: cookieOf(res) };
    return { ...answer, text: await res.text() };
  } catch (error) {
    return { status: 0, location: null, text: String(error), cookie: "" };
  }
}

/** A question by `member`, valid for the ask form; resolves to its id. */
export async function askQuestion(
  origin: string,
  member: Member,
  title = "Como medir a resiliência do site?",
) {
  const filler = "Descrição longa o bastante para passar na validação do formulário de pergunta. ".repeat(2);
  const res = await post(
    origin,
    "/ask-a-question",
    { title, description: filler, details: filler, tags: "javascript" },
    member.cookie,
  );
  const id = Number(res.location?.match(/\/questions\/(\d+)/)?.[1]);
  if (!id) throw new Error(`pergunta recusada (HTTP ${res.status}): ${res.text.slice(0, 200)}`);
  return id;
}

/** The slug of some post on /blog. */
export async function somePostSlug(origin: string): Promise<string> {
  const html = (await get(origin, "/blog")).text;
  const slug = html.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error("nenhum post em /blog");
  return slug;
}

export type Mail = { to: string; subject: string; text: string; sentAt: string };

/** The e-mails the server wrote to DATA_DIR/outbox (SMTP_URL is unset) for `to`. */
export async function mailsTo(store: Store, to: string): Promise<Mail[]> {
  const outbox = path.join(store.dataDir, "outbox");
  const files = await readdir(outbox).catch(() => [] as string[]);
  // A file still being written does not parse yet: it is read on the next look.
  const read = (f: string): Promise<Mail | null> =>
    readFile(path.join(outbox, f), "utf8")
      .then((text) => JSON.parse(text) as Mail)
      .catch(() => null);
  const mails = await Promise.all(files.map(read));
  return mails.filter((m): m is Mail => m?.to.toLowerCase() === to.toLowerCase());
}

/**
 * Records a failed check, and prints it at once: the summary at the end never comes if the run dies first, and
 * a check printed beside its section says when it failed.
 */
export function check(failures: string[], ok: boolean, message: string) {
  if (ok) return;
  failures.push(message);
  console.error(`  ✗ ${message}`);
}
