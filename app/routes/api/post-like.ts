// POST /api/post-like (postId, value on|off): the like button of a post.
import { redirect, href } from "react-router";
import { setPostLike } from "#app/features/posts/reactions.server.ts";
import type { Route } from "./+types/post-like";
import { handleToggle } from "./post-toggle.server.ts";

export function loader() {
  return redirect(href("/blog"));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleToggle(request, context, async (viewer, postId, on) => {
    const { liked, likeCount } = await setPostLike(viewer, postId, on);
    return { value: liked, count: likeCount };
  });
}
