// POST /respostas/:answerId/transformar-em-post — "Transformar em post" in an answer's three-dot menu (ADR 043):
// a plain form post (works before JavaScript) that makes (or finds) the draft post of the answer and opens it
// in the writer, or opens the post already made from it. Nothing visitors see changes until it is published.
import { data, href, redirect } from "react-router";
import { turnAnswerIntoPost } from "#app/features/posts/answer-posts.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/answer-to-post";

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  writeChangesNothingVisitorsSee(context);
  const answerId = formRowId(params.answerId);
  try {
    const target = await turnAnswerIntoPost(viewer, answerId);
    if (target.kind === "post") throw redirect(href("/blog/:slug/editar", { slug: target.slug }));
    throw redirect(`${href("/write-a-post")}?rascunho=${target.draftId}`);
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** A GET (a link opened in a new tab) has nothing to show: back to the questions. */
export function loader() {
  return redirect(href("/questions"));
}
