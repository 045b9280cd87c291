// Comments under a post: plain text with a mini-Markdown (rendered on the server), one level of replies, each
// removable by its author (or a moderator).
// Every form is a fetcher form that also works as a plain form before JavaScript. The browser only checks
// that a comment is not empty (with the server's own message); the server validates everything, so a reader's
// first click does not download the validation library.
import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useLocation, href } from "react-router";
import { AvatarImage, shortName } from "#app/components/avatar.tsx";
import { CommentText } from "#app/components/comment-text.tsx";
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";
// "Sinalizar" is the moderation feature's (a link that opens its dialog on demand).
import { FlagLink } from "#app/features/moderation/components/flag-link.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import type { CommentThread, PostComment } from "../comments.server.ts";
import { COMMENT_MAX, MESSAGES } from "../rules.ts";
import { ConfirmSubmit } from "#app/components/confirm-submit.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { BlockedContent } from "#app/features/moderation/components/blocked-content.tsx";
import type { ActionReply } from "#app/lib/action-reply.ts";
import {
  CommentEditForm,
  CommentVote,
  EditedMark,
} from "#app/features/comments/components/comment-controls.tsx";

/** What the action answers a comment form: done, or the message for the field and the text to keep. */
/** `message`: why a comment was refused, or, for one held for review (not shown), why its writer does not see it. */
export type CommentActionData = ActionReply & { formId: string } & (
    { ok: true } | { ok: false; message: string; body: string }
  );

export function CommentSection({
  threads,
  count,
  signedIn,
}: {
  threads: CommentThread[];
  count: number;
  signedIn: boolean;
}) {
  const location = useLocation();
  const signInHref = `${href("/entrar")}?redirectTo=${encodeURIComponent(`${location.pathname}#comentarios`)}`;
  return (
    <section aria-labelledby="comentarios" className="mt-10">
      <h2 id="comentarios" tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
        Comentários ({count})
      </h2>
      {signedIn ? (
        <CommentForm formId="comentario-novo" label="Escreva um comentário" submitLabel="Comentar" />
      ) : (
        <p className="mt-4 text-slate-700">
          <Link
            to={`${href("/entrar")}?redirectTo=${encodeURIComponent(`${location.pathname}#comentarios`)}`}
            className="text-primary font-semibold hover:underline"
          >
            Entre na sua conta
          </Link>{" "}
          para comentar.
        </p>
      )}
      {threads.length === 0 ? (
        <p className="mt-6 text-slate-600">Ninguém comentou ainda. Comece a conversa!</p>
      ) : (
        <ol className="mt-8 flex flex-col gap-6">
          {threads.map((thread) => (
            <li key={thread.id}>
              <CommentItem comment={thread} signedIn={signedIn} signInHref={signInHref} />
              {thread.replies.length > 0 ? (
                <ol className="mt-4 ml-6 flex flex-col gap-4 border-l-2 border-slate-200 pl-4 sm:ml-10">
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} signedIn={signedIn} signInHref={signInHref} />
                    </li>
                  ))}
                </ol>
              ) : null}
              {signedIn && !thread.removed ? (
                <details className="mt-2 ml-6 sm:ml-10">
                  <summary className="text-primary w-fit cursor-pointer text-sm font-semibold hover:underline">
                    Responder
                    <span className="sr-only">
                      {" "}
                      a {thread.author ? shortName(thread.author.name) : "este comentário"}
                    </span>
                  </summary>
                  <CommentForm
                    formId={`resposta-${thread.id}`}
                    parentId={thread.id}
                    label="Sua resposta"
                    submitLabel="Responder"
                  />
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  signedIn,
  signInHref,
}: {
  comment: PostComment;
  signedIn: boolean;
  signInHref: string;
}) {
  if (comment.removed || !comment.author) {
    return (
      <article id={`comentario-${comment.id}`} className="text-sm text-slate-600 italic">
        Comentário removido.
      </article>
    );
  }
  const name = shortName(comment.author.name);
  return (
    <article id={`comentario-${comment.id}`} aria-label={`Comentário de ${name}`} className="flex gap-3">
      <AvatarImage src={comment.author.avatarUrl} handle={comment.author.handle} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            to={href("/u/:handle", { handle: comment.author.handle })}
            className="font-semibold text-slate-900 hover:underline"
          >
            {name}
          </Link>
          <time dateTime={isoDate(comment.createdAt)} className="text-slate-600">
            {formatDate(comment.createdAt)}
          </time>
          <EditedMark commentId={comment.id} editedAt={comment.editedAt} moderator={comment.seesHistory} />
        </div>
        {comment.authorBlocked ? (
          <BlockedContent>
            <p className="break-words whitespace-pre-line text-slate-800">
              <CommentText html={comment.html} />
            </p>
          </BlockedContent>
        ) : (
          <p className="mt-1 break-words whitespace-pre-line text-slate-800">
            <CommentText html={comment.html} />
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <CommentVote
            commentId={comment.id}
            score={comment.score}
            voted={comment.voted}
            mayVote={comment.mayVote}
          />
          {comment.canEdit ? (
            <CommentEditForm commentId={comment.id} body={comment.body} maxLength={COMMENT_MAX} />
          ) : null}
          {comment.canDelete ? <DeleteCommentForm commentId={comment.id} authorName={name} /> : null}
          {comment.mayFlag ? (
            <FlagLink kind="comment" id={comment.id} signedIn={signedIn} signInHref={signInHref} />
          ) : null}
        </div>
      </div>
    </article>
  );
}

function DeleteCommentForm({ commentId, authorName }: { commentId: number; authorName: string }) {
  const fetcher = useFetcher<ActionReply>();
  const hydrated = useHydrated();
  const location = useLocation();
  const error =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <fetcher.Form method="post" className="mt-1">
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname} />}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <ConfirmSubmit
        dialogId={`confirmar-apagar-comentario-${commentId}`}
        label="Apagar"
        accessibleLabel={`Apagar comentário de ${authorName}`}
        title="Apagar comentário?"
        description="O comentário some para todo mundo. Não dá para desfazer."
        confirmLabel="Apagar"
        className="text-sm font-medium text-red-700 hover:underline"
        focusAfterRemoval="comentarios"
      >
        <input type="hidden" name="intent" value="delete-comment" />
        <input type="hidden" name="commentId" value={commentId} />
      </ConfirmSubmit>
    </fetcher.Form>
  );
}

function CommentForm({
  formId,
  parentId,
  label,
  submitLabel,
}: {
  formId: string;
  parentId?: number;
  label: string;
  submitLabel: string;
}) {
  const fetcher = useFetcher<CommentActionData>({ key: formId });
  const actionData = useActionData<CommentActionData>();
  const hydrated = useHydrated();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const reply =
    fetcher.state === "idle" && fetcher.data?.formId === formId
      ? fetcher.data
      : actionData?.formId === formId
        ? actionData
        : undefined;
  const error = emptyError ?? (reply && !reply.ok ? reply.message : undefined);
  const fieldId = `${formId}-texto`;
  const errorId = `${formId}-erro`;
  const hintId = `${formId}-dica`;

  useEffect(() => {
    if (reply?.ok) formRef.current?.reset();
    else if (reply) fieldRef.current?.focus();
  }, [reply]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      id={formId}
      noValidate
      onSubmit={(event) => {
        if (fieldRef.current?.value.trim()) return;
        event.preventDefault();
        setEmptyError(MESSAGES.commentRequired);
        fieldRef.current?.focus();
      }}
      className="mt-4 flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="formId" value={formId} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname} />}
      <Label htmlFor={fieldId}>{label}</Label>
      <textarea
        ref={fieldRef}
        id={fieldId}
        name="body"
        required
        // A refused comment comes back to its writer: nothing typed is lost, with or without JavaScript.
        defaultValue={reply && !reply.ok ? reply.body : undefined}
        rows={parentId ? 3 : 4}
        maxLength={COMMENT_MAX}
        {...fieldAria({ error, errorId, describedBy: hintId })}
        onInput={() => setEmptyError(null)}
        className="field-input resize-y"
      />
      <Hint id={hintId}>
        Use `código`, **negrito**, *itálico* e [texto](https://…); links viram clicáveis.
      </Hint>
      <FieldError id={errorId} errors={error} />
      {reply?.ok && reply.message ? (
        <p role="status" className="text-green-dark text-sm font-medium">
          {reply.message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary self-start" disabled={fetcher.state !== "idle"}>
        {submitLabel}
      </button>
    </fetcher.Form>
  );
}
