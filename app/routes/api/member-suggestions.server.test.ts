// The members "@" suggests in the editor, through the real route: handles that start with what was typed first,
// then names; followed people first; never the writer, a removed account or either side of a block.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "#db/schema.ts";
import { blockMember } from "#app/features/moderation/blocks.server.ts";
import { follow } from "#app/features/social/follows.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { loaderArgs } from "#tests/support/route-calls.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { loader } from "./member-suggestions.ts";

const db = setupTestDatabase();

async function suggest(viewer: Viewer | null, q: string) {
  const response = (await loader(
    loaderArgs(`/api/members/suggest?q=${encodeURIComponent(q)}`, {}, viewer),
  )) as Response;
  return { status: response.status, body: (await response.json()) as { handle: string }[] };
}

describe("suggesting members to mention", () => {
  test("prefix of the handle first, followed people before others; never oneself, removed accounts or blocks", async () => {
    const stamp = Date.now().toString(36);
    const writer = await createMember(db(), { handle: `zeca-${stamp}`, name: "Zeca Escritor" });
    const [famous, followed, byName, blocker, blocked, removed] = await Promise.all([
      createMember(db(), { handle: `zeca-${stamp}-a`, name: "Zeca Famoso", reputation: 900 }),
      createMember(db(), { handle: `zeca-${stamp}-b`, name: "Zeca Seguido", reputation: 10 }),
      createMember(db(), { handle: `outra-${stamp}`, name: `Maria zeca-${stamp} Souza` }),
      createMember(db(), { handle: `zeca-${stamp}-c`, name: "Zeca Bloqueou" }),
      createMember(db(), { handle: `zeca-${stamp}-d`, name: "Zeca Bloqueado" }),
      createMember(db(), { handle: `zeca-${stamp}-e`, name: "Zeca Removido" }),
    ]);
    await follow(writer, followed.id);
    await blockMember(blocker, writer.id);
    await blockMember(writer, blocked.id);
    await db()
      .update(users)
      .set({ email: `removido:${removed.id}` })
      .where(eq(users.id, removed.id));

    const { status, body } = await suggest(writer, `zeca-${stamp}`);
    expect(status).toBe(200);
    expect(body.map((member) => member.handle)).toEqual([followed.handle, famous.handle, byName.handle]);
    expect(body[0]).toEqual({ handle: followed.handle, name: "Zeca Seguido", avatarUrl: null });
  });

  test("visitors get a 401; anything that cannot be a handle suggests nobody", async () => {
    const member = await createMember(db());
    expect((await suggest(null, "ana")).status).toBe(401);
    for (const typed of ["", "%", "a_b", "ana maria", "x".repeat(60)]) {
      expect((await suggest(member, typed)).body).toEqual([]);
    }
  });
});
