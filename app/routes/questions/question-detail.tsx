// /questions/{id} — the question, its answers and comments. Every form of the page posts to its action, which
// hands each intent to its own module (`question-detail-action.server.ts`, `question-detail/`).
import { isbot } from "isbot";
import { Form, Link, redirect, href } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { parseAnswerOrder } from "#app/features/questions/answer-orders.ts";
import { ReaderVersionPicker } from "#app/features/questions/components/reader-version.tsx";
import { AnswerCard } from "#app/features/questions/components/answer-card.tsx";
import { AnswerForm } from "#app/features/questions/components/answer-form.tsx";
import { AnswerOrderSelect } from "#app/features/questions/components/answer-order.tsx";
import { AuthorBlock } from "#app/features/questions/components/author-block.tsx";
import { BlockedToggle } from "#app/features/moderation/components/blocked-content.tsx";
import { OfferBountyForm, OpenBounty } from "#app/features/questions/components/bounty-box.tsx";
import {
  ClosedBanners,
  CloseControls,
  MarkAsDuplicate,
  DuplicatesOf,
  NoAnswersNote,
} from "#app/features/questions/components/closing.tsx";
import { CommentSection } from "#app/features/questions/components/comment-section.tsx";
import { FavoriteButton } from "#app/features/questions/components/favorite-button.tsx";
import { HistoryIcon } from "#app/features/questions/components/icons.tsx";
import { PostMenu } from "#app/features/questions/components/post-menu.tsx";
import { answerCountLabel, parseQuestionId } from "#app/features/questions/format.ts";
import { TagList } from "#app/features/questions/components/tag-list.tsx";
import { VoteControls } from "#app/features/questions/components/vote-controls.tsx";
import { WatchButton } from "#app/components/watch-button.tsx";
import { draftSyncOf } from "#app/features/drafts/drafts.server.ts";
import { answerDraftKey } from "#app/features/drafts/keys.ts";
import { questionPageView, renderedPartsOf } from "#app/features/questions/question-page.server.ts";
import { queueView, viewerKey } from "#app/features/questions/views.server.ts";
import { optionalViewer, signInUrl } from "#app/lib/auth-guard.server.ts";
import { clientIpContext, visitorPageContext } from "#app/lib/context.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { shownNow, shownViewer } from "#app/lib/member-page-template.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countLabel } from "#app/lib/plural.ts";
import { keepPageFragments, pageHtml } from "#app/lib/page-html.server.ts";
import { usePageHtml, type PageHtml } from "#app/lib/page-html.ts";
import { KeptElement } from "#app/lib/page-html-fragment.tsx";
import { pageShows, topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/question-detail";
import { questionDetailAction } from "./question-detail-action.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect(href("/questions"));
  const viewer = optionalViewer(context);
  const url = new URL(request.url);
  const view = await questionPageView(viewer, id, parseAnswerOrder(url.searchParams.get("answers")), url, {
    origin: publicUrl(),
    html: (ref, text) => pageHtml(context, ref, text),
  });
  if (!view) throw redirect(href("/questions"));
  // The question's part and the answers' cards rendered for this version of the question are reused (ADR 031).
  const parts = renderedPartsOf(view.page);
  if (parts) keepPageFragments(context, parts);
  pageShows(context, topic.question(id));
  // A view counts once per visitor per hour, written a moment later; robots do not count.
  if (!view.page.question.deletedAt) {
    if (!isbot(request.headers.get("user-agent") ?? ""))
      queueView(id, viewerKey(viewer, context.get(clientIpContext)));
    // A copy of this page served from the visitor cache counts its view too.
    context.get(visitorPageContext).effects.push({ kind: "question-view", questionId: id });
  }
  const here = href("/questions/:id", { id: String(id) });
  // Who the page names: the viewer, or the stand-in of a page kept for every member who stands where they do.
  const shown = shownViewer(context, viewer);
  return {
    ...view.data,
    viewerId: shown?.id ?? null,
    // A member's answer in progress, kept on the server (ADR 062), read with the page; visitors have none.
    answerDraft: shown
      ? draftSyncOf(shown, answerDraftKey(id), view.answerDraft, shownNow(context))
      : undefined,
    signInHref: signInUrl(here),
    signUpHref: `${href("/cadastro")}?redirectTo=${encodeURIComponent(here)}`,
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

export async function action(args: Route.ActionArgs) {
  // Every intent of this page (answers, votes, comments, favourites, bounties) changes this question's page.
  const id = parseQuestionId(args.params.id);
  if (id !== null) writeChanges(args.context, topic.question(id));
  return questionDetailAction(args);
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
  const blocked = new Set(loaderData.blockedAuthors);
  const visibleAnswers = answers.filter((a) => !a.deletedAt).length;
  const pageError =
    actionData &&
    !actionData.ok &&
    actionData.message &&
    !["answer", "comment", "mark-outdated", "retract-outdated"].includes(actionData.intent ?? "")
      ? actionData.message
      : null;

  // Everything the question's own part renders from, none of it naming the viewer (ADR 031). A component of its
  // own, so a kept part's markup costs nothing of it: neither its elements nor its dates are made.
  const article: QuestionArticleProps = {
    question,
    permissions,
    signedIn,
    signInHref,
    following: following.has(question.author.id),
    showFollow: viewerId !== question.author.id,
    viewerReputation: permissions.isAuthor ? loaderData.viewerReputation : null,
  };

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
      <ClosedBanners question={question} />

      {/* Rendered once per version and per set of the viewer's own marks on it, none naming them (ADR 031). */}
      {blocked.has(question.author.id) ? <BlockedToggle /> : null}
      <KeptElement
        tag="article"
        attributes={{ "aria-labelledby": "pergunta-titulo", className: "flex flex-col gap-5" }}
        fragmentKey={() => JSON.stringify(["question", article])}
      >
        <QuestionArticleContent {...article} />
      </KeptElement>

      {question.deletedAt ? null : (
        <CloseControls
          closed={Boolean(question.closedAt)}
          locked={Boolean(question.lockedAt)}
          canVote={loaderData.canCloseVote}
          isModerator={loaderData.isModerator}
          votes={loaderData.closeVotes}
          reply={actionData ?? undefined}
        />
      )}
      {loaderData.askerMarksDuplicate ? <MarkAsDuplicate reply={actionData ?? undefined} /> : null}
      <DuplicatesOf duplicates={question.closing.duplicates} />

      <section aria-labelledby="respostas-titulo" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
          <h2 id="respostas-titulo" className="text-xl font-bold text-slate-900">
            {answerCountLabel(visibleAnswers)}
          </h2>
          {/* Spec §Question detail: the order-by dropdown is part of the answers area, whatever their number. */}
          <AnswerOrderSelect
            order={order}
            keep={
              loaderData.readerVersion
                ? {
                    versao: `${loaderData.readerVersion.tag}@${loaderData.readerVersion.version}`,
                    ...(loaderData.onlyApplying ? { aplicaveis: "1" } : {}),
                  }
                : {}
            }
          />
        </div>
        <ReaderVersionPicker
          tags={loaderData.versionTags}
          reader={loaderData.readerVersion}
          order={order}
          onlyApplying={loaderData.onlyApplying}
          clearHref={`${href("/questions/:id", { id: String(question.id) })}?answers=${order}`}
        />
        {loaderData.hiddenByVersion > 0 ? (
          <p role="status" className="text-sm text-slate-600">
            {countLabel(loaderData.hiddenByVersion, "resposta escondida", "respostas escondidas")} por não se
            aplicar à sua versão.
          </p>
        ) : null}
        {answers.length === 0 ? (
          // The spec's own words, in English: marked so a screen reader reads them as English.
          <p lang="en" className="text-slate-600">
            no answers were found
          </p>
        ) : (
          answers.map((answer) => [
            blocked.has(answer.author.id) ? <BlockedToggle key={`bloqueado-${answer.id}`} /> : null,
            <AnswerCard
              key={answer.id}
              answer={answer}
              questionId={question.id}
              bountyAmount={question.bounty?.amount ?? null}
              tags={loaderData.tagNames}
              reader={loaderData.readerVersion}
              following={following.has(answer.author.id)}
              viewerId={viewerId}
              signedIn={signedIn}
              signInHref={signInHref}
            />,
          ])
        )}
      </section>

      {question.deletedAt ? null : question.closedAt || question.lockedAt ? (
        <NoAnswersNote locked={Boolean(question.lockedAt)} />
      ) : (
        <AnswerForm
          questionId={question.id}
          tags={loaderData.tagNames}
          signedIn={signedIn}
          signInHref={`${signInHref}${encodeURIComponent("#responder")}`}
          signUpHref={signUpHref}
          serverReply={actionData ?? undefined}
          serverDraft={loaderData.answerDraft}
        />
      )}
    </div>
  );
}

type QuestionPageData = Route.ComponentProps["loaderData"];
type QuestionArticleProps = {
  question: QuestionPageData["question"];
  permissions: QuestionPageData["permissions"];
  signedIn: boolean;
  signInHref: string;
  following: boolean;
  showFollow: boolean;
  /** The asker's reputation, for the bounty form; null for anyone else. */
  viewerReputation: number | null;
};

/** The question's own part: title, dates, tags, body, votes, its menu, author and comments. */
function QuestionArticleContent({
  question,
  permissions,
  signedIn,
  signInHref,
  following,
  showFollow,
  viewerReputation,
}: QuestionArticleProps) {
  return (
    <>
      <header className="flex flex-col gap-3 border-b border-slate-200 pb-4">
        <div className="flex items-start justify-between gap-4">
          <h1
            id="pergunta-titulo"
            className="min-w-0 flex-1 text-2xl font-bold break-words text-slate-900 md:text-3xl"
          >
            {question.title}
          </h1>
          <Link to={href("/ask-a-question")} className="btn-primary shrink-0">
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
          <span>Vista {countLabel(question.viewCount, "vez", "vezes")}</span>
        </p>
        <TagList tags={question.tags} />
        {question.aboutPost ? (
          <p className="text-sm text-slate-700">
            Pergunta sobre o post{" "}
            <Link
              to={href("/blog/:slug", { slug: question.aboutPost.slug })}
              className="text-primary font-semibold break-words hover:underline"
            >
              {question.aboutPost.title}
            </Link>
          </p>
        ) : null}
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
              <span>{countLabel(question.commentCount, "comentário", "comentários")}</span>
              {question.edited ? (
                <Link
                  to={href("/questions/:id/historico", { id: String(question.id) })}
                  className="inline-flex items-center gap-1 hover:underline"
                >
                  <HistoryIcon />
                  Histórico de edições
                </Link>
              ) : null}
              {question.deletedAt ? null : (
                <WatchButton thread={`question-${question.id}`} watching={question.watching} />
              )}
              {question.deletedAt ? null : (
                <PostMenu
                  kind="question"
                  id={question.id}
                  permalink={href("/questions/:id", { id: String(question.id) })}
                  editHref={
                    permissions.canEdit
                      ? href("/questions/:id/editar", { id: String(question.id) })
                      : undefined
                  }
                  editLabel={permissions.suggestsEdit ? "Sugerir edição" : undefined}
                  canDelete={permissions.canDelete}
                  mayFlag={!permissions.isAuthor}
                  signedIn={signedIn}
                  signInHref={signInHref}
                />
              )}
            </div>
            <AuthorBlock
              author={question.author}
              action="Perguntou em"
              at={question.createdAt}
              following={following}
              showFollow={showFollow}
              highlight
            />
          </div>
          {permissions.isAuthor && !question.bounty && !question.deletedAt ? (
            <OfferBountyForm reputation={viewerReputation ?? 0} allowed={permissions.canOfferBounty} />
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
    </>
  );
}
