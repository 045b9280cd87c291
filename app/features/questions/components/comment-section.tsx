// Comments under a question or an answer: their mini-Markdown as the server rendered and sanitised it, a form
// to add one (with a one-line reminder of the syntax), and a delete button for the author and the moderators.
import { useEffect, useRef } from "react";
import { Link, useFetcher, href } from "react-router";
import { CommentText } from "#app/components/comment-text.tsx";
import { ConfirmSubmit } from "#app/components/confirm-submit.tsx";
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";
// "Sinalizar" is the moderation feature's (a link that opens its dialog on demand).
import { FlagLink } from "#app/features/moderation/components/flag-link.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import type { CommentView } from "../comments.server.ts";
import { COMMENT_MAX, COMMENT_MIN } from "../rules.ts";
import type { FormActionData } from "../schemas.ts";
import { BlockedContent } from "#app/features/moderation/components/blocked-content.tsx";
import {
  CommentEditForm,
  CommentVote,
  EditedMark,
} from "#app/features/comments/components/comment-controls.tsx";

function DeleteCommentButton({ commentId, section }: { commentId: number; section: string }) {
  const fetcher = useFetcher<FormActionData>();
  return (
    <fetcher.Form method="post" className="inline" preventScrollReset>
      <ConfirmSubmit
        dialogId={`confirmar-excluir-comentario-${commentId}`}
        label={
          <>
            Excluir<span className="sr-only"> comentário</span>
          </>
        }
        title="Excluir comentário?"
        description="O comentário some para todo mundo. Não dá para desfazer."
        confirmLabel="Excluir"
        className="text-xs text-slate-500 hover:text-red-700 hover:underline"
        focusAfterRemoval={section}
      >
        <input type="hidden" name="intent" value="delete-comment" />
        <input type="hidden" name="commentId" value={commentId} />
      </ConfirmSubmit>
    </fetcher.Form>
  );
}

export function CommentSection({
  kind,
  id,
  comments,
  signedIn,
  signInHref,
}: {
  kind: "question" | "answer";
  id: number;
  comments: CommentView[];
  signedIn: boolean;
  signInHref: string;
}) {
  const target = `${kind}-${id}`;
  // Named after its target, not by useId: an answer's card may be rendered on its own and reused (ADR 031),
  // where React's ids would differ from the page's.
  const fieldId = `comentario-${target}-campo`;
  const sectionId = `comentarios-${target}`;
  const fetcher = useFetcher<FormActionData>({ key: `comment-${target}` });
  const formRef = useRef<HTMLFormElement>(null);
  const reply = fetcher.state === "idle" && fetcher.data?.target === target ? fetcher.data : null;
  const error = reply && !reply.ok ? reply.message : null;

  useEffect(() => {
    if (reply?.ok) formRef.current?.reset();
  }, [reply]);

  return (
    // Takes the focus when one of its comments is deleted from under it (ConfirmSubmit).
    <div id={sectionId} className="mt-4 border-t border-slate-200 pt-3 focus:outline-none">
      {comments.length ? (
        <ul aria-label="Comentários" className="flex flex-col divide-y divide-slate-100">
          {comments.map((comment) => (
            <li key={comment.id} id={`comentario-${comment.id}`} className="py-2 text-sm text-slate-800">
              <CommentVote
                commentId={comment.id}
                score={comment.score}
                voted={comment.voted}
                mayVote={comment.mayVote}
              />
              {comment.authorBlocked ? (
                <BlockedContent>
                  <CommentText html={comment.html} />
                </BlockedContent>
              ) : (
                <CommentText html={comment.html} />
              )}
              <span className="text-slate-500">
                {" "}
                –{" "}
                <Link
                  to={href("/u/:handle", { handle: comment.author.handle })}
                  className="text-primary font-medium hover:underline"
                >
                  {comment.author.name}
                </Link>{" "}
                <time dateTime={isoDate(comment.createdAt)} className="text-xs">
                  {formatDate(comment.createdAt)}
                </time>{" "}
                <EditedMark
                  commentId={comment.id}
                  editedAt={comment.editedAt}
                  moderator={comment.seesHistory}
                />
              </span>{" "}
              {comment.canEdit ? (
                <CommentEditForm
                  commentId={comment.id}
                  body={comment.body}
                  minLength={COMMENT_MIN}
                  maxLength={COMMENT_MAX}
                />
              ) : null}{" "}
              {comment.canDelete ? <DeleteCommentButton commentId={comment.id} section={sectionId} /> : null}{" "}
              {comment.mayFlag ? (
                <FlagLink kind="comment" id={comment.id} signedIn={signedIn} signInHref={signInHref} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {signedIn ? (
        <details className="group mt-1" open={Boolean(error || reply?.message)}>
          <summary className="text-primary cursor-pointer py-1 text-sm font-medium hover:underline">
            Adicionar um comentário
          </summary>
          <fetcher.Form ref={formRef} method="post" className="mt-2 flex flex-col gap-2" preventScrollReset>
            <input type="hidden" name="intent" value="comment" />
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="id" value={id} />
            <Label htmlFor={fieldId}>Seu comentário</Label>
            <textarea
              id={fieldId}
              name="body"
              rows={3}
              minLength={COMMENT_MIN}
              maxLength={COMMENT_MAX}
              required
              {...fieldAria({ error, errorId: `${fieldId}-error`, describedBy: `${fieldId}-hint` })}
              className="field-input"
            />
            <Hint id={`${fieldId}-hint`} className="text-xs text-slate-600">
              De {COMMENT_MIN} a {COMMENT_MAX} caracteres. Use `código`, **negrito**, *itálico* e
              [texto](https://…); links viram clicáveis.
            </Hint>
            <FieldError id={`${fieldId}-error`} errors={error} alert />
            {reply?.ok && reply.message ? (
              <p role="status" className="text-green-dark text-sm font-medium">
                {reply.message}
              </p>
            ) : null}
            <div>
              <button type="submit" className="btn-outline py-1.5" disabled={fetcher.state !== "idle"}>
                Comentar
              </button>
            </div>
          </fetcher.Form>
        </details>
      ) : (
        <p className="mt-1 text-sm">
          {/* A tap target of its own height: the post's tags sit right above it. */}
          <Link to={signInHref} className="text-primary inline-block py-1 font-medium hover:underline">
            Entre para comentar
          </Link>
        </p>
      )}
    </div>
  );
}
