// POST /api/tag-follows (intent follow | unfollow, tagId): the Seguir button of tag pages. A plain form post
// comes back to `redirectTo`; a fetcher gets { ok, following, followers }. Visitors are sent to sign in.
import { redirect, href } from "react-router";
import { tagFollowSchema } from "#app/features/social/tag-follow-schema.ts";
import { followTag, tagFollowState, unfollowTag } from "#app/features/social/tag-follows.server.ts";
import { handleFollow } from "./follow-action.server.ts";
import { writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/tag-follows";

export async function loader() {
  return redirect(href("/tags"));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleFollow(request, context, {
    schema: tagFollowSchema,
    fallbackPath: href("/tags"),
    apply: (viewer, { tagId }, on) => {
      // A tag's follower count shows on lists only.
      writeChanges(context);
      return on ? followTag(viewer, tagId) : unfollowTag(viewer, tagId);
    },
    done: async (viewer, { tagId }) => ({ ok: true as const, ...(await tagFollowState(viewer, tagId)) }),
  });
}
