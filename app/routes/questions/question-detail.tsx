// /questions/{id} — the question, its answers and comments, and every action on them (votes, favourite,
// answers, comments, acceptance, bounties, deletion, reports), each one checked in the feature functions.
import { parseWithZod } from "@conform-to/zod/v4";
import { isbot } from "isbot";
import { data, Form, Link, redirect } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { parseAnswerOrder } from "#app/features/questions/answer-orders.ts";
import {
  acceptAnswer,
  createAnswer,
  deleteAnswer,
  restoreAnswer,
} from "#app/features/questions/answers.server.ts";
import { awardBounty, offerBounty } from "#app/features/questions/bounties.server.ts";
import { addComment, deleteComment } from "#app/features/questions/comments.server.ts";
import { AnswerCard } from "#app/features/questions/components/answer-card.tsx";
import { AnswerForm } from "#app/features/questions/components/answer-form.tsx";
import { AnswerOrderSelect } from "#app/features/questions/components/answer-order.tsx";
import { AuthorBlock } from "#app/features/questions/components/author-block.tsx";
import { OfferBountyForm, OpenBounty } from "#app/features/questions/components/bounty-box.tsx";
import { CommentSection } from "#app/features/questions/components/comment-section.tsx";
import { FavoriteButton } from "#app/features/questions/components/favorite-button.tsx";
import { HistoryIcon } from "#app/features/questions/components/icons.tsx";
import { PostMenu } from "#app/features/questions/components/post-menu.tsx";
import { answerCountLabel, parseQuestionId, plural } from "#app/features/questions/format.ts";
import { TagList } from "#app/features/questions/components/tag-list.tsx";
import { VoteControls } from "#app/features/questions/components/vote-controls.tsx";
import { loadQuestionPage } from "#app/features/questions/question-page.server.ts";
import { toggleFavorite } from "#app/features/questions/favorites.server.ts";
import { deleteQuestion, restoreQuestion } from "#app/features/questions/question-writes.server.ts";
import { reportPost, REPORT_MESSAGES } from "#app/features/questions/reports.server.ts";
import {
  answerSchema,
  bountySchema,
  commentSchema,
  type FormActionData,
} from "#app/features/questions/schemas.ts";
import { jsonLdString, qaPageJsonLd } from "#app/features/questions/structured-data.ts";
import { queueView, viewerKey } from "#app/features/questions/views.server.ts";
import { castVote } from "#app/features/questions/votes.server.ts";
// Following members belongs to the social feature; the author blocks only show its state.
import { isFollowing } from "#app/features/social/follows.server.ts";
import { optionalViewer, signInUrl } from "#app/lib/auth-guard.server.ts";
import { clientIpContext, visitorPageContext } from "#app/lib/context.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { pageHtml } from "#app/lib/page-html.server.ts";
import { usePageHtml, type PageHtml } from "#app/lib/page-html.ts";
import { richTextFromForm, richTextToPlainText } from "#app/lib/sanitize.server.ts";
import { isModerator } from "#app/lib/viewer.ts";
import type { Route } from "./+types/question-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect("/questions");
  const viewer = optionalViewer(context);
  const url = new URL(request.url);
  const order = parseAnswerOrder(url.searchParams.get("answers"));
  const page = await loadQuestionPage(viewer, id, order);
  if (!page) throw redirect("/questions");

  // A view counts once per visitor per hour, written a moment later; robots do not count.
  if (!page.question.deletedAt) {
    if (!isbot(request.headers.get("user-agent") ?? ""))
      queueView(id, viewerKey(viewer, context.get(clientIpContext)));
    // A copy of this page served from the visitor cache counts its view too.
    context.get(visitorPageContext).effects.push({ kind: "question-view", questionId: id });
  }
  const authorIds = [page.question.author.id, ...page.answers.map((a) => a.author.id)];
  const following = await isFollowing(viewer?.id, authorIds);
  const origin = publicUrl();
  const canonical = `${origin}/questions/${id}`;
  const here = `/questions/${id}`;
  const jsonLd = jsonLdString(
    qaPageJsonLd({
      url: canonical,
      origin,
      question: {
        title: page.question.title,
        text: page.question.plainText,
        createdAt: page.question.createdAt,
        score: page.question.score,
        answerCount: page.question.answerCount,
        author: page.question.author,
      },
      answers: page.answers
        .filter((a) => !a.deletedAt)
        .map((a) => ({
          id: a.id,
          text: richTextToPlainText(a.body),
          createdAt: a.createdAt,
          score: a.score,
          accepted: a.accepted,
          author: a.author,
        })),
    }),
  );
  return {
    ...page,
    // The bodies travel once: as HTML in a document, inside the data for client navigations.
    question: {
      ...page.question,
      description: pageHtml(context, `question-${id}`, page.question.description),
      details: pageHtml(context, `question-${id}-details`, page.question.details),
    },
    answers: page.answers.map((a) => ({ ...a, body: pageHtml(context, `answer-${a.id}`, a.body) })),
    order,
    following: [...following],
    viewerId: viewer?.id ?? null,
    viewerReputation: viewer?.reputation ?? 0,
    signedIn: Boolean(viewer),
    isModerator: isModerator(viewer),
    canonical,
    // As long as the answers together: sent once too.
    jsonLd: pageHtml(context, `question-${id}-structured-data`, jsonLd),
    signInHref: signInUrl(here),
    signUpHref: `/cadastro?redirectTo=${encodeURIComponent(here)}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.question.title,
        description: loaderData.question.plainText.slice(0, 160) || undefined,
        url: loaderData.canonical,
        type: "article",
        noindex: Boolean(loaderData.question.deletedAt),
      })
    : pageMeta({ title: "Pergunta" });

type Reply = FormActionData;

function reply(body: Reply, status = 200) {
  return data<Reply>(body, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect("/questions");
  const viewer = optionalViewer(context);
  const here = `/questions/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const kind = form.get("kind") === "answer" ? "answer" : "question";
  const targetId = form.has("id") ? formRowId(form.get("id")) : id;
  const answerId = formRowId(form.get("answerId"));
  const target = `${kind}-${targetId}`;

  try {
    switch (intent) {
      case "vote": {
        const value = Number(form.get("value")) === -1 ? -1 : 1;
        await castVote(viewer, { kind, id: targetId }, value);
        return reply({ intent, ok: true, target });
      }
      case "favorite":
        await toggleFavorite(viewer, id);
        return reply({ intent, ok: true });
      case "answer": {
        if (!viewer) throw redirect(signInUrl(`${here}#responder`));
        const submission = parseWithZod(form, { schema: answerSchema });
        let body = "";
        try {
          body = richTextFromForm(form, "body");
        } catch {
          body = "";
        }
        if (submission.status !== "success") {
          return reply({ intent, ok: false, result: submission.reply(), values: { body } }, 400);
        }
        try {
          const created = await createAnswer(viewer, id, body);
          return reply({ intent, ok: true, answerId: created.id });
        } catch (error) {
          if (!isAppError(error) || !error.field) throw error;
          return reply(
            {
              intent,
              ok: false,
              result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }),
              values: { body },
            },
            error.status,
          );
        }
      }
      case "comment": {
        const submission = parseWithZod(form, { schema: commentSchema });
        if (!viewer) throw redirect(signInUrl(here));
        if (submission.status !== "success") {
          return reply({ intent, ok: false, target, message: submission.error?.body?.[0] }, 400);
        }
        await addComment(viewer, { kind, id: targetId }, submission.value.body);
        return reply({ intent, ok: true, target });
      }
      case "delete-comment":
        await deleteComment(viewer, formRowId(form.get("commentId")));
        return reply({ intent, ok: true });
      case "accept":
        await acceptAnswer(viewer, answerId);
        return reply({ intent, ok: true, answerId });
      case "delete-question":
        await deleteQuestion(viewer, id);
        return redirect(isModerator(viewer) ? here : "/questions");
      case "restore-question":
        await restoreQuestion(viewer, id);
        return redirect(here);
      case "delete-answer":
        await deleteAnswer(viewer, answerId);
        return reply({ intent, ok: true, answerId });
      case "restore-answer":
        await restoreAnswer(viewer, answerId);
        return reply({ intent, ok: true, answerId });
      case "offer-bounty": {
        if (!viewer) throw redirect(signInUrl(here));
        const submission = parseWithZod(form, { schema: bountySchema });
        if (submission.status !== "success") {
          return reply({ intent, ok: false, result: submission.reply() }, 400);
        }
        await offerBounty(viewer, id, submission.value.amount);
        return reply({ intent, ok: true });
      }
      case "award-bounty":
        await awardBounty(viewer, answerId);
        return reply({ intent, ok: true, answerId });
      case "report":
        await reportPost(viewer, { kind, id: targetId }, String(form.get("reason") ?? ""), publicUrl());
        return reply({ intent, ok: true, message: REPORT_MESSAGES.sent });
      default:
        return reply({ intent, ok: false, message: "Ação desconhecida." }, 400);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    // A visitor who tried to vote, favourite, comment… signs in and comes back to the question.
    if (error.code === "unauthenticated") throw redirect(signInUrl(here));
    return reply({ intent, ok: false, target, answerId, message: error.message }, error.status);
  }
}

function StructuredData({ json }: { json: PageHtml }) {
  const { markup, ref } = usePageHtml(json);
  return (
    <script type="application/ld+json" data-page-html={ref} dangerouslySetInnerHTML={{ __html: markup }} />
  );
}

export default function QuestionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { question, answers, permissions, order, viewerId, signedIn, signInHref, signUpHref } = loaderData;
  const following = new Set(loaderData.following);
  const visibleAnswers = answers.filter((a) => !a.deletedAt).length;
  const pageError =
    actionData &&
    !actionData.ok &&
    actionData.message &&
    !["answer", "comment", "report"].includes(actionData.intent ?? "")
      ? actionData.message
      : null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      {/* Structured data is data, not script: the CSP does not apply to it. */}
      <StructuredData json={loaderData.jsonLd} />
      {question.deletedAt ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-100 px-4 py-3 text-red-900">
          <span>Esta pergunta foi excluída e só a moderação a vê.</span>
          {permissions.canRestore ? (
            <Form method="post">
              <input type="hidden" name="intent" value="restore-question" />
              <button type="submit" className="btn-outline bg-white py-1.5">
                Restaurar pergunta
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {pageError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {pageError}
        </p>
      ) : null}

      <article aria-labelledby="pergunta-titulo" className="flex flex-col gap-5">
        <header className="flex flex-col gap-3 border-b border-slate-200 pb-4">
          <div className="flex items-start justify-between gap-4">
            <h1
              id="pergunta-titulo"
              className="min-w-0 flex-1 text-2xl font-bold break-words text-slate-900 md:text-3xl"
            >
              {question.title}
            </h1>
            <Link to="/ask-a-question" className="btn-primary shrink-0">
              Perguntar
            </Link>
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>
              Perguntada em{" "}
              <time dateTime={isoDate(question.createdAt)} className="text-slate-800">
                {formatDate(question.createdAt)}
              </time>
            </span>
            {question.updatedAt ? (
              <span>
                Editada em{" "}
                <time dateTime={isoDate(question.updatedAt)} className="text-slate-800">
                  {formatDate(question.updatedAt)}
                </time>
              </span>
            ) : null}
            <span>Vista {plural(question.viewCount, "vez", "vezes")}</span>
          </p>
          <TagList tags={question.tags} />
        </header>

        {question.bounty ? (
          <OpenBounty amount={question.bounty.amount} timeLeft={question.bountyTimeLeft} />
        ) : null}

        <div className="flex gap-4">
          <div className="flex flex-col items-center gap-2">
            <VoteControls kind="question" id={question.id} score={question.score} myVote={question.myVote} />
            <FavoriteButton questionId={question.id} favorited={question.favorited} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <section aria-label="Descrição">
              <RichText html={question.description} />
            </section>
            {question.details ? (
              <section aria-labelledby="tentativas-titulo">
                <h2 id="tentativas-titulo" className="text-base font-semibold text-slate-900">
                  O que já tentei e o que esperava
                </h2>
                <RichText html={question.details} />
              </section>
            ) : null}
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                <span>{plural(question.commentCount, "comentário", "comentários")}</span>
                {question.edited ? (
                  <Link
                    to={`/questions/${question.id}/historico`}
                    className="inline-flex items-center gap-1 hover:underline"
                  >
                    <HistoryIcon />
                    Histórico de edições
                  </Link>
                ) : null}
                {question.deletedAt ? null : (
                  <PostMenu
                    kind="question"
                    id={question.id}
                    permalink={`/questions/${question.id}`}
                    editHref={permissions.canEdit ? `/questions/${question.id}/editar` : undefined}
                    canDelete={permissions.canDelete}
                    signedIn={signedIn}
                    signInHref={signInHref}
                  />
                )}
              </div>
              <AuthorBlock
                author={question.author}
                action="Perguntou em"
                at={question.createdAt}
                following={following.has(question.author.id)}
                showFollow={viewerId !== question.author.id}
                highlight
              />
            </div>
            {permissions.isAuthor && !question.bounty && !question.deletedAt ? (
              <OfferBountyForm
                reputation={loaderData.viewerReputation}
                allowed={permissions.canOfferBounty}
              />
            ) : null}
            {question.deletedAt ? null : (
              <CommentSection
                kind="question"
                id={question.id}
                comments={question.comments}
                signedIn={signedIn}
                signInHref={signInHref}
              />
            )}
          </div>
        </div>
      </article>

      <section aria-labelledby="respostas-titulo" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
          <h2 id="respostas-titulo" className="text-xl font-bold text-slate-900">
            {answerCountLabel(visibleAnswers)}
          </h2>
          {/* Spec §Question detail: the order-by dropdown is part of the answers area, whatever their number. */}
          <AnswerOrderSelect order={order} />
        </div>
        {answers.length === 0 ? (
          <p className="text-slate-600">no answers were found</p>
        ) : (
          answers.map((answer) => (
            <AnswerCard
              key={answer.id}
              answer={answer}
              questionId={question.id}
              bountyAmount={question.bounty?.amount ?? null}
              following={following.has(answer.author.id)}
              viewerId={viewerId}
              signedIn={signedIn}
              signInHref={signInHref}
            />
          ))
        )}
      </section>

      {question.deletedAt ? null : (
        <AnswerForm
          questionId={question.id}
          signedIn={signedIn}
          signInHref={`${signInHref}${encodeURIComponent("#responder")}`}
          signUpHref={signUpHref}
          serverReply={actionData ?? undefined}
        />
      )}
    </div>
  );
}
