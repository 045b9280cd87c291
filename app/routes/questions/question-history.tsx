// /questions/{id}/historico — every version of a question: who edited it, when and what changed.
import { Link, redirect, href } from "react-router";
import { RevisionList } from "#app/features/questions/components/revision-list.tsx";
import { parseQuestionId } from "#app/features/questions/format.ts";
import { questionHistory } from "#app/features/questions/revision-page.server.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { plural } from "#app/lib/plural.ts";
import { pageShows, topic } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/question-history";

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect(href("/questions"));
  const history = await questionHistory(optionalViewer(context), id);
  if (!history) throw redirect(href("/questions"));
  pageShows(context, topic.question(id));
  return history;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: `Histórico: ${loaderData?.question.title ?? "pergunta"}`, noindex: true });

export default function QuestionHistory({ loaderData }: Route.ComponentProps) {
  const { question, revisions } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <p className="text-sm">
          <Link
            to={href("/questions/:id", { id: String(question.id) })}
            className="text-primary hover:underline"
          >
            ← Voltar para a pergunta
          </Link>
        </p>
        <h1 className="text-primary mt-2 text-2xl font-bold md:text-3xl">Histórico de revisões</h1>
        <p className="mt-1 text-slate-700">
          {question.title} · {revisions.length} {plural(revisions.length, "versão", "versões")}
        </p>
      </div>
      <RevisionList revisions={revisions} />
    </div>
  );
}
