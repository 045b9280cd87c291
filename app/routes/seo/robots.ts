import { publicUrl } from "#app/lib/env.server.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /test",
    "Disallow: /configuracoes",
    "",
    `Sitemap: ${publicUrl()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
