// POST /api/post-favorite (postId, value on|off): the favourite button of a post.
import { redirect, href } from "react-router";
import { setPostFavorite } from "#app/features/posts/reactions.server.ts";
import type { Route } from "./+types/post-favorite";
import { handleToggle } from "./post-toggle.server.ts";

export function loader() {
  return redirect(href("/favoritos"));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleToggle(request, context, async (viewer, postId, on) => {
    const { favorited, favoriteCount } = await setPostFavorite(viewer, postId, on);
    return { value: favorited, count: favoriteCount };
  });
}
