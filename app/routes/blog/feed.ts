// /blog/feed.xml — RSS 2.0 of the newest posts.
import { listPostsForFeed } from "#app/features/posts/lists.server.ts";
import { renderRss, rssResponse } from "#app/features/posts/rss.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { SITE_NAME } from "#app/lib/meta.ts";

export async function loader() {
  const origin = publicUrl();
  const feed = await listPostsForFeed({ limit: 20 });
  return rssResponse(
    renderRss(
      {
        title: `Blog da ${SITE_NAME}`,
        link: `${origin}/blog`,
        selfUrl: `${origin}/blog/feed.xml`,
        description: "Os posts mais recentes da comunidade brasileira de devs.",
      },
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
