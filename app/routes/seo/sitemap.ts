import { publicUrl } from "#app/lib/env.server.ts";
import type { Route } from "./+types/sitemap";

export function loader({ request }: Route.LoaderArgs) {
  const origin = publicUrl(request);
  const urls = ["/", "/questions", "/blog"].map((p) => `<url><loc>${origin}${p}</loc></url>`).join("");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    {
      headers: { "Content-Type": "application/xml; charset=utf-8" },
    },
  );
}
