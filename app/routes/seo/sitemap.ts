import { listPostsForSitemap } from "#app/features/posts/posts.server.ts";
import { listQuestionsForSitemap } from "#app/features/questions/question-list.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";

export async function loader() {
  const origin = publicUrl();
  const urls = ["/", "/questions", "/blog"].map((p) => `<url><loc>${origin}${p}</loc></url>`).join("");
  // Blog posts (slugs are [a-z0-9-] only, so they need no escaping).
  const posts = (await listPostsForSitemap(5000))
    .map(
      (p) =>
        `<url><loc>${origin}/blog/${p.slug}</loc><lastmod>${p.lastModified.toISOString()}</lastmod></url>`,
    )
    .join("");
  // Questions (numeric ids).
  const questions = (await listQuestionsForSitemap(5000))
    .map(
      (q) =>
        `<url><loc>${origin}/questions/${q.id}</loc><lastmod>${q.lastModified.toISOString()}</lastmod></url>`,
    )
    .join("");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}${posts}${questions}</urlset>`,
    {
      headers: { "Content-Type": "application/xml; charset=utf-8" },
    },
  );
}
