// GET /api/search?q= — the header box's results: up to five, grouped by kind.
import { quickSearch } from "#app/features/search/search.server.ts";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 200) ?? "";
  const hits = await quickSearch(q);
  return Response.json({ q, hits }, { headers: { "Cache-Control": "private, max-age=30" } });
}
