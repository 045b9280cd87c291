// /questions/{id}/editar — the author, a moderator or a member with the editDirectly privilege edits a question
// (every save keeps a revision); any other member suggests an edit, which waits for review.
import { data, Link, redirect, href } from "react-router";
import type { FormActionData } from "#app/features/questions/schemas.ts";
import { QuestionForm } from "#app/features/questions/components/question-form.tsx";
import { parseQuestionId } from "#app/features/questions/format.ts";
import { getQuestionForEdit, updateQuestion } from "#app/features/questions/question-writes.server.ts";
import { tagChoicesFor } from "#app/features/tags/tags.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { sanitizeRichText } from "#app/lib/sanitize.server.ts";
import { handleQuestionForm } from "./question-form.server.ts";
import { SuggestionNote } from "./suggestion-note.tsx";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/question-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.question.mode === "suggest" ? "Sugerir edição da pergunta" : "Editar pergunta",
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect(href("/questions"));
  const viewer = requireViewer(request, context);
  const question = await getQuestionForEdit(viewer, id);
  if (!question) throw redirect(href("/questions/:id", { id: String(id) }));
  return {
    question: {
      ...question,
      description: sanitizeRichText(question.description),
      details: sanitizeRichText(question.details),
    },
    ...(await tagChoicesFor(viewer)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect(href("/questions"));
  const viewer = requireViewer(request, context);
  writeChanges(context, topic.question(id));
  return handleQuestionForm(
    await request.formData(),
    async (input) => {
      const outcome = await updateQuestion(viewer, id, input);
      if (outcome.suggested) return data<FormActionData>({ ok: true, message: outcome.message });
      return redirect(href("/questions/:id", { id: String(id) }));
    },
    { edit: true },
  );
}

export default function QuestionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { question } = loaderData;
  const suggest = question.mode === "suggest";
  if (actionData && "ok" in actionData && actionData.ok && actionData.message) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-primary text-2xl font-bold md:text-3xl">Sugerir edição</h1>
        <p role="status" className="text-green-dark mt-4 rounded-md bg-green-50 px-4 py-3 font-medium">
          {actionData.message}
        </p>
        <p className="mt-4">
          <Link
            to={href("/questions/:id", { id: String(question.id) })}
            className="text-primary hover:underline"
          >
            ← Voltar para a pergunta
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link
          to={href("/questions/:id", { id: String(question.id) })}
          className="text-primary hover:underline"
        >
          ← Voltar para a pergunta
        </Link>
      </p>
      <h1 className="text-primary mt-2 text-2xl font-bold md:text-3xl">
        {suggest ? "Sugerir edição" : "Editar pergunta"}
      </h1>
      {suggest ? (
        <SuggestionNote pending={question.pendingSuggestion} />
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Cada edição fica guardada no histórico da pergunta, com quem editou e quando.
        </p>
      )}
      <div className="mt-6">
        <QuestionForm
          defaults={{
            title: question.title,
            description: question.description,
            details: question.details,
            tags: question.tags,
          }}
          questionId={question.id}
          suggestions={loaderData.suggestions}
          canCreateTags={loaderData.canCreateTags}
          lastResult={actionData?.result}
          returnedValues={actionData?.values}
          draftPrefix={`pergunta:${question.id}:edicao`}
          keepTitleAndTags={false}
          withSummary
          submitLabel={suggest ? "Enviar sugestão" : "Salvar edição"}
          discardLink={{
            to: href("/questions/:id", { id: String(question.id) }),
            label: "Cancelar",
            confirm: {
              title: "Descartar as alterações?",
              description: "O que você mudou nesta pergunta será apagado e não poderá ser recuperado.",
              confirmLabel: "Descartar",
            },
          }}
        />
      </div>
    </div>
  );
}
