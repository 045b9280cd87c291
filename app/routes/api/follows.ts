// POST /api/follows (intent follow | unfollow, userId): the Seguir buttons. A plain form post comes back
// to `redirectTo`; a fetcher gets { ok, following }. Visitors are sent to sign in.
import { redirect, href } from "react-router";
import { follow, unfollow } from "#app/features/social/follows.server.ts";
import { followSchema } from "#app/features/social/schemas.ts";
import { handleFollow } from "./follow-action.server.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/follows";

export async function loader() {
  return redirect(href("/membros"));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleFollow(request, context, {
    schema: followSchema,
    fallbackPath: href("/membros"),
    apply: (viewer, { userId }, on) => {
      // Both profiles count their follows.
      writeChanges(context, topic.member(userId), topic.member(viewer.id));
      return on ? follow(viewer, userId) : unfollow(viewer, userId);
    },
    done: (_viewer, { intent }) => ({ ok: true as const, following: intent === "follow" }),
  });
}
