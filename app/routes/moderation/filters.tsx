// /moderacao/filtros — the administrators' spam filters: blocked words (content with one is held for review)
// and blocked e-mail domains (sign-up refused, subdomains too). Add and remove; both are logged.
import { data, Form, href, Link, useNavigation } from "react-router";
import { FieldError, fieldAria, FormStatus, Hint, Label } from "#app/components/form/field.tsx";
import {
  addBlockedTerm,
  listBlockedTerms,
  removeBlockedTerm,
  SPAM_MESSAGES,
  type BlockedTerm,
  type BlockedTermKind,
} from "#app/features/moderation/spam-defences.server.ts";
import { BLOCKED_TERM_MAX } from "#app/features/moderation/rules.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/filters";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Filtros contra spam", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  if (viewer.role !== "admin") {
    throw data({ message: SPAM_MESSAGES.adminsOnly }, { status: 403 });
  }
  return { terms: await listBlockedTerms(viewer) };
}

type ActionData = {
  ok: boolean;
  intent: "add" | "remove";
  /** Which list the form belonged to, so the message shows by the right one. */
  kind?: BlockedTermKind;
  message: string;
  value?: string;
};

const KIND_LABEL: Record<BlockedTermKind, string> = { word: "Termo", email_domain: "Domínio" };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  // The lists change what members can post next, not any page a visitor sees now.
  writeChangesNothingVisitorsSee(context);
  const form = await request.formData();
  const intent = form.get("intent") === "remove" ? "remove" : "add";
  const kind: BlockedTermKind = form.get("kind") === "email_domain" ? "email_domain" : "word";
  const value = String(form.get("value") ?? "");
  try {
    if (intent === "remove") {
      await removeBlockedTerm(viewer, formRowId(form.get("id")));
      return data<ActionData>({ ok: true, intent, kind, message: "Removido da lista." });
    }
    const added = await addBlockedTerm(viewer, { kind, value });
    return data<ActionData>({
      ok: true,
      intent,
      kind,
      message: `${KIND_LABEL[kind]} adicionado à lista: ${added.value}.`,
    });
  } catch (error) {
    if (!isAppError(error) || error.code === "unauthenticated") throw error;
    return data<ActionData>(
      { ok: false, intent, kind, message: error.message, value },
      { status: error.status },
    );
  }
}

function TermList({ terms, kind }: { terms: BlockedTerm[]; kind: BlockedTermKind }) {
  const label = kind === "word" ? "Palavras bloqueadas" : "Domínios de e-mail bloqueados";
  if (!terms.length) return <p className="mt-3 text-sm text-slate-600">Nenhum item na lista.</p>;
  return (
    <ul aria-label={label} className="mt-3 flex flex-col divide-y divide-slate-200">
      {terms.map((term) => (
        <li key={term.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <span className="font-mono font-semibold break-all text-slate-900">{term.value}</span>
            <span className="block text-xs text-slate-600">
              Adicionado em <time dateTime={isoDate(term.createdAt)}>{formatDate(term.createdAt)}</time>
              {term.createdBy ? ` por ${term.createdBy.name}` : ""}
            </span>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="id" value={term.id} />
            <button
              type="submit"
              className="btn-ghost text-sm text-red-700"
              aria-label={`Remover ${term.value}`}
            >
              Remover
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

function AddForm({ kind, reply }: { kind: BlockedTermKind; reply: ActionData | undefined }) {
  const navigation = useNavigation();
  const fieldId = `filtro-${kind}`;
  const mine = reply?.kind === kind ? reply : undefined;
  const error = mine && !mine.ok && mine.intent === "add" ? mine.message : null;
  return (
    <Form method="post" className="mt-4 flex flex-col gap-2">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="kind" value={kind} />
      <Label htmlFor={fieldId}>{kind === "word" ? "Nova palavra ou expressão" : "Novo domínio"}</Label>
      <Hint id={`${fieldId}-hint`} className="text-sm text-slate-600">
        {kind === "word"
          ? "Palavra inteira, sem diferença entre maiúsculas, minúsculas e acentos."
          : "Por exemplo: exemplo.com (vale também para os subdomínios)."}
      </Hint>
      <div className="flex flex-wrap gap-2">
        <input
          id={fieldId}
          name="value"
          required
          maxLength={BLOCKED_TERM_MAX}
          autoComplete="off"
          defaultValue={error ? mine?.value : undefined}
          key={mine?.ok ? `${mine.message}` : "field"}
          className="field-input max-w-sm flex-1"
          {...fieldAria({ error, errorId: `${fieldId}-error`, describedBy: `${fieldId}-hint` })}
        />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Adicionar
        </button>
      </div>
      <FieldError id={`${fieldId}-error`} errors={error} className="text-sm text-red-700" alert />
    </Form>
  );
}

export default function Filters({ loaderData, actionData }: Route.ComponentProps) {
  const { terms } = loaderData;
  const reply = actionData as ActionData | undefined;
  const sections: { kind: BlockedTermKind; title: string; intro: string }[] = [
    {
      kind: "word",
      title: "Palavras bloqueadas",
      intro:
        "Uma pergunta, resposta, comentário ou post com uma destas palavras fica oculta e vai para a fila de revisão; quem escreveu é avisado.",
    },
    {
      kind: "email_domain",
      title: "Domínios de e-mail bloqueados",
      intro: "Ninguém cria conta com um e-mail destes domínios (nem dos subdomínios deles).",
    },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-primary text-2xl font-bold md:text-3xl">Filtros contra spam</h1>
      <p className="mt-2 text-slate-700">
        As mudanças valem em poucos segundos para todo o site e ficam no registro da moderação. Veja também os{" "}
        <Link to={href("/privilegios")} className="text-primary underline">
          limites para contas novas
        </Link>
        .
      </p>
      <FormStatus message={reply?.ok ? reply.message : null} className="mt-4 text-sm text-green-900" />
      {reply && !reply.ok && reply.intent === "remove" ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {reply.message}
        </p>
      ) : null}
      {sections.map((section) => (
        <section key={section.kind} aria-labelledby={`secao-${section.kind}`} className="card mt-6">
          <h2 id={`secao-${section.kind}`} className="text-lg font-bold text-slate-900">
            {section.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{section.intro}</p>
          <AddForm kind={section.kind} reply={reply} />
          <TermList terms={terms.filter((t) => t.kind === section.kind)} kind={section.kind} />
        </section>
      ))}
    </div>
  );
}
