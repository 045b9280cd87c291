// /blog/feed.xml — RSS 2.0 of the newest posts.
import { postsFeed } from "./posts-feed.server.ts";

export async function loader() {
  return postsFeed();
}
