// /moderacao/emails: administrators see the e-mails the outbox gave up on, put one back in the queue or drop it;
// nobody else sees the page (addresses and errors are private).
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { mailOutbox } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs, loaderArgs, statusOf } from "#tests/support/route-calls.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { action, loader } from "./failed-mail.tsx";

const db = setupTestDatabase();

const loaderAs = (viewer: Viewer) => loader(loaderArgs("/moderacao/emails", {}, viewer));

async function failedRow(recipient: string) {
  const [row] = await db()
    .insert(mailOutbox)
    .values({
      recipient,
      subject: "Confirme seu e-mail",
      text: "…",
      attempts: 8,
      failedAt: new Date(),
      lastError: "550 5.1.1 mailbox unavailable",
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

describe("e-mails the outbox gave up on", () => {
  test("are listed for administrators only, with the last error", async () => {
    const id = await failedRow("ninguem@exemplo.com.br");
    const admin = await createMember(db(), { role: "admin" });
    const moderator = await createMember(db(), { role: "moderator" });
    const adminWithoutTwoFactor = await createMember(db(), { role: "admin", totpSecret: null });

    expect(await statusOf(() => loaderAs(moderator))).toBe(403);
    expect(await statusOf(() => loaderAs(adminWithoutTwoFactor))).toBe(403);
    const page = (await loaderAs(admin)) as unknown as {
      data: { mails: { id: number; lastError: string }[]; total: number };
    };
    expect(page.data.mails).toEqual([
      expect.objectContaining({ id, lastError: "550 5.1.1 mailbox unavailable" }),
    ]);
    expect(page.data.total).toBe(1);
    expect(
      await statusOf(() =>
        action(actionArgs("/moderacao/emails", moderator, { intent: "retry", id: String(id) })),
      ),
    ).toBe(403);
  });

  test("'Tentar de novo' puts one back in the queue; 'Descartar' drops one", async () => {
    const admin = await createMember(db(), { role: "admin" });
    const retried = await failedRow("volta@exemplo.com.br");
    const dropped = await failedRow("some@exemplo.com.br");

    expect(
      await statusOf(() =>
        action(actionArgs("/moderacao/emails", admin, { intent: "retry", id: String(retried) })),
      ),
    ).toBe(200);
    const [back] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, retried));
    expect(back).toMatchObject({ failedAt: null, attempts: 0 });

    expect(
      await statusOf(() =>
        action(actionArgs("/moderacao/emails", admin, { intent: "discard", id: String(dropped) })),
      ),
    ).toBe(200);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.id, dropped))).toEqual([]);
    // Twice: it is not in the list any more.
    expect(
      await statusOf(() =>
        action(actionArgs("/moderacao/emails", admin, { intent: "discard", id: String(dropped) })),
      ),
    ).toBe(404);
  });
});
