// Ids in the blog's forms that cannot be ids (a word, a fraction, a number past the integer range) are refused
// as bad or unknown input (400 or 404), never as a failed query (they used to answer 500).
import { beforeAll, describe, expect, test } from "vitest";
import { publish } from "#tests/support/posts.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { createMember } from "#tests/support/factories.ts";
import { action as followAction } from "../api/follows.ts";
import { action as likeAction } from "../api/post-like.ts";
import { action as tagFollowAction } from "../api/tag-follows.ts";
import { action as postAction } from "./post-page.tsx";

const db = setupTestDatabase();
let member: Viewer;
let slug: string;
beforeAll(async () => {
  member = await createMember(db());
  slug = (await publish(member)).slug;
});

const BAD_IDS = ["abc", "1.5", "1e3", "99999999999", "2147483648"];
/** Zod reads "1e3" as 1000, a well-formed id of no row: refused as unknown rather than as invalid. */
const REFUSED = [400, 404];

describe("malformed ids in the blog's forms", () => {
  test("deleting a comment answers 404; replying to one is refused", async () => {
    for (const bad of BAD_IDS) {
      const remove = { intent: "delete-comment", commentId: bad };
      expect(
        await statusOf(() => postAction(actionArgs(`/blog/${slug}`, member, remove, { slug }))),
        bad,
      ).toBe(404);
      const reply = { intent: "comment", parentId: bad, body: "Uma resposta ao comentário." };
      expect(REFUSED, bad).toContain(
        await statusOf(() => postAction(actionArgs(`/blog/${slug}`, member, reply, { slug }))),
      );
    }
  });

  test("the like, follow and tag-follow APIs refuse them", async () => {
    for (const bad of BAD_IDS) {
      const like = { postId: bad, value: "on" };
      expect(REFUSED, `curtir ${bad}`).toContain(
        await statusOf(() => likeAction(actionArgs("/api/post-like", member, like))),
      );
      const follow = { intent: "follow", userId: bad };
      expect(REFUSED, `seguir ${bad}`).toContain(
        await statusOf(() => followAction(actionArgs("/api/follows", member, follow))),
      );
      const tag = { intent: "follow", tagId: bad };
      expect(REFUSED, `seguir tag ${bad}`).toContain(
        await statusOf(() => tagFollowAction(actionArgs("/api/tag-follows", member, tag))),
      );
    }
  });
});
