// /revisao — the review queue for moderators and members with the `review` privilege: flagged, held and first
// items and suggested edits, oldest first, filtered by kind. Decisions post here; the card that takes the
// decided card's place gets the focus, and j / k move between cards while the focus is in the list.
import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, href } from "react-router";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { ReviewCardView } from "#app/features/moderation/components/review-card.tsx";
import {
  decideFlags,
  undoRemoval,
  decideSuggestedEdit,
  listReviewQueue,
  reviewQueueCounts,
  parseReviewFilter,
  requireReviewer,
  type ApplySuggestedEdit,
  type FlagDecision,
} from "#app/features/moderation/review-queue.server.ts";
import { hasPrivilege, REVIEW_FILTERS } from "#app/features/moderation/rules.ts";
import { isFlagTargetKind } from "#app/features/moderation/visibility.server.ts";
import { applyAnswerEdit } from "#app/features/questions/answers.server.ts";
import { applyQuestionEdit } from "#app/features/questions/question-writes.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countLabel } from "#app/lib/plural.ts";
import { topic, writeChanges, writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/review-queue";
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

/** An approved suggested edit, written by the questions feature as the suggesting editor's revision. */
const applyEdit: ApplySuggestedEdit = async (tx, edit) => {
  if (edit.targetKind === "question") {
    await applyQuestionEdit(tx, edit.targetId, edit.editorId, {
      title: edit.title,
      description: edit.body,
      details: edit.details,
      tags: edit.tags,
      summary: edit.summary || null,
    });
  } else {
    await applyAnswerEdit(tx, edit.targetId, edit.editorId, edit.body, edit.summary || null);
  }
};

const FLAG_DECISIONS: readonly string[] = [
  "dismiss",
  "helpful",
  "delete",
  "restore",
] satisfies FlagDecision[];

/** The decision's answer: its message, and which card it was about and where, to move the focus on. */
type ReviewActionData = {
  ok: boolean;
  message: string;
  position: number;
  key: string;
  /** A removal a moderator may take back ("Desfazer"). */
  undo?: { kind: string; id: number };
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const position = formRowId(form.get("position"));
  const key = form.has("editId")
    ? `edit-${formRowId(form.get("editId"))}`
    : `${String(form.get("kind") ?? "")}-${formRowId(form.get("id"))}`;
  const refuse = (message: string, status: number) =>
    data<ReviewActionData>({ ok: false, message, position, key }, { status });
  try {
    let result;
    if (intent === "approve-edit" || intent === "reject-edit") {
      const decision = intent === "approve-edit" ? "approve" : "reject";
      result = await decideSuggestedEdit(viewer, formRowId(form.get("editId")), decision, applyEdit);
    } else if (FLAG_DECISIONS.includes(intent)) {
      const kind = form.get("kind");
      if (!isFlagTargetKind(kind)) return refuse("Este item não está mais na fila.", 404);
      result = await decideFlags(viewer, { kind, id: formRowId(form.get("id")) }, intent as FlagDecision);
    } else if (intent === "undo-delete") {
      const kind = form.get("kind");
      if (!isFlagTargetKind(kind)) return refuse("Este item não está mais na fila.", 404);
      result = await undoRemoval(viewer, { kind, id: formRowId(form.get("id")) });
    } else {
      writeChangesNothingVisitorsSee(context);
      return refuse("Ação desconhecida.", 400);
    }
    const page = result.changedPage;
    if (page) writeChanges(context, page.kind === "question" ? topic.question(page.id) : topic.post(page.id));
    else writeChangesNothingVisitorsSee(context);
    const removed = intent === "delete" && form.get("state") !== "removed";
    return data<ReviewActionData>({
      ok: true,
      message: result.message,
      position,
      key,
      ...(removed ? { undo: { kind: String(form.get("kind")), id: formRowId(form.get("id")) } } : {}),
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    writeChangesNothingVisitorsSee(context);
    return refuse(error.message, error.status);
  }
}

// Where j and k are text, not shortcuts.
const SHORTCUT_TARGETS = "input, textarea, select, [contenteditable='true']";

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  const { cards, total, totalPages, page, filter, powers } = loaderData;
  const reply = useActionData<typeof action>();
  const listRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const emptyRef = useRef<HTMLHeadingElement>(null);

  // After a decision: once the refreshed queue no longer holds the decided card, the card now in its place
  // (the next one) takes the focus, or the last one, or the empty queue's heading; a refusal's message takes
  // it instead.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!reply || handled.current === reply) return;
    if (!reply.ok) {
      handled.current = reply;
      statusRef.current?.focus();
      return;
    }
    if (cards.some((card) => card.key === reply.key)) return;
    handled.current = reply;
    const list = [...(listRef.current?.querySelectorAll<HTMLElement>("[data-review-card]") ?? [])];
    const next = list[Math.min(reply.position, list.length - 1)];
    (next ?? emptyRef.current)?.focus();
  }, [reply, cards]);

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
            : `${countLabel(total, "item", "itens")} esperando revisão, os mais antigos primeiro.`}{" "}
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
      {reply ? (
        <div
          className={`flex flex-wrap items-center gap-3 rounded-md px-4 py-3 text-sm ${reply.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
        >
          <p ref={statusRef} tabIndex={-1} role={reply.ok ? "status" : "alert"}>
            {reply.message}
          </p>
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
      ) : null}
      {cards.length === 0 ? (
        <h2 ref={emptyRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Tudo revisado por aqui.
        </h2>
      ) : (
        // The shortcuts only listen while the focus is inside the list (WCAG 2.1.4).
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keys handled for the cards inside
        <div ref={listRef} className="flex flex-col gap-6" onKeyDown={move}>
          {cards.map((card, position) => (
            <ReviewCardView key={card.key} card={card} position={position} powers={powers} />
          ))}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}
