// /blog/tag/:tag/feed.xml — RSS 2.0 of the newest posts with one tag (404 for an unknown tag).
import { listPostsForFeed } from "#app/features/posts/lists.server.ts";
import { renderRss, rssResponse } from "#app/features/posts/rss.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { SITE_NAME } from "#app/lib/meta.ts";
import type { Route } from "./+types/tag-feed";

export async function loader({ params }: Route.LoaderArgs) {
  const origin = publicUrl();
  const feed = await listPostsForFeed({ tagSlug: params.tag, limit: 20 });
  if (!feed?.tag) {
    return new Response("Tag não encontrada.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const tag = feed.tag;
  return rssResponse(
    renderRss(
      {
        title: `${tag.name} — Blog da ${SITE_NAME}`,
        link: `${origin}/blog?tag=${encodeURIComponent(tag.slug)}`,
        selfUrl: `${origin}/blog/tag/${encodeURIComponent(tag.slug)}/feed.xml`,
        description: `Os posts mais recentes com a tag ${tag.name}.`,
      },
      feed.items.map((item) => ({
        title: item.title,
        link: `${origin}/blog/${item.slug}`,
        description: item.description,
        author: item.authorName,
        publishedAt: item.createdAt,
        categories: item.tags,
      })),
    ),
  );
}
