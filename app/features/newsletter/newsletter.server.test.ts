import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "#db/schema.ts";
import { outboxDir } from "#app/lib/mail.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { confirmSubscription, subscribe } from "./newsletter.server.ts";
import { newsletterSchema } from "./schemas.ts";

async function sentTo(address: string) {
  const files = await readdir(outboxDir()).catch(() => []);
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8"))),
  );
  return mails.filter((m: { to: string }) => m.to === address) as { to: string; text: string }[];
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
    expect(await subscribe("ana@exemplo.com.br", "http://site.test")).toBe("confirmation_sent");
    expect(await subscribe("ana@exemplo.com.br", "http://site.test")).toBe("confirmation_sent");
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

    expect(await subscribe("ana@exemplo.com.br", "http://site.test")).toBe("already_confirmed");
    expect(await sentTo("ana@exemplo.com.br")).toHaveLength(2);
  });

  it("does not confirm with a made-up token", async () => {
    expect(await confirmSubscription("inventado")).toBe(false);
  });
});
