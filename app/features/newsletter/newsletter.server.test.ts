import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { newsletterSubscriptions, rateLimits } from "#db/schema.ts";
import { outboxDir, sendMail } from "#app/lib/mail.server.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import {
  confirmationLinkState,
  confirmSubscription,
  isUnsubscribeLinkValid,
  mailboxOf,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SITE_LIMIT,
  removeSubscriptionOf,
  subscribe,
  subscriptionOf,
  unsubscribe,
} from "./newsletter.server.ts";
import { newsletterSchema } from "./schemas.ts";

// The real sender, which one test holds back to play a mail server that never answers.
vi.mock("#app/lib/mail.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#app/lib/mail.server.ts")>();
  return { ...real, sendMail: vi.fn(real.sendMail) };
});

const SENDER = { ip: "192.0.2.10" };

type SentMail = { to: string; text: string; headers?: Record<string, string> };

async function sentTo(address: string) {
  // Confirmations leave in the background: wait for the ones under way.
  await settleBackgroundWork();
  const files = await readdir(outboxDir()).catch(() => []);
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8"))),
  );
  return mails.filter((m: { to: string }) => m.to === address) as SentMail[];
}

describe("newsletter", () => {
  const db = setupTestDatabase();
  // A mail sent in the background by the previous test may land while the folder is removed: try again.
  beforeEach(() => rm(outboxDir(), { recursive: true, force: true, maxRetries: 5 }));

  it("normalises the address and refuses a bad one with the spec's message", () => {
    expect(newsletterSchema.parse({ email: "  Ana@Exemplo.COM.br " })).toEqual({
      email: "ana@exemplo.com.br",
    });
    const bad = newsletterSchema.safeParse({ email: "ana@" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Email inválido");
  });

  it("stores an address once and sends a confirmation link that works once", async () => {
    expect(await subscribe("ana@exemplo.com.br", SENDER)).toBe("confirmation_sent");
    expect(await subscribe("ana@exemplo.com.br", SENDER)).toBe("confirmation_sent");
    const rows = await db()
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "ana@exemplo.com.br"));
    expect(rows).toHaveLength(1);

    const mails = await sentTo("ana@exemplo.com.br");
    expect(mails).toHaveLength(2);
    const tokenOf = (text: string) => text.match(/newsletter\/confirmar\/(\S+)/)?.[1] ?? "";
    // Only the newest link works: the first token was rotated out.
    expect(await confirmSubscription(tokenOf(mails[0]!.text))).toBe(false);
    const newest = mails.find((m) => tokenOf(m.text) && m !== mails[0])!;
    expect(await confirmSubscription(tokenOf(newest.text))).toBe(true);

    expect(await subscribe("ana@exemplo.com.br", SENDER)).toBe("already_confirmed");
    expect(await sentTo("ana@exemplo.com.br")).toHaveLength(2);
  });

  it("mails one address at most three times a day, whoever asks, and says so with a 429", async () => {
    for (let i = 1; i <= 3; i++) {
      expect(await subscribe("bia@exemplo.com.br", { ip: `192.0.2.${100 + i}` })).toBe("confirmation_sent");
    }
    const refused = await subscribe("bia@exemplo.com.br", { ip: "192.0.2.104" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, message: NEWSLETTER_MESSAGES.tooManyForAddress });
    expect(await sentTo("bia@exemplo.com.br")).toHaveLength(3);
  });

  it("counts the three a day per mailbox, whatever +tag or Gmail dots the address is typed with", async () => {
    expect(mailboxOf("Vitima+1@Exemplo.com.br")).toBe("vitima@exemplo.com.br");
    expect(mailboxOf("v.i.tima+x@googlemail.com")).toBe("vitima@gmail.com");
    expect(mailboxOf("v.i.tima@exemplo.com.br")).toBe("v.i.tima@exemplo.com.br");
    expect(mailboxOf("+tag@exemplo.com.br")).toBe("+tag@exemplo.com.br");

    const typed = [
      "vitima+1@gmail.com",
      "vitima+2@gmail.com",
      "v.itima@gmail.com",
      "vi.tima+3@googlemail.com",
    ];
    const outcomes = [];
    for (const [i, email] of typed.entries()) {
      outcomes.push(await subscribe(email, { ip: `192.0.2.${50 + i}` }).catch((e: unknown) => e));
    }
    expect(outcomes.slice(0, 3)).toEqual(["confirmation_sent", "confirmation_sent", "confirmation_sent"]);
    expect(outcomes[3]).toMatchObject({ status: 429, message: NEWSLETTER_MESSAGES.tooManyForAddress });
    expect(await sentTo("vi.tima+3@googlemail.com")).toHaveLength(0);
  });

  it("sends at most the site's hourly number of confirmations, whoever and whatever is asked", async () => {
    const windowMs = NEWSLETTER_SITE_LIMIT.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    // The hour's confirmations so far, as a botnet with fresh addresses and mailboxes would leave them.
    await db()
      .insert(rateLimits)
      .values({ key: `${NEWSLETTER_SITE_LIMIT.name}:all`, windowStart, count: NEWSLETTER_SITE_LIMIT.limit })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: NEWSLETTER_SITE_LIMIT.limit },
      });
    const refused = await subscribe("mais-uma@exemplo.com.br", { ip: "192.0.2.60" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, message: NEWSLETTER_MESSAGES.tooManyForSite });
    expect(await sentTo("mais-uma@exemplo.com.br")).toHaveLength(0);
    await db().delete(rateLimits);
  });

  it("answers a new and a confirmed address without waiting for the mail server", async () => {
    await subscribe("rapida@exemplo.com.br", SENDER);
    const [mail] = await sentTo("rapida@exemplo.com.br");
    await confirmSubscription(mail!.text.match(/newsletter\/confirmar\/(\S+)/)![1]!);
    // A mail server that does not answer until released.
    let release = () => {};
    vi.mocked(sendMail).mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    const within = <T>(promise: Promise<T>) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve("waited"), 1000))]);
    expect(await within(subscribe("nova@exemplo.com.br", SENDER))).toBe("confirmation_sent");
    expect(await within(subscribe("rapida@exemplo.com.br", SENDER))).toBe("already_confirmed");
    release();
    await settleBackgroundWork();
  });

  it("takes at most ten addresses an hour from one client address", async () => {
    for (let i = 0; i < 10; i++) await subscribe(`lote-${i}@exemplo.com.br`, { ip: "192.0.2.200" });
    const refused = await subscribe("lote-10@exemplo.com.br", { ip: "192.0.2.200" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429 });
    expect(await sentTo("lote-10@exemplo.com.br")).toHaveLength(0);
    // Another client address is not held back.
    expect(await subscribe("lote-10@exemplo.com.br", { ip: "192.0.2.201" })).toBe("confirmation_sent");
  });

  it("puts a one-click unsubscribe link in the text and the List-Unsubscribe headers", async () => {
    await subscribe("caio@exemplo.com.br", SENDER);
    const [mail] = await sentTo("caio@exemplo.com.br");
    const link = mail!.text.match(/https?:\/\/\S+\/newsletter\/cancelar\/(\S+)/);
    expect(link).not.toBeNull();
    expect(mail!.headers).toEqual({
      "List-Unsubscribe": `<${link![0]}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const token = link![1]!;
    expect(await isUnsubscribeLinkValid(`${token}x`)).toBe(false);
    expect(await isUnsubscribeLinkValid("1.inventado")).toBe(false);
    expect(await isUnsubscribeLinkValid(token)).toBe(true);
    expect(await unsubscribe(token)).toBe(true);
    expect(await subscriptionOf("caio@exemplo.com.br")).toBeNull();
    expect(await unsubscribe(token)).toBe(false);
  });

  it("finds and forgets a member's subscription by their address", async () => {
    await subscribe("davi@exemplo.com.br", SENDER);
    expect(await subscriptionOf("Davi@Exemplo.com.br")).toMatchObject({
      email: "davi@exemplo.com.br",
      confirmedAt: null,
    });
    await removeSubscriptionOf(db(), "DAVI@exemplo.com.br");
    expect(await subscriptionOf("davi@exemplo.com.br")).toBeNull();
  });

  it("does not confirm with a made-up token", async () => {
    expect(await confirmSubscription("inventado")).toBe(false);
    expect(await confirmationLinkState("inventado")).toBe("invalid");
  });

  it("tells what a confirmation link names without confirming it", async () => {
    await subscribe("eva@exemplo.com.br", SENDER);
    const [mail] = await sentTo("eva@exemplo.com.br");
    const token = mail!.text.match(/newsletter\/confirmar\/(\S+)/)![1]!;
    expect(await confirmationLinkState(token)).toBe("pending");
    expect(await confirmationLinkState(token)).toBe("pending");
    expect(await confirmSubscription(token)).toBe(true);
    expect(await confirmationLinkState(token)).toBe("confirmed");
  });
});
