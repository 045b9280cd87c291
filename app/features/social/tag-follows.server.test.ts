import { beforeAll, describe, expect, it } from "vitest";
import { tags } from "#db/schema.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { followedTags, followTag, tagFollowState, unfollowTag } from "./tag-follows.server.ts";

describe("following tags", () => {
  const db = setupTestDatabase();
  let ana: Viewer;
  let tagId: number;

  beforeAll(async () => {
    ana = await createMember(db());
    const [tag] = await db().insert(tags).values({ name: "elixir", slug: "elixir" }).returning();
    tagId = tag!.id;
  });

  it("refuses visitors and unknown tags", async () => {
    await expect(followTag(null, tagId)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(followTag(ana, 999_999)).rejects.toMatchObject({ code: "not_found" });
  });

  it("follows once, lists the tag and unfollows", async () => {
    expect(await followTag(ana, tagId)).toBe(true);
    expect(await followTag(ana, tagId)).toBe(false);
    expect(await tagFollowState(ana, tagId)).toEqual({ following: true, followers: 1 });
    expect(await tagFollowState(null, tagId)).toEqual({ following: false, followers: 1 });
    expect((await followedTags(ana.id)).map((t) => t.name)).toEqual(["elixir"]);
    expect(await unfollowTag(ana, tagId)).toBe(true);
    expect(await tagFollowState(ana, tagId)).toEqual({ following: false, followers: 0 });
  });
});
