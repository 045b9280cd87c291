// The action of /blog/:slug: a comment, deleting one, deleting the post, in the one table of
// lib/intents.server.ts. Deleting a post made from an answer changes the question's page too (ADR 043).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, href } from "react-router";
import {
  addPostComment,
  changePostComment,
  deletePostComment,
  votePostComment,
} from "#app/features/posts/comments.server.ts";
import { SPAM_MESSAGES } from "#app/features/moderation/spam-defences.server.ts";
import type { CommentActionData } from "#app/features/posts/components/comment-section.tsx";
import { questionIdOfPost } from "#app/features/posts/answer-posts.server.ts";
import { deletePost, findPostId } from "#app/features/posts/posts.server.ts";
import { commentSchema } from "#app/features/posts/schemas.ts";
import { withDoneNotice } from "#app/lib/done-notices.ts";
import { requireViewer, safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { intentAction, UNKNOWN_INTENT_MESSAGE } from "#app/lib/intents.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { topic, writeChanges, writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { setWatching } from "#app/features/notifications/thread-watches.server.ts";
import type { Route } from "./+types/post-page";

export async function postPageAction({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const postId = await findPostId(params.slug);
  if (!postId) throw data("Post não encontrado.", { status: 404 });
  // Watching changes nothing a visitor sees.
  if (intent === "watch") writeChangesNothingVisitorsSee(context);
  else writeChanges(context, topic.post(postId));
  // A post made from an answer shows under it: deleting it changes the question's page too (ADR 043).
  if (intent === "delete-post") {
    const questionId = await questionIdOfPost(postId);
    if (questionId !== null) writeChanges(context, topic.question(questionId));
  }
  const back = safeRedirectPath(formData.get("redirectTo"), "");
  return postPageIntents(intent, { viewer, postId, formData, back });
}

type PostPageArgs = { viewer: Viewer; postId: number; formData: FormData; back: string };

/** The post page's forms: a comment, editing, up-voting or deleting one, deleting the post (lib/intents.server.ts). */
const postPageIntents = intentAction(
  {
    async comment({ viewer, postId, formData, back }: PostPageArgs) {
      const formId = String(formData.get("formId") ?? "comentario-novo");
      const body = String(formData.get("body") ?? "");
      const refused = (message: string, status: number) =>
        data<CommentActionData>({ formId, ok: false, message, body }, { status });
      const submission = parseWithZod(formData, { schema: commentSchema });
      if (submission.status !== "success") {
        return refused(submission.error?.body?.[0] ?? "Não foi possível enviar o comentário.", 400);
      }
      try {
        const { id, held } = await addPostComment(viewer, postId, submission.value);
        // A held comment is hidden until reviewed: its writer reads why by the form.
        if (held) return data<CommentActionData>({ formId, ok: true, message: SPAM_MESSAGES.held });
        if (back) return redirect(`${back}#comentario-${id}`);
        return data<CommentActionData>({ formId, ok: true });
      } catch (error) {
        if (!isAppError(error)) throw error;
        return refused(error.message, error.status);
      }
    },
    async "delete-comment"({ viewer, formData, back }: PostPageArgs) {
      await deletePostComment(viewer, formRowId(formData.get("commentId")));
      if (back) return redirect(`${back}#comentarios`);
      return { ok: true };
    },
    async "edit-comment"({ viewer, formData, back }: PostPageArgs) {
      const commentId = formRowId(formData.get("commentId"));
      const submission = parseWithZod(formData, { schema: commentSchema });
      if (submission.status !== "success") {
        const message = submission.error?.body?.[0] ?? "Não foi possível salvar o comentário.";
        return data({ intent: "edit-comment", ok: false, message }, { status: 400 });
      }
      await changePostComment(viewer, commentId, submission.value.body);
      if (back) return redirect(back);
      return { intent: "edit-comment", ok: true };
    },
    async "vote-comment"({ viewer, formData, back }: PostPageArgs) {
      await votePostComment(viewer, formRowId(formData.get("commentId")), formData.get("value") === "on");
      if (back) return redirect(back);
      return { intent: "vote-comment", ok: true };
    },
    async watch({ viewer, postId, formData }: PostPageArgs) {
      await setWatching(viewer, { kind: "post", id: postId }, formData.get("value") === "on");
      return { intent: "watch", ok: true };
    },
    async "delete-post"({ viewer, postId }: PostPageArgs) {
      await deletePost(viewer, postId);
      return redirect(withDoneNotice(href("/blog"), "post-excluido"));
    },
  },
  {
    unknown: () => data({ ok: false, message: UNKNOWN_INTENT_MESSAGE }, { status: 400 }),
    refused: (error, intent, { back }) => {
      if (back || intent === "delete-post") throw data(error.message, { status: error.status });
      return data({ ok: false, message: error.message }, { status: error.status });
    },
  },
);
