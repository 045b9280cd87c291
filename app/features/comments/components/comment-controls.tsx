// What every comment offers beside its text, under questions, answers and posts alike: an up-vote with the
// score, "Editar" for its author in the first minutes (and for moderators), and "editado", which takes
// moderators to the comment's earlier versions. Each form posts to the page it is on (an intent of its
// action) with a fetcher; the vote works as a plain form before JavaScript too.
import { useEffect, useRef, useState } from "react";
import { Link, href, useFetcher, useLocation } from "react-router";
import { FieldError, fieldAria, Label } from "#app/components/form/field.tsx";
import type { ActionReply } from "#app/lib/action-reply.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** Where a plain form (before JavaScript) comes back to: the comment itself. */
function ComeBack({ commentId }: { commentId: number }) {
  const hydrated = useHydrated();
  const location = useLocation();
  return hydrated ? null : (
    <input type="hidden" name="redirectTo" value={`${location.pathname}#comentario-${commentId}`} />
  );
}

/** The comment's up-votes and, for a member who did not write it, the button that gives or takes one back. */
export function CommentVote({
  commentId,
  score,
  voted,
  mayVote,
}: {
  commentId: number;
  score: number;
  voted: boolean;
  mayVote: boolean;
}) {
  const fetcher = useFetcher<ActionReply>({ key: `comment-vote-${commentId}` });
  const pending = fetcher.formData?.get("value");
  const on = pending === "on" ? true : pending === "off" ? false : voted;
  const shown = score + (on === voted ? 0 : on ? 1 : -1);
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  if (!mayVote) {
    return shown > 0 ? (
      <span className="mr-1 text-xs font-semibold text-slate-600" title="Votos neste comentário">
        {shown}
        <span className="sr-only"> {shown === 1 ? "voto" : "votos"}</span>
      </span>
    ) : null;
  }
  return (
    <fetcher.Form method="post" className="mr-1 inline-flex items-center gap-1" preventScrollReset>
      <input type="hidden" name="intent" value="vote-comment" />
      <input type="hidden" name="commentId" value={commentId} />
      <input type="hidden" name="value" value={on ? "off" : "on"} />
      <ComeBack commentId={commentId} />
      {shown > 0 ? <span className="text-xs font-semibold text-slate-600">{shown}</span> : null}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={on ? "Retirar seu voto neste comentário" : "Votar a favor deste comentário"}
        title={on ? "Retirar seu voto" : "Este comentário ajuda"}
        // 24 px square (WCAG's target size) without making the comment's line taller.
        className={`focus-visible:outline-primary -my-1 inline-flex size-6 items-center justify-center rounded text-xs leading-none focus-visible:outline-2 ${
          on ? "text-primary" : "text-slate-500 hover:text-slate-800"
        }`}
      >
        ▲
      </button>
      {refused ? (
        <span role="alert" className="field-error text-xs">
          {refused}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** "editado" after the date; for moderators, a link to the comment's earlier versions. */
export function EditedMark({
  commentId,
  editedAt,
  moderator,
}: {
  commentId: number;
  editedAt: Date | null;
  moderator: boolean;
}) {
  if (!editedAt) return null;
  const label = `editado ${formatDate(editedAt)}`;
  return moderator ? (
    <Link
      to={href("/comentarios/:id/historico", { id: String(commentId) })}
      className="text-xs text-slate-500 hover:underline"
    >
      <time dateTime={isoDate(editedAt)}>{label}</time>
      <span className="sr-only"> (ver as versões anteriores)</span>
    </Link>
  ) : (
    <time dateTime={isoDate(editedAt)} className="text-xs text-slate-500">
      {label}
    </time>
  );
}

/**
 * "Editar": the comment's text in a field, saved in place; the page's fresh data closes it. The field is made
 * when it opens (a closed copy of the text would be a second one on the page), so editing needs JavaScript;
 * a click before the page hydrated opens it as soon as it has.
 */
export function CommentEditForm(props: {
  commentId: number;
  body: string;
  minLength?: number;
  maxLength: number;
}) {
  // Keyed by the text: once the edit is saved, the fresh text closes the form.
  return <CommentEditDisclosure key={props.body} {...props} />;
}

function CommentEditDisclosure({
  commentId,
  body,
  minLength,
  maxLength,
}: {
  commentId: number;
  body: string;
  minLength?: number;
  maxLength: number;
}) {
  const fetcher = useFetcher<ActionReply>({ key: `comment-edit-${commentId}` });
  const fieldId = `comentario-${commentId}-edicao`;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // Opened by a click that came before hydration.
  useEffect(() => {
    if (disclosure.current?.open) setOpen(true);
  }, []);
  const shown = open || Boolean(error);
  return (
    <details
      ref={disclosure}
      className="inline"
      open={shown}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="inline cursor-pointer text-xs text-slate-500 hover:text-slate-800 hover:underline">
        Editar<span className="sr-only"> comentário</span>
      </summary>
      {shown ? (
        <fetcher.Form method="post" className="mt-2 flex flex-col gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="edit-comment" />
          <input type="hidden" name="commentId" value={commentId} />
          <Label htmlFor={fieldId}>Editar comentário</Label>
          <textarea
            id={fieldId}
            name="body"
            rows={3}
            defaultValue={body}
            minLength={minLength}
            maxLength={maxLength}
            required
            {...fieldAria({ error, errorId: `${fieldId}-error` })}
            className="field-input"
          />
          <FieldError id={`${fieldId}-error`} errors={error} alert />
          <div>
            <button type="submit" className="btn-outline py-1.5" disabled={fetcher.state !== "idle"}>
              Salvar edição
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </details>
  );
}
