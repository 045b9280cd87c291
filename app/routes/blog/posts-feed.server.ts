// Shared by /blog/feed.xml and /blog/tag/:tag/feed.xml: the newest twenty posts (with one tag) as RSS 2.0,
// every link absolute from PUBLIC_URL; an unknown tag is a 404.
import { listPostsForFeed } from "#app/features/posts/lists.server.ts";
import { renderRss, rssResponse, type RssChannel } from "#app/features/posts/rss.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { SITE_NAME } from "#app/lib/meta.ts";

/** The blog's feed, or with `tagSlug` the feed of one tag's posts. */
export async function postsFeed(tagSlug?: string): Promise<Response> {
  const origin = publicUrl();
  const feed = await listPostsForFeed({ tagSlug, limit: 20 });
  const tag = feed?.tag ?? null;
  if (tagSlug !== undefined && !tag) {
    return new Response("Tag não encontrada.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const channel: RssChannel = tag
    ? {
        title: `${tag.name} — Blog da ${SITE_NAME}`,
        link: `${origin}/blog?tag=${encodeURIComponent(tag.slug)}`,
        selfUrl: `${origin}/blog/tag/${encodeURIComponent(tag.slug)}/feed.xml`,
        description: `Os posts mais recentes com a tag ${tag.name}.`,
      }
    : {
        title: `Blog da ${SITE_NAME}`,
        link: `${origin}/blog`,
        selfUrl: `${origin}/blog/feed.xml`,
        description: "Os posts mais recentes da comunidade brasileira de devs.",
      };
  return rssResponse(
    renderRss(
      channel,
      (feed?.items ?? []).map((item) => ({
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
