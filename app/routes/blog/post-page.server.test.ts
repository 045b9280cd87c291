// Ids in the blog's forms that cannot be ids (a word, a fraction, a number past the integer range) are refused
// as bad or unknown input (400 or 404), never as a failed query (they used to answer 500).
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { publish } from "#app/features/posts/test-fixtures.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
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

/** What an action answered: its status, whether it returned or threw `data(…)`, a Response or a redirect. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  const status = (value: unknown) =>
    value instanceof Response
      ? value.status
      : ((value as { init?: { status?: number } } | undefined)?.init?.status ?? 200);
  try {
    return status(await run());
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { init?: unknown })?.init) return status(thrown);
    throw thrown;
  }
}

function args(path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(viewerContext, member);
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return { request, context, params } as never;
}

describe("malformed ids in the blog's forms", () => {
  test("deleting a comment answers 404; replying to one is refused", async () => {
    for (const bad of BAD_IDS) {
      const remove = { intent: "delete-comment", commentId: bad };
      expect(await statusOf(() => postAction(args(`/blog/${slug}`, remove, { slug }))), bad).toBe(404);
      const reply = { intent: "comment", parentId: bad, body: "Uma resposta ao comentário." };
      expect(REFUSED, bad).toContain(
        await statusOf(() => postAction(args(`/blog/${slug}`, reply, { slug }))),
      );
    }
  });

  test("the like, follow and tag-follow APIs refuse them", async () => {
    for (const bad of BAD_IDS) {
      const like = { postId: bad, value: "on" };
      expect(REFUSED, `curtir ${bad}`).toContain(
        await statusOf(() => likeAction(args("/api/post-like", like))),
      );
      const follow = { intent: "follow", userId: bad };
      expect(REFUSED, `seguir ${bad}`).toContain(
        await statusOf(() => followAction(args("/api/follows", follow))),
      );
      const tag = { intent: "follow", tagId: bad };
      expect(REFUSED, `seguir tag ${bad}`).toContain(
        await statusOf(() => tagFollowAction(args("/api/tag-follows", tag))),
      );
    }
  });
});
