// Comments under a question or an answer: plain text with links made clickable (safely: React escapes every
// piece, only http(s) addresses become anchors), a form to add one, and a delete button for the author and
// the moderators.
import { useEffect, useRef } from "react";
import { Link, useFetcher, href } from "react-router";
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import type { CommentView } from "../comments.server.ts";
import { linkifyText } from "../linkify.ts";
import { COMMENT_MAX, COMMENT_MIN } from "../rules.ts";
import type { FormActionData } from "../schemas.ts";
import { BlockedContent } from "#app/features/moderation/components/blocked-content.tsx";

function CommentText({ text }: { text: string }) {
  return (
    <>
      {linkifyText(text).map((part, i) =>
        part.type === "link" ? (
          <a
            key={i}
            href={part.href}
            rel="nofollow ugc noopener noreferrer"
            target="_blank"
            className="text-primary break-all underline"
          >
            {part.value}
          </a>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </>
  );
}

function DeleteCommentButton({ commentId }: { commentId: number }) {
  const fetcher = useFetcher<FormActionData>();
  return (
    <fetcher.Form method="post" className="inline" preventScrollReset>
      <input type="hidden" name="intent" value="delete-comment" />
      <input type="hidden" name="commentId" value={commentId} />
      <button
        type="submit"
        className="text-xs text-slate-500 hover:text-red-700 hover:underline"
        disabled={fetcher.state !== "idle"}
      >
        Excluir<span className="sr-only"> comentário</span>
      </button>
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
  const fetcher = useFetcher<FormActionData>({ key: `comment-${target}` });
  const formRef = useRef<HTMLFormElement>(null);
  const reply = fetcher.state === "idle" && fetcher.data?.target === target ? fetcher.data : null;
  const error = reply && !reply.ok ? reply.message : null;

  useEffect(() => {
    if (reply?.ok) formRef.current?.reset();
  }, [reply]);

  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      {comments.length ? (
        <ul aria-label="Comentários" className="flex flex-col divide-y divide-slate-100">
          {comments.map((comment) => (
            <li key={comment.id} id={`comentario-${comment.id}`} className="py-2 text-sm text-slate-800">
              {comment.authorBlocked ? (
                <BlockedContent>
                  <CommentText text={comment.body} />
                </BlockedContent>
              ) : (
                <CommentText text={comment.body} />
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
                </time>
              </span>{" "}
              {comment.canDelete ? <DeleteCommentButton commentId={comment.id} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {signedIn ? (
        <details className="group mt-2" open={Boolean(error)}>
          <summary className="text-primary cursor-pointer text-sm font-medium hover:underline">
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
              Texto simples, de {COMMENT_MIN} a {COMMENT_MAX} caracteres. Links viram clicáveis.
            </Hint>
            <FieldError id={`${fieldId}-error`} errors={error} alert />
            <div>
              <button type="submit" className="btn-outline py-1.5" disabled={fetcher.state !== "idle"}>
                Comentar
              </button>
            </div>
          </fetcher.Form>
        </details>
      ) : (
        <p className="mt-2 text-sm">
          <Link to={signInHref} className="text-primary font-medium hover:underline">
            Entre para comentar
          </Link>
        </p>
      )}
    </div>
  );
}
