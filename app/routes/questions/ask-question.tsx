// /ask-a-question — 'Fazer uma pergunta' (members only): the form, with guidance boxes beside it.
// ?sobre=<post slug or id>: "Perguntar sobre este post" (ADR 043), the question linked to the post.
import { useEffect, useState } from "react";
import { data, Link, redirect, href } from "react-router";
import { draftPublished, draftSyncsFor } from "#app/features/drafts/drafts.server.ts";
import { QUESTION_DRAFT_KEY } from "#app/features/drafts/keys.ts";
import { SPAM_MESSAGES } from "#app/features/moderation/spam-defences.server.ts";
import { clearQuestionDrafts, QuestionForm } from "#app/features/questions/components/question-form.tsx";
import type { FormActionData } from "#app/features/questions/schemas.ts";
import { findPostToAskAbout } from "#app/features/posts/answer-posts.server.ts";
import { ABOUT_POST_MISSING, createQuestion } from "#app/features/questions/question-writes.server.ts";
import { TEXT_MIN, TITLE_MIN } from "#app/features/questions/rules.ts";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import { tagChoicesFor } from "#app/features/tags/tags.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formRowId } from "#app/lib/ids.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { handleQuestionForm } from "./question-form.server.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/ask-question";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Fazer uma pergunta",
    description: "Pergunte à comunidade brasileira de desenvolvedores.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const about = new URL(request.url).searchParams.get("sobre")?.trim().slice(0, 200) ?? "";
  const [tagChoices, aboutPost, drafts] = await Promise.all([
    tagChoicesFor(viewer),
    about ? findPostToAskAbout(about) : Promise.resolve(null),
    draftSyncsFor(viewer, [QUESTION_DRAFT_KEY]),
  ]);
  return {
    ...tagChoices,
    // The member's draft on the server (ADR 062): the form starts from it or from this browser's, the newer.
    serverDraft: drafts?.[QUESTION_DRAFT_KEY],
    aboutPost,
    aboutPostMissing: about !== "" && !aboutPost ? ABOUT_POST_MISSING : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const aboutPost = form.get("aboutPost");
  const aboutPostId = typeof aboutPost === "string" && aboutPost !== "" ? formRowId(aboutPost) : null;
  // A new question: its author's profile at once, the post it asks about (listed under it), lists later.
  writeChanges(context, topic.member(viewer.id), ...(aboutPostId ? [topic.post(aboutPostId)] : []));
  return handleQuestionForm(form, async (input) => {
    // A value that cannot be an id asks about no post that exists: refused by createQuestion as missing.
    const { id, held } = await createQuestion(viewer, { ...input, aboutPostId: aboutPostId ?? null });
    // Published (or held for review): its draft goes, on every device.
    await draftPublished(viewer, QUESTION_DRAFT_KEY, form.get("draftId"));
    // A held question is hidden until reviewed: its author is told here, not sent to a page they cannot see.
    if (held) return data<FormActionData>({ ok: true, message: SPAM_MESSAGES.held });
    return redirect(href("/questions/:id", { id: String(id) }));
  });
}

function Guidance() {
  return (
    <aside aria-label="Como perguntar" className="flex flex-col gap-4 text-sm text-slate-700">
      <section aria-labelledby="guia-pergunta" className="card">
        <h2 id="guia-pergunta" className="text-base font-bold text-slate-900">
          Como escrever uma boa pergunta
        </h2>
        <p className="mt-2">Você está a poucos passos de receber ajuda da comunidade. Para isso:</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>Resuma o problema em um título claro.</li>
          <li>
            Descreva os detalhes: o que você está fazendo, o trecho de código envolvido e a mensagem de erro
            completa — com pelo menos {TEXT_MIN} caracteres.
          </li>
          <li>
            Conte o que já tentou e o que esperava que acontecesse, também com pelo menos {TEXT_MIN}{" "}
            caracteres.
          </li>
          <li>Escolha até {TAGS_MAX} tags que digam do que a pergunta trata.</li>
        </ol>
      </section>
      <section aria-labelledby="guia-titulo" className="card">
        <h2 id="guia-titulo" className="text-base font-bold text-slate-900">
          Um bom título
        </h2>
        <p className="mt-2">
          O título é a primeira coisa que as pessoas leem. Escreva uma pergunta específica, com pelo menos{" "}
          {TITLE_MIN} caracteres, como se estivesse falando com alguém que não conhece o seu projeto.
        </p>
        <p className="mt-2">
          Bom: <em>“Como ordenar um array de objetos por data em JavaScript?”</em>
          <br />
          Vago: <em>“Ajuda com JavaScript”</em>.
        </p>
      </section>
      <section aria-labelledby="guia-revisao" className="card">
        <h2 id="guia-revisao" className="text-base font-bold text-slate-900">
          Revise antes de postar
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Os detalhes e as tentativas têm pelo menos {TEXT_MIN} caracteres cada?</li>
          <li>O código está em um bloco de código, e não em imagem?</li>
          <li>Você escolheu no máximo {TAGS_MAX} tags?</li>
          <li>Tirou senhas, chaves e dados pessoais do texto?</li>
        </ul>
      </section>
    </aside>
  );
}

function HeldNotice({ message }: { message: string }) {
  // The question was saved (held for review): the drafts of this browser go.
  useEffect(() => clearQuestionDrafts(QUESTION_DRAFT_KEY), []);
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <p role="status" className="text-green-dark rounded-md bg-green-50 px-4 py-3 font-medium">
        {message}
      </p>
      <p className="text-slate-700">
        Ela aparece assim que alguém da moderação revisá-la; você será avisado nas notificações.{" "}
        <Link to="/privilegios#retidas" className="text-primary underline">
          Por que isso acontece?
        </Link>
      </p>
      <Link to={href("/questions")} className="btn-outline">
        Ver as perguntas
      </Link>
    </div>
  );
}

export default function AskQuestion({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "ok" in actionData && actionData.ok && actionData.message) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="text-primary text-2xl font-bold md:text-3xl">Fazer uma pergunta</h1>
        <HeldNotice message={actionData.message} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-primary text-2xl font-bold md:text-3xl">Fazer uma pergunta</h1>
      <AboutPost
        post={loaderData.aboutPost}
        error={actionData?.result?.error?.aboutPost?.[0] ?? loaderData.aboutPostMissing ?? undefined}
      />
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <QuestionForm
          defaults={{ title: "", description: "", details: "", tags: [] }}
          suggestions={loaderData.suggestions}
          serverDraft={loaderData.serverDraft}
          canCreateTags={loaderData.canCreateTags}
          lastResult={actionData?.result}
          returnedValues={actionData?.values}
          draftPrefix={QUESTION_DRAFT_KEY}
          keepTitleAndTags
          submitLabel="Poste sua pergunta"
          discardLink={{
            to: href("/questions"),
            label: "Descartar pergunta",
            confirm: {
              title: "Descartar pergunta?",
              description: "O que você escreveu será apagado e não poderá ser recuperado.",
              confirmLabel: "Descartar",
            },
          }}
        />
        <Guidance />
      </div>
    </div>
  );
}

/**
 * "Sobre o post: <título>" above the form, sent with it (the hidden field belongs to the question form by its
 * id) and removable: with JavaScript in place, without it by the link to the plain ask page.
 */
function AboutPost({ post, error }: { post: { id: number; title: string } | null; error?: string }) {
  const [removed, setRemoved] = useState(false);
  if ((!post || removed) && !error) return null;
  return (
    <div className="mt-4 flex flex-col gap-1">
      {post && !removed ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-800">
          <span id="sobre-o-post">
            Sobre o post: <strong className="break-words">{post.title}</strong>
          </span>
          <input type="hidden" name="aboutPost" form="question-form" value={post.id} />
          <Link
            to={href("/ask-a-question")}
            className="text-primary ml-auto font-semibold hover:underline"
            aria-describedby="sobre-o-post"
            onClick={(event) => {
              event.preventDefault();
              setRemoved(true);
            }}
          >
            Remover
          </Link>
        </p>
      ) : null}
      {error && !removed ? (
        <p role="alert" className="field-error" id="sobre-o-post-erro">
          {error}
        </p>
      ) : null}
    </div>
  );
}
