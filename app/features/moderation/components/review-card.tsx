// One card of the review queue (/revisao): a flagged, held or first item with its flags, or a suggested edit
// with its changes. Each card is a focusable region named by its heading; its actions are plain forms (they
// work without JavaScript). Every one posts to /revisao — the flags' decisions, closing and locking the
// question, suspending the author — so the queue answers on the same filter and page, with its message where
// the card was.
import type { ReactNode } from "react";
import { DiffSegments } from "#app/components/diff-text.tsx";
import { Form, Link, href } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { countLabel } from "#app/lib/plural.ts";
import type { EditCard, FlagCard, ReviewCard } from "../review-queue.server.ts";
import { CLOSE_REASONS, SUSPENSION_DAYS_MAX, SUSPENSION_REASON_MAX } from "../rules.ts";

export type ReviewerPowers = { moderator: boolean; closeVote: boolean };

const KIND_LABELS: Record<FlagCard["target"]["kind"], string> = {
  question: "Pergunta",
  answer: "Resposta",
  comment: "Comentário",
  post: "Post do blog",
};

const STATE_LABELS: Record<FlagCard["state"], string | null> = {
  visible: null,
  hidden: "Oculto até a revisão",
  removed: "Excluído",
};

/** What every form of a flag card posts besides its own fields: which item, and where its card is. */
function CardFields({ card, position }: { card: FlagCard; position: number }) {
  return (
    <>
      <input type="hidden" name="kind" value={card.target.kind} />
      <input type="hidden" name="id" value={card.target.id} />
      <input type="hidden" name="position" value={position} />
    </>
  );
}

function Author({ person, label }: { person: FlagCard["author"]; label: string }) {
  if (!person) return <p className="text-sm text-slate-600">{label}: conta removida</p>;
  return (
    <p className="text-sm text-slate-700">
      {label}:{" "}
      <Link to={href("/u/:handle", { handle: person.handle })} className="text-primary font-medium underline">
        {person.name}
      </Link>{" "}
      · {countLabel(person.reputation, "ponto", "pontos")} de reputação · membro desde{" "}
      <time dateTime={isoDate(person.createdAt)}>{formatDate(person.createdAt)}</time>
    </p>
  );
}

function DecisionButton({
  card,
  position,
  intent,
  label,
  className = "btn-outline py-1.5",
}: {
  card: FlagCard;
  position: number;
  intent: "dismiss" | "helpful" | "delete" | "restore";
  label: string;
  className?: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <CardFields card={card} position={position} />
      {/* Whether "Desfazer" is offered after a removal: not for what was removed already. */}
      <input type="hidden" name="state" value={card.state} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

function CloseForm({
  card,
  position,
  binding,
  idBase,
  duplicateOf,
}: {
  card: FlagCard;
  position: number;
  binding: boolean;
  idBase: string;
  /** The original a "duplicada" flag named: the reason and the original come filled in. */
  duplicateOf: number | null;
}) {
  return (
    <details className="w-full rounded-md border border-slate-200 px-3 py-2" open={duplicateOf !== null}>
      <summary className="text-primary cursor-pointer text-sm font-medium">
        {binding ? "Fechar a pergunta" : "Votar para fechar"}
      </summary>
      <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="close" />
        <CardFields card={card} position={position} />
        <fieldset className="flex flex-col gap-1">
          <legend className="field-label">Motivo</legend>
          {Object.entries(CLOSE_REASONS).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={value}
                required
                defaultChecked={duplicateOf !== null && value === "duplicate"}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${idBase}-original`} className="field-label">
          Pergunta original (se duplicada)
        </label>
        <input
          id={`${idBase}-original`}
          name="duplicateOf"
          className="field-input"
          autoComplete="off"
          defaultValue={duplicateOf ?? undefined}
        />
        <div>
          <button type="submit" className="btn-outline py-1.5">
            {binding ? "Fechar" : "Votar para fechar"}
          </button>
        </div>
      </Form>
    </details>
  );
}

function SuspendForm({
  card,
  position,
  idBase,
  removable,
}: {
  card: FlagCard;
  position: number;
  idBase: string;
  /** Whether the card's item is still on the site (or hidden): removed with the suspension unless unticked. */
  removable: boolean;
}) {
  return (
    <details className="w-full rounded-md border border-slate-200 px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-red-800">Suspender quem escreveu</summary>
      <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="suspend" />
        <CardFields card={card} position={position} />
        <label htmlFor={`${idBase}-days`} className="field-label">
          Dias de suspensão
        </label>
        <input
          id={`${idBase}-days`}
          name="days"
          type="number"
          min={1}
          max={SUSPENSION_DAYS_MAX}
          defaultValue={7}
          required
          className="field-input w-32"
        />
        <label htmlFor={`${idBase}-reason`} className="field-label">
          Motivo (o membro vê este texto)
        </label>
        <textarea
          id={`${idBase}-reason`}
          name="reason"
          rows={2}
          maxLength={SUSPENSION_REASON_MAX}
          required
          className="field-input"
        />
        {removable ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="remove" defaultChecked />
            Remover também este conteúdo
          </label>
        ) : null}
        <div>
          <button type="submit" className="btn-outline border-red-700 py-1.5 text-red-800">
            Suspender
          </button>
        </div>
      </Form>
    </details>
  );
}

function FlagCardView({
  card,
  position,
  powers,
}: {
  card: FlagCard;
  position: number;
  powers: ReviewerPowers;
}) {
  const idBase = `revisao-${card.key}`;
  const memberFlags = card.flags.filter((f) => f.reporter !== null);
  const onlySiteFlags = memberFlags.length === 0;
  const state = STATE_LABELS[card.state];
  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <span>{KIND_LABELS[card.target.kind]}</span>
          {state ? <span className="rounded bg-red-100 px-2 py-0.5 text-red-900">{state}</span> : null}
        </p>
        <h2 id={`${idBase}-titulo`} className="text-lg font-semibold text-slate-900">
          {card.url ? (
            <Link to={card.url} className="hover:underline">
              {card.title}
            </Link>
          ) : (
            card.title
          )}
        </h2>
        <Author person={card.author} label="Autor" />
      </header>
      <section
        aria-label="Conteúdo sinalizado"
        // A region that scrolls must be reachable by keyboard to be read (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="focus-visible:outline-primary max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 px-4 py-3 focus-visible:outline-2"
      >
        {card.textIsHtml ? (
          <RichText html={card.text} />
        ) : (
          <p className="break-words whitespace-pre-line text-slate-800">{card.text}</p>
        )}
      </section>
      <section aria-labelledby={`${idBase}-motivos`}>
        <h3 id={`${idBase}-motivos`} className="text-sm font-semibold text-slate-900">
          {countLabel(card.flags.length, "motivo", "motivos")}
        </h3>
        <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
          {card.flags.map((flag) => (
            <li key={flag.id}>
              <span className="font-medium text-slate-900">{flag.reasonLabel}</span>
              {flag.duplicateOfId ? (
                <>
                  {" "}
                  de{" "}
                  <Link
                    to={href("/questions/:id", { id: String(flag.duplicateOfId) })}
                    className="text-primary underline"
                  >
                    #{flag.duplicateOfId}
                  </Link>
                </>
              ) : null}
              {flag.note ? <> — “{flag.note}”</> : null} —{" "}
              {flag.reporter ? (
                <Link to={href("/u/:handle", { handle: flag.reporter.handle })} className="underline">
                  {flag.reporter.name}
                </Link>
              ) : (
                "o site"
              )}
              , <time dateTime={isoDate(flag.createdAt)}>{formatDate(flag.createdAt)}</time>
            </li>
          ))}
        </ul>
      </section>
      <div role="group" aria-label="Ações" className="flex flex-wrap items-center gap-2">
        {card.state === "visible" ? (
          <>
            <DecisionButton
              card={card}
              position={position}
              intent="dismiss"
              label={onlySiteFlags ? "Aprovar" : "Descartar sinalizações"}
              className="btn-primary py-1.5"
            />
            {onlySiteFlags ? null : (
              <DecisionButton card={card} position={position} intent="helpful" label="Marcar como útil" />
            )}
          </>
        ) : null}
        {card.state !== "visible" && powers.moderator ? (
          <DecisionButton
            card={card}
            position={position}
            intent="restore"
            label={card.state === "hidden" ? "Publicar" : "Restaurar"}
            className="btn-primary py-1.5"
          />
        ) : null}
        {card.state === "removed" && !powers.moderator ? (
          <DecisionButton card={card} position={position} intent="helpful" label="Marcar como útil" />
        ) : null}
        {card.editUrl && card.state === "visible" ? (
          <Link to={card.editUrl} className="btn-outline py-1.5">
            Editar
          </Link>
        ) : null}
        {powers.moderator ? (
          <DecisionButton
            card={card}
            position={position}
            intent="delete"
            label={card.state === "removed" ? "Manter excluído" : "Excluir"}
            className="inline-flex items-center rounded-md bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
          />
        ) : null}
        {card.state === "hidden" && !powers.moderator ? (
          <p className="text-sm text-slate-700">Conteúdo oculto: só a moderação decide se ele volta.</p>
        ) : null}
      </div>
      {card.questionId !== null && card.state === "visible" && (powers.moderator || powers.closeVote) ? (
        <div className="flex flex-col gap-2">
          <CloseForm
            card={card}
            position={position}
            binding={powers.moderator}
            idBase={idBase}
            duplicateOf={card.flags.find((f) => f.duplicateOfId !== null)?.duplicateOfId ?? null}
          />
          {powers.moderator ? (
            <Form method="post" preventScrollReset className="inline">
              <input type="hidden" name="intent" value="lock" />
              <CardFields card={card} position={position} />
              <button type="submit" className="btn-outline py-1.5">
                Bloquear a pergunta
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {powers.moderator && card.author ? (
        <SuspendForm
          card={card}
          position={position}
          idBase={idBase}
          removable={card.state === "visible" || card.state === "hidden"}
        />
      ) : null}
    </>
  );
}

function EditCardView({ card, position }: { card: EditCard; position: number }) {
  const idBase = `revisao-${card.key}`;
  const decision = (intent: "approve-edit" | "reject-edit", label: string, className: string) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="editId" value={card.id} />
      <input type="hidden" name="position" value={position} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Edição sugerida · {card.target.kind === "question" ? "Pergunta" : "Resposta"}
        </p>
        <h2 id={`${idBase}-titulo`} className="text-lg font-semibold text-slate-900">
          <Link to={card.url} className="hover:underline">
            {card.title}
          </Link>
        </h2>
        <Author person={card.editor} label="Sugerida por" />
        {card.summary ? <p className="text-sm text-slate-700">Resumo: “{card.summary}”</p> : null}
      </header>
      {card.titleChange ? (
        <p className="text-sm">
          Título: <del className="bg-red-100 text-red-900">{card.titleChange.before}</del>{" "}
          <ins className="bg-green-100 text-green-900 no-underline">{card.titleChange.after}</ins>
        </p>
      ) : null}
      {card.tagsChange ? (
        <p className="text-sm">
          Tags: <del className="bg-red-100 text-red-900">{card.tagsChange.before.join(", ")}</del>{" "}
          <ins className="bg-green-100 text-green-900 no-underline">{card.tagsChange.after.join(", ")}</ins>
        </p>
      ) : null}
      <section aria-labelledby={`${idBase}-mudancas`}>
        <h3 id={`${idBase}-mudancas`} className="text-sm font-semibold text-slate-900">
          O que muda no texto
        </h3>
        <p
          // A region that scrolls must be reachable by keyboard to be read (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="focus-visible:outline-primary mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm break-words whitespace-pre-line text-slate-800 focus-visible:outline-2"
        >
          <DiffSegments segments={card.textDiff.segments} />
        </p>
        {card.textDiff.truncated ? (
          <p className="mt-1 text-xs text-slate-600">Texto longo: a comparação mostra só o começo dele.</p>
        ) : null}
      </section>
      <details className="rounded-md border border-slate-200 px-3 py-2">
        <summary className="text-primary cursor-pointer text-sm font-medium">Ver como ficaria</summary>
        <RichText html={card.after} className="mt-2" />
      </details>
      <div role="group" aria-label="Ações" className="flex flex-wrap gap-2">
        {decision("approve-edit", "Aprovar edição", "btn-primary py-1.5")}
        {decision("reject-edit", "Recusar edição", "btn-outline py-1.5")}
      </div>
    </>
  );
}

export function ReviewCardView({
  card,
  position,
  powers,
  notice,
}: {
  card: ReviewCard;
  position: number;
  powers: ReviewerPowers;
  /** The answer to a decision made on this card that kept it in the queue (a vote, a lock, a refusal). */
  notice?: ReactNode;
}) {
  const idBase = `revisao-${card.key}`;
  return (
    <article
      id={idBase}
      tabIndex={-1}
      data-review-card
      aria-labelledby={`${idBase}-titulo`}
      className="focus-visible:outline-primary flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {card.type === "flags" ? (
        <FlagCardView card={card} position={position} powers={powers} />
      ) : (
        <EditCardView card={card} position={position} />
      )}
      {notice}
    </article>
  );
}
