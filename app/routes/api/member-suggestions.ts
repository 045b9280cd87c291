// GET /api/members/suggest?q=… — the members the editor offers as a member types "@" (members only: the
// suggestions depend on who is asking, and visitors write nothing).
import { suggestMembersToMention } from "#app/features/social/mention-suggestions.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { isAppError } from "#app/lib/errors.ts";
import type { Route } from "./+types/member-suggestions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 40);
  try {
    const found = await suggestMembersToMention(context.get(viewerContext), query);
    return Response.json(found, { headers: { "Cache-Control": "private, max-age=30" } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.json({ message: error.message }, { status: error.status });
  }
}
