// Shared by POST /api/follows (members) and POST /api/tag-follows (tags): parse the Seguir button's form, follow
// or unfollow, then send a plain form back to where it came from or answer the fetcher with JSON. Visitors are
// sent to sign in.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { ZodType } from "zod";
import { requireViewer, safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";

type FollowForm = { intent: "follow" | "unfollow"; redirectTo?: string | undefined };
type Refused = { ok: false; message: string };

export async function handleFollow<Form extends FollowForm, Done extends { ok: true }>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: {
    schema: ZodType<Form>;
    /** Where a plain form goes back to when its `redirectTo` is not a path of this site. */
    fallbackPath: string;
    /** Follows (`follow: true`) or unfollows what the form names. */
    apply: (viewer: Viewer, form: Form, follow: boolean) => Promise<unknown>;
    /** The fetcher's answer once it is done. */
    done: (viewer: Viewer, form: Form) => Promise<Done> | Done;
  },
) {
  const viewer = requireViewer(request, context);
  const submission = parseWithZod(await request.formData(), { schema: options.schema });
  if (submission.status !== "success") {
    return data<Done | Refused>({ ok: false, message: "Pedido inválido." }, { status: 400 });
  }
  const form = submission.value;
  try {
    await options.apply(viewer, form, form.intent === "follow");
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (form.redirectTo) throw data(error.message, { status: error.status });
    return data<Done | Refused>({ ok: false, message: error.message }, { status: error.status });
  }
  if (form.redirectTo) return redirect(safeRedirectPath(form.redirectTo, options.fallbackPath));
  return data<Done | Refused>(await options.done(viewer, form));
}
