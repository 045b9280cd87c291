// /blog/tag/:tag/feed.xml — RSS 2.0 of the newest posts with one tag (404 for an unknown tag).
import { postsFeed } from "./posts-feed.server.ts";
import type { Route } from "./+types/tag-feed";

export async function loader({ params }: Route.LoaderArgs) {
  return postsFeed(params.tag);
}
