// A post's history: every saved version, newest first, with who saved it, when, and what changed.
import { Link, href } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";

export type RevisionOnPage = {
  id: number;
  number: number;
  createdAt: Date;
  editor: { handle: string; name: string };
  title: string | null;
  body: string;
  details: string | null;
  tags: string[] | null;
  changes: string[];
};

const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  minute: "2-digit",
});

export function RevisionList({ revisions }: { revisions: RevisionOnPage[] }) {
  return (
    <ol className="flex flex-col gap-6" aria-label="Revisões">
      {[...revisions].reverse().map((revision) => (
        <li key={revision.id}>
          <article aria-labelledby={`revisao-${revision.number}`} className="card flex flex-col gap-3">
            <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2">
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
            </header>
            {revision.changes.length ? (
              <p className="text-sm text-slate-700">
                <span className="font-semibold">Alterações:</span> {revision.changes.join(", ")}
              </p>
            ) : null}
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
          </article>
        </li>
      ))}
    </ol>
  );
}
