// Shared by POST /api/post-like and POST /api/post-favorite: parse, ask the feature, answer the fetcher with
// JSON or send a plain form back to where it came from.
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider, href } from "react-router";
import { toggleSchema, type ToggleActionData } from "#app/features/posts/schemas.ts";
import { requireViewer, safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export async function handleToggle(
  request: Request,
  context: Readonly<RouterContextProvider>,
  apply: (viewer: Viewer, postId: number, on: boolean) => Promise<{ value: boolean; count: number }>,
) {
  const viewer = requireViewer(request, context);
  const submission = parseWithZod(await request.formData(), { schema: toggleSchema });
  if (submission.status !== "success") {
    return data<ToggleActionData>({ ok: false, message: "Pedido inválido." }, { status: 400 });
  }
  const { postId, value, redirectTo } = submission.value;
  writeChanges(context, topic.post(postId));
  try {
    const result = await apply(viewer, postId, value === "on");
    if (redirectTo) return redirect(safeRedirectPath(redirectTo, href("/blog")));
    return data<ToggleActionData>({ ok: true, ...result });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (redirectTo) throw data(error.message, { status: error.status });
    return data<ToggleActionData>({ ok: false, message: error.message }, { status: error.status });
  }
}
