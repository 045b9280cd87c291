// A post's history: every saved version, newest first, with who saved it, when, the editor's summary and what
// changed word by word (worked out on the server); the whole version stays one click away.
import { Link, href } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { DiffTags, DiffText, type DiffSegment, type TextDiff } from "#app/components/diff-text.tsx";

/** What changed from the previous revision; a field left out (null) did not change. */
export type RevisionDiff = {
  title: TextDiff | null;
  body: TextDiff | null;
  details: TextDiff | null;
  tags: DiffSegment[] | null;
};

export type RevisionOnPage = {
  id: number;
  number: number;
  createdAt: Date;
  editor: { handle: string; name: string };
  title: string | null;
  body: string;
  details: string | null;
  tags: string[] | null;
  summary: string | null;
  changes: string[];
  diff: RevisionDiff;
};

const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  minute: "2-digit",
});

function WhatChanged({ revision }: { revision: RevisionOnPage }) {
  const { diff } = revision;
  if (!diff.title && !diff.body && !diff.details && !diff.tags) return null;
  const isQuestion = revision.title !== null;
  return (
    <section
      aria-label={revision.number === 1 ? "Texto original" : "O que mudou"}
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      {diff.title ? <DiffText label="Título" diff={diff.title} /> : null}
      {diff.body ? <DiffText label={isQuestion ? "Detalhes" : "Texto"} diff={diff.body} /> : null}
      {diff.details ? <DiffText label="O que já tentei e o que esperava" diff={diff.details} /> : null}
      {diff.tags ? <DiffTags segments={diff.tags} /> : null}
    </section>
  );
}

export function RevisionList({ revisions }: { revisions: RevisionOnPage[] }) {
  return (
    <ol className="flex flex-col gap-6" aria-label="Revisões">
      {[...revisions].reverse().map((revision) => (
        <li key={revision.id}>
          <article aria-labelledby={`revisao-${revision.number}`} className="card flex flex-col gap-3">
            <header className="flex flex-col gap-1 border-b border-slate-200 pb-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`revisao-${revision.number}`} className="text-lg font-semibold text-slate-900">
                  {revision.number === 1 ? "Versão original" : `Revisão ${revision.number}`}
                </h2>
                <p className="text-sm text-slate-600">
                  por{" "}
                  <Link
                    to={href("/u/:handle", { handle: revision.editor.handle })}
                    className="text-primary font-medium hover:underline"
                  >
                    {revision.editor.name}
                  </Link>{" "}
                  em <time dateTime={isoDate(revision.createdAt)}>{formatDate(revision.createdAt)}</time>, às{" "}
                  {timeFormat.format(new Date(revision.createdAt))}
                </p>
              </div>
              {revision.summary ? (
                <p className="text-sm break-words text-slate-800">
                  <span className="font-semibold">Resumo da edição:</span> {revision.summary}
                </p>
              ) : null}
            </header>
            {revision.changes.length ? (
              <p className="text-sm text-slate-700">
                <span className="font-semibold">Alterações:</span> {revision.changes.join(", ")}
              </p>
            ) : null}
            <WhatChanged revision={revision} />
            <details className="group">
              <summary className="text-primary cursor-pointer text-sm font-medium hover:underline">
                {revision.number === 1
                  ? "Ver a versão original completa"
                  : `Ver a revisão ${revision.number} completa`}
              </summary>
              <div className="mt-3 flex flex-col gap-3">
                {revision.title !== null ? (
                  <p className="text-base font-semibold text-slate-900">{revision.title}</p>
                ) : null}
                {revision.tags?.length ? (
                  <ul aria-label="Tags desta versão" className="flex flex-wrap gap-2">
                    {revision.tags.map((tag) => (
                      <li key={tag} className="tag-chip">
                        {tag}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <RichText html={revision.body} />
                {revision.details ? (
                  <section
                    aria-label="O que já tentei e o que esperava"
                    className="border-t border-slate-100 pt-2"
                  >
                    <RichText html={revision.details} />
                  </section>
                ) : null}
              </div>
            </details>
          </article>
        </li>
      ))}
    </ol>
  );
}
