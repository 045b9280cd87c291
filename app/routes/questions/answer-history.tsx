// /questions/{id}/respostas/{answerId}/historico — every version of an answer.
import { Link, redirect, href } from "react-router";
import { RevisionList } from "#app/features/questions/components/revision-list.tsx";
import { parseQuestionId } from "#app/features/questions/format.ts";
import { answerHistory } from "#app/features/questions/revision-page.server.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { pageShows, topic } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/answer-history";

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseQuestionId(params.id);
  const answerId = parseQuestionId(params.answerId);
  if (id === null) throw redirect(href("/questions"));
  if (answerId === null) throw redirect(href("/questions/:id", { id: String(id) }));
  const history = await answerHistory(optionalViewer(context), id, answerId);
  if (!history) throw redirect(href("/questions/:id", { id: String(id) }));
  pageShows(context, topic.question(id));
  return history;
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Histórico da resposta", noindex: true });

export default function AnswerHistory({ loaderData }: Route.ComponentProps) {
  const { question, answer, revisions } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <p className="text-sm">
          <Link
            to={`${href("/questions/:id", { id: String(question.id) })}#resposta-${answer.id}`}
            className="text-primary hover:underline"
          >
            ← Voltar para a resposta
          </Link>
        </p>
        <h1 className="text-primary mt-2 text-2xl font-bold md:text-3xl">Histórico da resposta</h1>
        <p className="mt-1 text-slate-700">
          Resposta de {answer.authorName} a “{question.title}”
        </p>
      </div>
      <RevisionList revisions={revisions} />
    </div>
  );
}
