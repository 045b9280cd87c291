// POST /api/tag-follows (intent follow | unfollow, tagId): the Seguir button of tag pages. A plain form post
// comes back to `redirectTo`; a fetcher gets { ok, following, followers }. Visitors are sent to sign in.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { tagFollowSchema, type TagFollowActionData } from "#app/features/social/tag-follow-schema.ts";
import { followTag, tagFollowState, unfollowTag } from "#app/features/social/tag-follows.server.ts";
import { requireViewer, safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import type { Route } from "./+types/tag-follows";

export async function loader() {
  return redirect("/tags");
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const submission = parseWithZod(await request.formData(), { schema: tagFollowSchema });
  if (submission.status !== "success") {
    return data<TagFollowActionData>({ ok: false, error: "Pedido inválido." }, { status: 400 });
  }
  const { intent, tagId, redirectTo } = submission.value;
  try {
    if (intent === "follow") await followTag(viewer, tagId);
    else await unfollowTag(viewer, tagId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (redirectTo) throw data(error.message, { status: error.status });
    return data<TagFollowActionData>({ ok: false, error: error.message }, { status: error.status });
  }
  if (redirectTo) return redirect(safeRedirectPath(redirectTo, "/tags"));
  const state = await tagFollowState(viewer, tagId);
  return data<TagFollowActionData>({ ok: true, ...state });
}
