// One answer: votes, the body, the accepted mark (and the asker's button to accept or unmark it), an awarded
// bounty, the author block, the menu and the comments. Deleted answers show to moderators only, marked.
import { Form, useFetcher, href } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import type { PageHtml } from "#app/lib/page-html.ts";
import { KeptElement } from "#app/lib/page-html-fragment.tsx";
import type { AnswerOnPage } from "../question-page.server.ts";
import type { FormActionData } from "../schemas.ts";
import { AuthorBlock } from "./author-block.tsx";
import { CommentSection } from "./comment-section.tsx";
import { AwardIcon, CheckIcon } from "./icons.tsx";
import { PostMenu } from "./post-menu.tsx";
import { VoteControls } from "./vote-controls.tsx";
import { ApplicabilityBadge, OutdatedMarkForm, OutdatedNotice, VersionChips } from "./answer-versions.tsx";
import type { Applicability, TaggedVersion } from "../versions.ts";

function AcceptButton({ answerId, accepted }: { answerId: number; accepted: boolean }) {
  const fetcher = useFetcher<FormActionData>({ key: `accept-${answerId}` });
  const error =
    fetcher.state === "idle" && fetcher.data?.intent === "accept" && !fetcher.data.ok
      ? fetcher.data.message
      : null;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="answerId" value={answerId} />
      <button
        type="submit"
        aria-pressed={accepted}
        className={accepted ? "btn-outline border-green-dark text-green-dark py-1.5" : "btn-green py-1.5"}
        disabled={fetcher.state !== "idle"}
      >
        <CheckIcon className="size-4" />
        {accepted ? "Desmarcar como aceita" : "Aceitar resposta"}
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function AwardBountyButton({ answerId, amount }: { answerId: number; amount: number }) {
  const fetcher = useFetcher<FormActionData>({ key: `award-${answerId}` });
  const error =
    fetcher.state === "idle" && fetcher.data?.intent === "award-bounty" && !fetcher.data.ok
      ? fetcher.data.message
      : null;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="award-bounty" />
      <input type="hidden" name="answerId" value={answerId} />
      <button type="submit" className="btn-outline py-1.5" disabled={fetcher.state !== "idle"}>
        <AwardIcon className="size-4" />
        Conceder o bounty (+{amount})
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

type AnswerCardProps = {
  answer: Omit<AnswerOnPage, "body"> & {
    body: PageHtml;
    /** Whether it applies to the reader's version, and the viewer's own "não funciona mais" mark. */
    applies: Applicability;
    myMark: TaggedVersion | null;
  };
  questionId: number;
  /** The question's tags (the outdated mark names one) and the reader's version, if they gave one. */
  tags: string[];
  reader: TaggedVersion | null;
  bountyAmount: number | null;
  following: boolean;
  /** False on one's own answer (no Seguir button). */
  showFollow: boolean;
  signedIn: boolean;
  signInHref: string;
};

export function AnswerCard({
  viewerId,
  ...props
}: Omit<AnswerCardProps, "showFollow"> & { viewerId: number | null }) {
  const { answer } = props;
  const content: AnswerCardProps = { ...props, showFollow: viewerId !== answer.author.id };
  // Everything inside comes from these props, none of them naming the viewer: members whose votes, follows
  // and rights on this answer are the same get the same markup, rendered once per version (ADR 031).
  return (
    <KeptElement
      tag="article"
      attributes={{
        id: `resposta-${answer.id}`,
        "aria-labelledby": `resposta-${answer.id}-titulo`,
        // Focusable by script, not by Tab: the answer form sends the focus here once the answer is posted.
        tabIndex: "-1",
        className: `card scroll-mt-24 ${answer.accepted ? "border-green-dark border-2" : ""} ${
          answer.deletedAt ? "border-red-300 bg-red-50/40" : ""
        }`,
      }}
      fragmentKey={() => JSON.stringify(["answer-card", content])}
    >
      <AnswerCardContent {...content} />
    </KeptElement>
  );
}

function AnswerCardContent({
  answer,
  questionId,
  bountyAmount,
  tags,
  reader,
  following,
  showFollow,
  signedIn,
  signInHref,
}: AnswerCardProps) {
  const headingId = `resposta-${answer.id}-titulo`;
  return (
    <>
      <h3 id={headingId} className="sr-only">
        Resposta de {answer.author.name}
        {answer.accepted ? " (aceita)" : ""}
      </h3>
      {answer.deletedAt ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-100 px-3 py-2 text-sm text-red-900">
          <span>Esta resposta foi excluída e só a moderação a vê.</span>
          {answer.canRestore ? (
            <Form method="post">
              <input type="hidden" name="intent" value="restore-answer" />
              <input type="hidden" name="answerId" value={answer.id} />
              <button type="submit" className="btn-outline bg-white py-1">
                Restaurar
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <div className="flex gap-4">
        <div className="flex flex-col items-center gap-2">
          <VoteControls kind="answer" id={answer.id} score={answer.score} myVote={answer.myVote} />
          {answer.accepted ? (
            <span className="text-green-dark" title="Resposta aceita">
              <CheckIcon className="size-7" />
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          {answer.accepted ? (
            <p className="bg-green-dark mb-2 inline-flex items-center gap-1 rounded-full px-3 py-0.5 text-xs font-semibold text-white">
              <CheckIcon className="size-3.5" />
              Resposta aceita
            </p>
          ) : null}
          {answer.bountyAwarded ? (
            <p className="mb-2 ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900">
              <AwardIcon className="size-3.5" />
              Ganhou o bounty de {answer.bountyAwarded}
            </p>
          ) : null}
          <ApplicabilityBadge value={answer.applies} reader={reader} />
          <OutdatedNotice since={answer.outdatedSince} />
          <VersionChips versions={answer.versions} answerId={answer.id} />
          <RichText html={answer.body} />
          {answer.post && !answer.deletedAt ? (
            <p className="mt-3 text-sm text-slate-700">
              Virou post:{" "}
              <a
                href={href("/blog/:slug", { slug: answer.post.slug })}
                className="text-primary font-semibold break-words hover:underline"
              >
                {answer.post.title}
              </a>
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              {answer.canAccept ? <AcceptButton answerId={answer.id} accepted={answer.accepted} /> : null}
              {answer.canAwardBounty && bountyAmount ? (
                <AwardBountyButton answerId={answer.id} amount={bountyAmount} />
              ) : null}
              {answer.edited ? (
                <a
                  href={href("/questions/:id/respostas/:answerId/historico", {
                    id: String(questionId),
                    answerId: String(answer.id),
                  })}
                  className="text-xs text-slate-600 hover:underline"
                >
                  editada · ver histórico
                </a>
              ) : null}
              {answer.deletedAt ? null : (
                <PostMenu
                  kind="answer"
                  id={answer.id}
                  permalink={`${href("/questions/:id", { id: String(questionId) })}#resposta-${answer.id}`}
                  editHref={
                    answer.canEdit
                      ? href("/questions/:id/respostas/:answerId/editar", {
                          id: String(questionId),
                          answerId: String(answer.id),
                        })
                      : undefined
                  }
                  editLabel={answer.suggestsEdit ? "Sugerir edição" : undefined}
                  canDelete={answer.canDelete}
                  mayFlag={answer.mayFlag}
                  signedIn={signedIn}
                  signInHref={signInHref}
                  turnIntoPostAction={
                    answer.canTurnIntoPost
                      ? href("/respostas/:answerId/transformar-em-post", { answerId: String(answer.id) })
                      : undefined
                  }
                />
              )}
            </div>
            <AuthorBlock
              author={answer.author}
              action="Respondeu em"
              at={answer.createdAt}
              following={following}
              showFollow={showFollow}
            />
          </div>
          {answer.deletedAt ? null : (
            <div className="mt-3">
              <OutdatedMarkForm answerId={answer.id} tags={tags} myMark={answer.myMark} />
            </div>
          )}
          {answer.deletedAt ? null : (
            <CommentSection
              kind="answer"
              id={answer.id}
              comments={answer.comments}
              signedIn={signedIn}
              signInHref={signInHref}
            />
          )}
        </div>
      </div>
    </>
  );
}
