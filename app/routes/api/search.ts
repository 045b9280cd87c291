// GET /api/search?q= — the header box's results: up to five, grouped by kind.
import { quickSearch } from "#app/features/search/search.server.ts";
import { SEARCH_TIMED_OUT_MESSAGE } from "#app/features/search/search-query.ts";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 200) ?? "";
  const { hits, limited, timedOut } = await quickSearch(q);
  // A stopped search answers 200 with no hits (the box shows "nothing found") and is not kept by the browser;
  // an error status would send the box's fetcher to the page's error boundary.
  if (timedOut) {
    return Response.json(
      { q, hits, limited, timedOut, message: SEARCH_TIMED_OUT_MESSAGE },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  return Response.json({ q, hits, limited }, { headers: { "Cache-Control": "private, max-age=30" } });
}
