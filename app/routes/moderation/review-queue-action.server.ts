// The action of /revisao: every decision a card offers posts here and answers here — the flags' decisions and
// "Desfazer", the suggested edits, and what a moderator does to the card's question (close, lock) or its author
// (suspend, removing the item too) — so the queue stays on its filter and says what happened in its status
// region, and the card that took the decided card's place gets the focus. One table of intents (ADR 057);
// the route composes the features: the questions feature closes and locks and writes approved edits.
import { data } from "react-router";
import {
  decideFlags,
  decideSuggestedEdit,
  suspendAuthor,
  undoRemoval,
  type ApplySuggestedEdit,
  type DecisionResult,
  type FlagDecision,
} from "#app/features/moderation/review-queue.server.ts";
import { VOTES_TO_CLOSE } from "#app/features/moderation/rules.ts";
import { suspendSchema } from "#app/features/moderation/schemas.ts";
import { isFlagTargetKind, type FlagTarget } from "#app/features/moderation/visibility.server.ts";
import { applyAnswerEdit } from "#app/features/questions/answers.server.ts";
import { lockQuestion, voteToClose } from "#app/features/questions/closing.server.ts";
import { applyQuestionEdit } from "#app/features/questions/question-writes.server.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { AppError, isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { intentAction } from "#app/lib/intents.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { topic, writeChanges, writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/review-queue";

/** The decision's answer: its message, and which card it was about and where, to move the focus on. */
export type ReviewActionData = ActionReply & {
  ok: boolean;
  message: string;
  position: number;
  key: string;
  /** A removal a moderator may take back ("Desfazer"). */
  undo?: { kind: string; id: number };
};

type Args = {
  form: FormData;
  viewer: Viewer;
  context: Route.ActionArgs["context"];
  position: number;
  key: string;
};

const NOT_IN_QUEUE = "Este item não está mais na fila.";

/** The card's item, as its forms name it (kind and id). */
function cardTarget(form: FormData): FlagTarget {
  const kind = form.get("kind");
  if (!isFlagTargetKind(kind)) throw new AppError("not_found", NOT_IN_QUEUE);
  return { kind, id: formRowId(form.get("id")) };
}

/** The card's question, for closing and locking. */
function cardQuestion(form: FormData): number {
  const target = cardTarget(form);
  if (target.kind !== "question") throw new AppError("not_found", NOT_IN_QUEUE);
  return target.id;
}

/** The queue's answer to a decision done: visitors' pages told of the change, the message, the card. */
function done(
  { context, position, key }: Args,
  result: DecisionResult,
  extra: Partial<ReviewActionData> = {},
) {
  const page = result.changedPage;
  if (page) writeChanges(context, page.kind === "question" ? topic.question(page.id) : topic.post(page.id));
  else writeChangesNothingVisitorsSee(context);
  return data<ReviewActionData>({ ok: true, message: result.message, position, key, ...extra });
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

const flagDecision = (decision: FlagDecision) => async (args: Args) => {
  const target = cardTarget(args.form);
  const result = await decideFlags(args.viewer, target, decision);
  // "Desfazer" for what this removal took off the site (not for an item already removed).
  const removed = decision === "delete" && args.form.get("state") !== "removed";
  return done(args, result, removed ? { undo: { kind: target.kind, id: target.id } } : {});
};

const editDecision = (decision: "approve" | "reject") => async (args: Args) =>
  done(args, await decideSuggestedEdit(args.viewer, formRowId(args.form.get("editId")), decision, applyEdit));

/** How the queue words a close: the original of a duplicate, and that the card left. */
function closedMessage(duplicateOfId: number | null): string {
  const as = duplicateOfId !== null ? ` como duplicada de #${duplicateOfId}` : "";
  return `Pergunta fechada${as}: as sinalizações foram resolvidas e ela saiu da fila.`;
}

const reviewIntents = intentAction(
  {
    dismiss: flagDecision("dismiss"),
    helpful: flagDecision("helpful"),
    delete: flagDecision("delete"),
    restore: flagDecision("restore"),
    "undo-delete": async (args: Args) => done(args, await undoRemoval(args.viewer, cardTarget(args.form))),
    "approve-edit": editDecision("approve"),
    "reject-edit": editDecision("reject"),

    /** "Suspender quem escreveu": the author suspended and, unless unticked, the item removed with it. */
    async suspend(args: Args) {
      const submission = parseWithZod(args.form, { schema: suspendSchema });
      if (submission.status !== "success") {
        const errors = submission.error ?? {};
        const field = errors.days ? "days" : "reason";
        const message = errors.days?.[0] ?? errors.reason?.[0] ?? "Confira os dias e o motivo.";
        throw new AppError("validation", message, { field });
      }
      const result = await suspendAuthor(args.viewer, cardTarget(args.form), {
        ...submission.value,
        remove: args.form.get("remove") === "on",
      });
      return done(args, result);
    },

    /** Closing the card's question: bound by a moderator, a vote otherwise; closed, its flags are settled. */
    async close(args: Args) {
      const id = cardQuestion(args.form);
      const outcome = await voteToClose(args.viewer, id, {
        reason: String(args.form.get("reason") ?? ""),
        duplicateOf: String(args.form.get("duplicateOf") ?? "").slice(0, 500),
      });
      const { position, key } = args;
      if (!outcome.changed) {
        // A vote that has not closed it yet changes nothing visitors see.
        writeChangesNothingVisitorsSee(args.context);
        const message = `Seu voto para fechar foi registrado: ${outcome.votes} de ${VOTES_TO_CLOSE}.`;
        return data<ReviewActionData>({ ok: true, message, position, key });
      }
      // Closed: its page changed, and the original's (it lists its duplicates).
      writeChanges(
        args.context,
        topic.question(id),
        ...(outcome.duplicateOfId !== null ? [topic.question(outcome.duplicateOfId)] : []),
      );
      // The flags that asked for it were right, and the item leaves the queue (a reviewer who decided them
      // meanwhile left nothing to settle).
      await decideFlags(args.viewer, { kind: "question", id }, "helpful").catch((refusal: unknown) => {
        if (!isAppError(refusal) || refusal.code !== "conflict") throw refusal;
      });
      const message = closedMessage(outcome.duplicateOfId);
      return data<ReviewActionData>({ ok: true, message, position, key });
    },

    /** Locking the card's question (moderators): the card stays for its flags. */
    async lock(args: Args) {
      const id = cardQuestion(args.form);
      await lockQuestion(args.viewer, id);
      writeChanges(args.context, topic.question(id));
      const message = "Pergunta bloqueada: não aceita mais respostas, comentários, votos nem edições.";
      return data<ReviewActionData>({ ok: true, message, position: args.position, key: args.key });
    },
  },
  {
    unknown: (_intent, { context, position, key }: Args) => {
      writeChangesNothingVisitorsSee(context);
      return data<ReviewActionData>(
        { ok: false, message: "Ação desconhecida.", position, key },
        { status: 400 },
      );
    },
    refused: (error, _intent, { context, position, key }: Args) => {
      writeChangesNothingVisitorsSee(context);
      return data<ReviewActionData>(
        { ok: false, message: error.message, position, key, ...(error.field ? { field: error.field } : {}) },
        { status: error.status },
      );
    },
  },
);

export async function reviewQueueAction({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const key = form.has("editId")
    ? `edit-${formRowId(form.get("editId"))}`
    : `${String(form.get("kind") ?? "")}-${formRowId(form.get("id"))}`;
  return reviewIntents(form.get("intent"), {
    form,
    viewer,
    context,
    position: formRowId(form.get("position")),
    key,
  });
}
