// /revisao — the review queue for moderators and members with the `review` privilege: flagged, held and first
// items and suggested edits, the most urgent first (spam and abuse), then oldest, filtered by kind, each tab with
// its count. Every decision of a card posts here (review-queue-action.server.ts) and its message shows in the
// status region above the list, the filter kept; the card that takes the decided card's place gets the focus,
// and j / k move between cards while the focus is in the list.
import { Fragment, useEffect, useRef, type Ref } from "react";
import { data, Form, Link, useActionData, useNavigation, href } from "react-router";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { ReviewCardView } from "#app/features/moderation/components/review-card.tsx";
import {
  listReviewQueue,
  reviewQueueCounts,
  parseReviewFilter,
  requireReviewer,
} from "#app/features/moderation/review-queue.server.ts";
import { hasPrivilege, REVIEW_FILTERS } from "#app/features/moderation/rules.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countLabel } from "#app/lib/plural.ts";
import type { Route } from "./+types/review-queue";
import { reviewQueueAction, type ReviewActionData } from "./review-queue-action.server.ts";
import { isModerator } from "#app/lib/permissions.ts";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Revisão", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  try {
    requireReviewer(viewer);
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
  const url = new URL(request.url);
  const filter = parseReviewFilter(url.searchParams.get("tipo"));
  const [queue, counts] = await Promise.all([
    listReviewQueue(viewer, filter, pageFromUrl(url)),
    reviewQueueCounts(viewer),
  ]);
  return {
    ...queue,
    counts,
    filter,
    powers: { moderator: isModerator(viewer), closeVote: hasPrivilege(viewer, "closeVote") },
  };
}

export const action = (args: Route.ActionArgs) => reviewQueueAction(args);

/** What a decision did, with "Desfazer" after a removal; a refusal is an alert and takes the focus. */
function Outcome({ reply, boxRef }: { reply: ReviewActionData; boxRef: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={boxRef}
      tabIndex={-1}
      role={reply.ok ? undefined : "alert"}
      className={`focus-visible:outline-primary flex flex-wrap items-center gap-3 rounded-md px-4 py-3 text-sm focus-visible:outline-2 ${reply.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
    >
      <p>{reply.message}</p>
      {reply.undo ? (
        // A removal is taken back from here for a while (review-queue.server.ts, undoRemoval).
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="undo-delete" />
          <input type="hidden" name="kind" value={reply.undo.kind} />
          <input type="hidden" name="id" value={reply.undo.id} />
          <input type="hidden" name="position" value={reply.position} />
          <button type="submit" className="btn-outline py-1">
            Desfazer
          </button>
        </Form>
      ) : null}
    </div>
  );
}

// Where j and k are text, not shortcuts.
const SHORTCUT_TARGETS = "input, textarea, select, [contenteditable='true']";

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  const { cards, total, totalPages, page, filter, powers } = loaderData;
  const reply = useActionData<typeof action>();
  const listRef = useRef<HTMLDivElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const emptyRef = useRef<HTMLHeadingElement>(null);

  // After a decision, once the queue is read again: when it no longer holds the decided card, the card now in
  // its place (the next one) takes the focus, or the last one, or the empty queue's heading; a refusal's message
  // takes it instead.
  const handled = useRef<unknown>(null);
  // The answer is shown once the queue is read again after the decision (before, the decided card is still in
  // the list).
  const settled = useNavigation().state === "idle";
  useEffect(() => {
    if (!reply || !settled || handled.current === reply) return;
    if (!reply.ok) {
      handled.current = reply;
      outcomeRef.current?.focus();
      return;
    }
    handled.current = reply;
    if (cards.some((card) => card.key === reply.key)) {
      // The card stays (or is back, after "Desfazer"): the focus stays where it was, or, if what had it is gone,
      // goes to the card.
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost) document.getElementById(`revisao-${reply.key}`)?.focus();
      return;
    }
    const list = [...(listRef.current?.querySelectorAll<HTMLElement>("[data-review-card]") ?? [])];
    const next = list[Math.min(reply.position, list.length - 1)];
    // The message sits just above the card that took the place (it may have moved up, past the top of the
    // screen): both are brought into view, the message first.
    (next ?? emptyRef.current)?.focus({ preventScroll: true });
    (outcomeRef.current ?? next)?.scrollIntoView({ block: "nearest" });
  }, [reply, cards, settled]);

  // The last decision's message, where it was made: in its card when the card stays (a vote to close, a lock, a
  // refusal), in the card's place when it left the queue.
  const stays = reply ? cards.some((card) => card.key === reply.key) : false;
  const outcomeAt = reply ? reply.position : -1;
  const outcome = reply && settled ? <Outcome reply={reply} boxRef={outcomeRef} /> : null;

  const move = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "j" && event.key !== "k") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest(SHORTCUT_TARGETS)) return;
    const list = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-review-card]")];
    const current = list.findIndex((card) => card.contains(event.target as Node));
    const next = list[event.key === "j" ? current + 1 : Math.max(0, current - 1)];
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.scrollIntoView({ block: "start" });
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-primary text-2xl font-bold">Revisão</h1>
        <p className="text-slate-700">
          {total === 0
            ? "Nenhum item esperando revisão."
            : `${countLabel(total, "item", "itens")} esperando revisão, os mais urgentes primeiro (spam e ofensas), depois os mais antigos.`}{" "}
          {powers.moderator
            ? "Como moderador, você decide sobre tudo o que está aqui."
            : "Você pode descartar sinalizações, marcá-las como úteis e aprovar ou recusar edições; excluir, publicar conteúdo oculto, bloquear e suspender ficam com a moderação."}
        </p>
        <p className="text-sm text-slate-600">
          Atalhos: com o foco na lista, <kbd className="rounded border px-1">j</kbd> vai para o próximo item e{" "}
          <kbd className="rounded border px-1">k</kbd> volta ao anterior.
        </p>
      </header>
      <nav aria-label="Tipos de item">
        <ul className="flex flex-wrap gap-2">
          {Object.entries(REVIEW_FILTERS).map(([value, label]) => (
            <li key={value}>
              <Link
                to={value === "todos" ? href("/revisao") : `${href("/revisao")}?tipo=${value}`}
                aria-current={filter === value ? "page" : undefined}
                className={`inline-flex rounded-full border px-3 py-1.5 text-sm font-medium ${
                  filter === value
                    ? "border-primary bg-primary text-white"
                    : "border-slate-300 text-slate-800 hover:bg-slate-100"
                }`}
              >
                {label} ({loaderData.counts[value as keyof typeof REVIEW_FILTERS]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Always on the page, so the first message put in it is announced too; it is read, not seen: the
          message shows where the decision was made (Outcome). */}
      <p role="status" className="sr-only">
        {reply?.ok ? reply.message : null}
      </p>
      {cards.length === 0 ? (
        <>
          {outcome}
          <h2 ref={emptyRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            Tudo revisado por aqui.
          </h2>
        </>
      ) : (
        // The shortcuts only listen while the focus is inside the list (WCAG 2.1.4).
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys handled for the cards inside
        <div ref={listRef} className="flex flex-col gap-6" onKeyDown={move}>
          {cards.map((card, position) => (
            <Fragment key={card.key}>
              {!stays && position === outcomeAt ? outcome : null}
              <ReviewCardView
                card={card}
                position={position}
                powers={powers}
                notice={stays && card.key === reply?.key ? outcome : null}
              />
            </Fragment>
          ))}
          {!stays && outcomeAt >= cards.length ? outcome : null}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}
