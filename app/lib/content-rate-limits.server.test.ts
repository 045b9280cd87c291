import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "#db/schema.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import {
  assertContentRate,
  CONTENT_NEW_ACCOUNT_MS,
  CONTENT_TRUSTED_REPUTATION,
} from "./content-rate-limits.server.ts";
import { RATE_LIMITS } from "./rate-limits.server.ts";

const db = setupTestDatabase();
// The middle of an hour's window, so a test never straddles two windows.
const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000);

async function writeUntilRefused(member: Awaited<ReturnType<typeof createMember>>, limit: number) {
  for (let i = 0; i < limit; i++) await assertContentRate(member, "post", undefined, now);
  return assertContentRate(member, "post", "body", now).catch((error: unknown) => error);
}

describe("limits on writing", () => {
  test("a new member is held to the smaller number, with a Portuguese 429 next to the field", async () => {
    const member = await createMember(db(), { reputation: 1 });
    const refused = await writeUntilRefused(member, RATE_LIMITS.postsNewMember.limit);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, field: "body" });
    expect((refused as Error).message).toMatch(
      /^Você publicou muitos posts em pouco tempo\. Tente de novo em \d+ minutos?\. Contas novas/,
    );
  });

  test("an established member gets the larger number; a young account with reputation is still new", async () => {
    const established = await createMember(db(), { reputation: CONTENT_TRUSTED_REPUTATION });
    await db()
      .update(users)
      .set({ createdAt: new Date(now.getTime() - CONTENT_NEW_ACCOUNT_MS - 1000) })
      .where(eq(users.id, established.id));
    const refused = await writeUntilRefused(established, RATE_LIMITS.postsMember.limit);
    expect(refused).toMatchObject({ status: 429 });
    expect((refused as Error).message).not.toContain("Contas novas");

    const young = await createMember(db(), { reputation: 500 });
    expect(await writeUntilRefused(young, RATE_LIMITS.postsNewMember.limit)).toMatchObject({ status: 429 });
  });

  test("moderators are not limited, and each kind of content counts apart", async () => {
    const moderator = await createMember(db(), { role: "moderator" });
    expect(await writeUntilRefused(moderator, RATE_LIMITS.postsMember.limit + 5)).toBeUndefined();
    const member = await createMember(db());
    await writeUntilRefused(member, RATE_LIMITS.postsNewMember.limit);
    await expect(assertContentRate(member, "comment", "body", now)).resolves.toBeUndefined();
  });
});
