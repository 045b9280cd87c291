// POST /api/follows (intent follow | unfollow, userId): the Seguir buttons. A plain form post comes back
// to `redirectTo`; a fetcher gets { ok, following }. Visitors are sent to sign in.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { follow, unfollow } from "#app/features/social/follows.server.ts";
import { followSchema, type FollowActionData } from "#app/features/social/schemas.ts";
import { requireViewer, safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import type { Route } from "./+types/follows";

export async function loader() {
  return redirect("/membros");
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const submission = parseWithZod(await request.formData(), { schema: followSchema });
  if (submission.status !== "success") {
    return data<FollowActionData>({ ok: false, error: "Pedido inválido." }, { status: 400 });
  }
  const { intent, userId, redirectTo } = submission.value;
  try {
    if (intent === "follow") await follow(viewer, userId);
    else await unfollow(viewer, userId);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (redirectTo) throw data(error.message, { status: error.status });
    return data<FollowActionData>({ ok: false, error: error.message }, { status: error.status });
  }
  if (redirectTo) return redirect(safeRedirectPath(redirectTo, "/membros"));
  return data<FollowActionData>({ ok: true, following: intent === "follow" });
}
