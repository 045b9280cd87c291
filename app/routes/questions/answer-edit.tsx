// /questions/{id}/respostas/{answerId}/editar — the author, a moderator or a member with the editDirectly
// privilege edits an answer (kept as a revision); any other member suggests an edit for review.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import { RichTextField } from "#app/components/editor/rich-text-field.tsx";
import { getAnswerForEdit, updateAnswer } from "#app/features/questions/answers.server.ts";
import { RevisionSummaryField } from "#app/features/questions/components/revision-summary-field.tsx";
import {
  TestedVersionsField,
  versionDefaults,
} from "#app/features/questions/components/tested-versions-field.tsx";
import { versionsFromForm } from "#app/features/questions/answer-versions.server.ts";
import { parseQuestionId } from "#app/features/questions/format.ts";
import {
  answerEditSchema,
  REVISION_SUMMARY_MAX,
  type FormActionData,
} from "#app/features/questions/schemas.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { appErrorResult } from "#app/lib/form-replies.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { richTextFromForm, sanitizeRichText } from "#app/lib/sanitize.server.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import { SuggestionNote } from "./suggestion-note.tsx";
import type { Route } from "./+types/answer-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.answer.mode === "suggest" ? "Sugerir edição da resposta" : "Editar resposta",
    noindex: true,
  });

function ids(params: { id?: string; answerId?: string }) {
  const id = parseQuestionId(params.id);
  if (id === null) throw redirect(href("/questions"));
  const answerId = parseQuestionId(params.answerId);
  if (answerId === null) throw redirect(href("/questions/:id", { id: String(id) }));
  return { id, answerId };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { id, answerId } = ids(params);
  const viewer = requireViewer(request, context);
  const answer = await getAnswerForEdit(viewer, answerId);
  if (!answer || answer.questionId !== id) throw redirect(href("/questions/:id", { id: String(id) }));
  return { answer: { ...answer, body: sanitizeRichText(answer.body) } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { id, answerId } = ids(params);
  const viewer = requireViewer(request, context);
  writeChanges(context, topic.question(id));
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: answerEditSchema });
  const summary = String(form.get("summary") ?? "");
  // "Testada em": the direct edit replaces the versions with what the form sent.
  const versions = versionsFromForm(form);
  const versionValues = Object.fromEntries(versions.map((v) => [`versao:${v.tag}`, v.version]));
  let body = "";
  try {
    body = richTextFromForm(form, "body");
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<FormActionData>(
      { ok: false, message: error.message, values: { body: "", summary, ...versionValues } },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    return data<FormActionData>(
      { ok: false, result: submission.reply(), values: { body, summary, ...versionValues } },
      { status: 400 },
    );
  }
  try {
    const outcome = await updateAnswer(viewer, answerId, body, {
      summary: submission.value.summary,
      ...(form.has("versoes") ? { versions } : {}),
    });
    if (outcome.suggested) return data<FormActionData>({ ok: true, message: outcome.message });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<FormActionData>(
      error.field === "summary" || error.field === "versions"
        ? {
            ok: false,
            result: appErrorResult(submission, error),
            values: { body, summary, ...versionValues },
          }
        : { ok: false, message: error.message, values: { body, summary, ...versionValues } },
      { status: error.status },
    );
  }
  return redirect(`${href("/questions/:id", { id: String(id) })}#resposta-${answerId}`);
}

export default function AnswerEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { answer } = loaderData;
  const navigation = useNavigation();
  const suggest = answer.mode === "suggest";
  const back = `${href("/questions/:id", { id: String(answer.questionId) })}#resposta-${answer.id}`;
  if (actionData?.ok && actionData.message) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-primary text-2xl font-bold md:text-3xl">Sugerir edição</h1>
        <p role="status" className="text-green-dark mt-4 rounded-md bg-green-50 px-4 py-3 font-medium">
          {actionData.message}
        </p>
        <p className="mt-4">
          <Link to={back} className="text-primary hover:underline">
            ← Voltar para a pergunta
          </Link>
        </p>
      </div>
    );
  }
  const error = actionData?.result?.error?.body?.[0] ?? actionData?.message;
  const summaryError = actionData?.result?.error?.summary?.[0];
  const versionsError = actionData?.result?.error?.versions?.[0];
  const namedVersions = Object.fromEntries(answer.versions.map((v) => [v.tag, v.version]));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link
          to={`${href("/questions/:id", { id: String(answer.questionId) })}#resposta-${answer.id}`}
          className="text-primary hover:underline"
        >
          ← Voltar para a pergunta
        </Link>
      </p>
      <h1 className="text-primary mt-2 text-2xl font-bold md:text-3xl">
        {suggest ? "Sugerir edição" : "Editar resposta"}
      </h1>
      <p className="mt-1 text-slate-700">Resposta a “{answer.questionTitle}”</p>
      {suggest ? <SuggestionNote pending={answer.pendingSuggestion} /> : null}
      <Form method="post" className="mt-6 flex flex-col gap-4">
        <RichTextField
          name="body"
          label="Resposta"
          defaultValue={actionData?.values?.body ? String(actionData.values.body) : answer.body}
          draftKey={`resposta:${answer.id}:edicao`}
          error={error}
        />
        {suggest ? null : (
          <>
            {/* Says the form carries the field: all inputs left empty take the versions away. */}
            <input type="hidden" name="versoes" value="1" />
            <TestedVersionsField
              idPrefix="edicao-versoes"
              tags={answer.tags}
              defaults={actionData?.values ? versionDefaults(actionData.values) : namedVersions}
              error={versionsError}
            />
          </>
        )}
        <RevisionSummaryField
          id="resumo-da-edicao"
          defaultValue={actionData?.values?.summary ? String(actionData.values.summary) : ""}
          error={summaryError}
          errorId="resumo-da-edicao-erro"
          max={REVISION_SUMMARY_MAX}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            {suggest ? "Enviar sugestão" : "Salvar edição"}
          </button>
          <Link
            to={`${href("/questions/:id", { id: String(answer.questionId) })}#resposta-${answer.id}`}
            className="btn-ghost"
          >
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}
