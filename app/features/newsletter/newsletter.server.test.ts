import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "#db/schema.ts";
import { outboxDir } from "#app/lib/mail.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import {
  confirmSubscription,
  isUnsubscribeLinkValid,
  NEWSLETTER_MESSAGES,
  removeSubscriptionOf,
  subscribe,
  subscriptionOf,
  unsubscribe,
} from "./newsletter.server.ts";
import { newsletterSchema } from "./schemas.ts";

const SENDER = { ip: "192.0.2.10" };

type SentMail = { to: string; text: string; headers?: Record<string, string> };

async function sentTo(address: string) {
  const files = await readdir(outboxDir()).catch(() => []);
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8"))),
  );
  return mails.filter((m: { to: string }) => m.to === address) as SentMail[];
}

describe("newsletter", () => {
  const db = setupTestDatabase();
  beforeEach(() => rm(outboxDir(), { recursive: true, force: true }));

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
  });
});
