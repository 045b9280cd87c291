// /rascunhos — the member's drafts kept on the server (ADR 062), newest first: what each is (a question, an
// answer, a post), its title or the question it answers, when it was last saved, where to go on writing it, and
// "Descartar", which asks first in the browser's own dialog and posts a plain form (with or without JavaScript).
import { useEffect, useRef } from "react";
import { Form, Link, data, href } from "react-router";
import { NativeDialog, closesDialog, opensDialog } from "#app/components/native-dialog.tsx";
import {
  discardMemberDraft,
  listMemberDrafts,
  type DraftListItem,
} from "#app/features/drafts/drafts.server.ts";
import { DRAFT_KIND_LABELS, draftResumeHref, draftTitle } from "#app/features/drafts/draft-links.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { intentAction } from "#app/lib/intents.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/drafts";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Rascunhos",
    description: "Suas perguntas, respostas e posts ainda não publicados.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { drafts: await listMemberDrafts(viewer) };
}

const reply = (body: ActionReply, status = 200) => data<ActionReply>(body, { status });

const draftIntents = intentAction(
  {
    discard: async ({ viewer, form }: { viewer: Viewer; form: FormData }) => {
      const discarded = await discardMemberDraft(viewer, String(form.get("key") ?? ""));
      return reply({
        intent: "discard",
        ok: true,
        message: discarded ? "Rascunho descartado." : "Este rascunho já não existia.",
      });
    },
  },
  { refused: (error, intent) => reply({ intent, ok: false, message: error.message }, error.status) },
);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  writeChangesNothingVisitorsSee(context);
  const form = await request.formData();
  return draftIntents(form.get("intent"), { viewer, form });
}

const time = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  minute: "2-digit",
});

function DraftItem({ draft, index }: { draft: DraftListItem; index: number }) {
  const titleId = `rascunho-${index}-titulo`;
  const dialogId = `rascunho-${index}-descartar`;
  const title = draftTitle(draft);
  return (
    <li>
      <article aria-labelledby={titleId} className="card flex flex-col gap-2">
        <p className="text-primary text-xs font-semibold tracking-wide uppercase">
          {DRAFT_KIND_LABELS[draft.kind]}
          {draft.kind === "answer" ? <span className="sr-only"> à pergunta</span> : null}
        </p>
        <h2 id={titleId} className="text-lg leading-snug font-bold text-slate-900">
          <Link to={draftResumeHref(draft)} className="hover:text-primary hover:underline">
            {title}
          </Link>
        </h2>
        {draft.excerpt ? <p className="text-sm break-words text-slate-700">{draft.excerpt}</p> : null}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-slate-600">
            Salvo em{" "}
            <time dateTime={isoDate(draft.updatedAt)}>
              {formatDate(draft.updatedAt)} às {time.format(new Date(draft.updatedAt))}
            </time>
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={draftResumeHref(draft)} className="btn-outline py-1.5" aria-describedby={titleId}>
              Continuar
            </Link>
            <button
              {...opensDialog(dialogId)}
              className="btn-ghost py-1.5 text-red-700"
              aria-describedby={titleId}
            >
              Descartar
            </button>
          </div>
        </div>
      </article>
      <NativeDialog
        id={dialogId}
        labelledBy={`${dialogId}-titulo`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-black/50"
      >
        <h2 id={`${dialogId}-titulo`} className="text-lg font-bold">
          Descartar este rascunho?
        </h2>
        <p className="mt-2 text-sm break-words text-slate-700">
          “{title}” será apagado de todos os seus aparelhos e não poderá ser recuperado.
        </p>
        <Form
          method="post"
          // With JavaScript the page stays: the dialog closes as the form goes, and the list follows.
          onSubmit={(event) => event.currentTarget.closest("dialog")?.close()}
          className="mt-6 flex flex-wrap justify-end gap-3"
        >
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="key" value={draft.key} />
          {/* The first button, where the dialog puts the focus, keeps the draft: Enter throws nothing away. */}
          <button {...closesDialog(dialogId)} className="btn-outline">
            Manter rascunho
          </button>
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            Descartar
          </button>
        </Form>
      </NativeDialog>
    </li>
  );
}

export default function Drafts({ loaderData, actionData }: Route.ComponentProps) {
  const { drafts } = loaderData;
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The discarded draft's item (and the button that had the focus) is gone: the focus goes to what happened.
  useEffect(() => {
    if (actionData?.message) statusRef.current?.focus();
  }, [actionData]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Rascunhos</h1>
      <p className="mt-2 text-slate-700">
        O que você começou a escrever e ainda não publicou fica guardado na sua conta: continue de qualquer
        aparelho. Publicado ou descartado, o rascunho sai daqui.
      </p>
      {actionData?.message ? (
        <p
          ref={statusRef}
          tabIndex={-1}
          role={actionData.ok ? "status" : "alert"}
          className={`mt-4 rounded-md px-4 py-3 text-sm font-medium ${
            actionData.ok ? "text-green-dark bg-green-50" : "bg-red-50 text-red-800"
          }`}
        >
          {actionData.message}
        </p>
      ) : null}
      {drafts.length === 0 ? (
        <div className="card mt-6 text-slate-800">
          <p>
            Nenhum rascunho guardado. O que você começar a escrever numa{" "}
            <Link to={href("/ask-a-question")} className="text-primary font-semibold hover:underline">
              pergunta
            </Link>
            , numa resposta ou num{" "}
            <Link to={href("/write-a-post")} className="text-primary font-semibold hover:underline">
              post
            </Link>{" "}
            aparece aqui até ser publicado.
          </p>
        </div>
      ) : (
        <ol aria-label="Seus rascunhos" className="mt-6 flex flex-col gap-4">
          {drafts.map((draft, index) => (
            <DraftItem key={draft.key} draft={draft} index={index} />
          ))}
        </ol>
      )}
    </div>
  );
}
