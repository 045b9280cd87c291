// One question in a list: the title (the whole card opens the question), two lines of the description, tags,
// author, score, answers (marked when one is accepted), views, date and an open bounty.
import { Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { countLabel } from "#app/lib/plural.ts";
import { closedMarker } from "../format.ts";
import type { QuestionPreview as Preview } from "../question-list.server.ts";
import { CheckIcon, EyeIcon } from "./icons.tsx";
import { BountyBadge } from "./bounty-badge.tsx";
import { TagList } from "./tag-list.tsx";

export function QuestionPreviewCard({ question }: { question: Preview }) {
  const titleId = `pergunta-${question.id}-titulo`;
  return (
    <article
      aria-labelledby={titleId}
      className="card hover:border-primary/40 relative flex flex-col gap-3 transition sm:flex-row sm:gap-5"
    >
      <dl className="flex shrink-0 flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 sm:w-36 sm:flex-col sm:items-end sm:gap-1.5 sm:text-right">
        <div className="flex gap-1">
          <dt className="sr-only">Pontuação</dt>
          <dd className="font-semibold whitespace-nowrap text-slate-900">
            {countLabel(question.score, "voto", "votos")}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Respostas</dt>
          <dd
            className={
              question.hasAcceptedAnswer
                ? "bg-green-dark inline-flex items-center gap-1 rounded px-1.5 font-semibold whitespace-nowrap text-white"
                : question.answerCount > 0
                  ? "border-green-dark text-green-dark inline-flex items-center rounded border px-1.5 font-semibold whitespace-nowrap"
                  : "inline-flex items-center whitespace-nowrap"
            }
          >
            {question.hasAcceptedAnswer ? <CheckIcon className="size-3.5" /> : null}
            {countLabel(question.answerCount, "resposta", "respostas")}
            {question.hasAcceptedAnswer ? <span className="sr-only"> (uma aceita)</span> : null}
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="sr-only">Visualizações</dt>
          <dd className="inline-flex items-center gap-1 whitespace-nowrap">
            <EyeIcon className="size-3.5" />
            {countLabel(question.viewCount, "visualização", "visualizações")}
          </dd>
        </div>
      </dl>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id={titleId} className="text-lg leading-snug font-semibold text-slate-900">
          {/* The link covers the whole card (its ::after), tags and author stay clickable above it. */}
          <Link
            to={href("/questions/:id", { id: String(question.id) })}
            className="hover:text-primary focus-visible:outline-primary after:absolute after:inset-0 after:rounded-lg focus-visible:outline-2"
          >
            {question.title}
            {/* A real space: the accessible name reads "título [fechada]". */}
            {question.closed ? (
              <>
                {" "}
                <span className="font-normal text-slate-600">{closedMarker(question.closed)}</span>
              </>
            ) : null}
          </Link>
        </h2>
        {question.excerpt ? <p className="line-clamp-2 text-sm text-slate-700">{question.excerpt}</p> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="relative z-10 flex flex-wrap items-center gap-2">
            {question.bounty ? (
              <BountyBadge amount={question.bounty.amount} timeLeft={question.bounty.timeLeft} />
            ) : null}
            <TagList tags={question.tags} />
          </div>
          <p className="relative z-10 flex items-center gap-2 text-xs text-slate-600">
            <AvatarImage
              src={question.author.avatarUrl}
              handle={question.author.handle}
              size="sm"
              className="size-6"
            />
            <Link
              to={href("/u/:handle", { handle: question.author.handle })}
              className="font-medium text-slate-800 hover:underline"
            >
              {question.author.name}
            </Link>
            <span title="Reputação">
              <span className="sr-only">reputação </span>
              {question.author.reputation.toLocaleString("pt-BR")}
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={isoDate(question.createdAt)}>{formatDate(question.createdAt)}</time>
          </p>
        </div>
      </div>
    </article>
  );
}
