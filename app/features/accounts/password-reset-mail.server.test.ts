// The forgot form's e-mail goes through the outbox (ADR 048): the request writes one row whatever the address
// (the same work either way), and the sender makes it into a reset link only for an existing account.
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { mailOutbox } from "#db/schema.ts";
import { outboxDir, type MailMessage } from "#app/lib/mail.server.ts";
import { sendDueMailNow } from "#app/lib/mail-outbox.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { requestPasswordReset } from "./accounts.server.ts";

const db = setupTestDatabase();

async function sent(): Promise<MailMessage[]> {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}

beforeEach(async () => {
  await rm(outboxDir(), { recursive: true, force: true, maxRetries: 5 });
  await db().delete(mailOutbox);
});

describe("password resets", () => {
  const meta = { ip: "192.0.2.40", userAgent: null, origin: "https://sdd.exemplo.com.br" };

  test("the forgot form queues one row whatever the address; only an account's becomes an e-mail", async () => {
    const member = await createMember(db(), { email: "tem-conta@exemplo.com.br" });
    await requestPasswordReset("ninguem@exemplo.com.br", meta);
    await requestPasswordReset(member.email, meta);
    expect(await db().select({ kind: mailOutbox.kind }).from(mailOutbox)).toEqual([
      { kind: "password_reset" },
      { kind: "password_reset" },
    ]);
    await sendDueMailNow();
    const mails = await sent();
    expect(mails.map((m) => m.to)).toEqual([member.email]);
    expect(mails[0]?.text).toContain("https://sdd.exemplo.com.br/?auth=recovery&token=");
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "password_reset"));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });
});
