// GET /api/tags?q=… — the tag selector's search as one types: a JSON list of `{ name, slug }`.
// Without a query it answers the predefined suggestions.
import { searchTags, suggestedTags } from "#app/features/tags/tags.server.ts";
import type { Route } from "./+types/tags";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const limit = Number(url.searchParams.get("limit") ?? 8);
  const found = query.trim()
    ? await searchTags(query, Number.isFinite(limit) ? limit : 8)
    : await suggestedTags();
  return Response.json(found, { headers: { "Cache-Control": "public, max-age=60" } });
}
