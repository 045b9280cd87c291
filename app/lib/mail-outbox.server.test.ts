// The outbox (ADR 048): an e-mail leaves only if the transaction that queued it commits, once however many
// senders look at the same time, and a failure is tried again with back-off until it is given up and shown to
// administrators.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { mailOutbox } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { outboxDir, type MailMessage } from "./mail.server.ts";
import {
  deliverDueMail,
  failedMail,
  MAIL_MAX_ATTEMPTS,
  queueMail,
  retryDelaySeconds,
  sendDueMailNow,
} from "./mail-outbox.server.ts";

const db = setupTestDatabase();

async function sent(): Promise<(MailMessage & { sentAt: string })[]> {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}

const message = (to: string): MailMessage => ({ to, subject: "Assunto", text: "Texto da mensagem." });

beforeEach(async () => {
  await rm(outboxDir(), { recursive: true, force: true, maxRetries: 5 });
  await db().delete(mailOutbox);
});

describe("queueing", () => {
  test("an e-mail queued in a transaction that rolls back never leaves; a committed one leaves once", async () => {
    await db()
      .transaction(async (tx) => {
        await queueMail(tx, message("desfeito@exemplo.com.br"));
        throw new Error("a mudança falhou");
      })
      .catch(() => {});
    await db().transaction((tx) => queueMail(tx, message("feito@exemplo.com.br")));
    await sendDueMailNow();
    expect((await sent()).map((m) => m.to)).toEqual(["feito@exemplo.com.br"]);
    const [row] = await db().select().from(mailOutbox);
    expect(row?.sentAt).not.toBeNull();
    expect(await deliverDueMail()).toBe(0);
    expect(await sent()).toHaveLength(1);
  });

  test("senders looking at once send each e-mail once", async () => {
    for (let i = 0; i < 25; i++) await queueMail(db(), message(`pessoa-${i}@exemplo.com.br`));
    await Promise.all([deliverDueMail(), deliverDueMail(), deliverDueMail(), deliverDueMail()]);
    await sendDueMailNow();
    const to = (await sent()).map((m) => m.to).sort();
    expect(to).toHaveLength(25);
    expect(new Set(to).size).toBe(25);
  });
});

describe("failures", () => {
  test("are tried again with back-off, then given up and listed for administrators", async () => {
    // The outbox folder cannot be made: every send fails.
    await writeFile(outboxDir(), "um arquivo no lugar da pasta");
    await queueMail(db(), message("sem-sorte@exemplo.com.br"));
    expect(await deliverDueMail()).toBe(1);
    const [first] = await db().select().from(mailOutbox);
    expect(first).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(first?.lastError).toBeTruthy();
    const wait = first!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan((retryDelaySeconds(1) - 5) * 1000);
    // Not due again until then.
    expect(await deliverDueMail()).toBe(0);
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await db()
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) });
      expect(await deliverDueMail()).toBe(1);
    }
    const [last] = await db().select().from(mailOutbox);
    expect(last).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
    expect(last?.failedAt).not.toBeNull();
    expect((await failedMail()).map((m) => m.recipient)).toEqual(["sem-sorte@exemplo.com.br"]);
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(3)).toBe(120);
    expect(retryDelaySeconds(20)).toBe(3600);
    await rm(outboxDir(), { force: true });
  });
});
