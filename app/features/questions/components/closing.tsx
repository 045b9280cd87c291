// What the question page shows about closing: the banner of a closed or locked question, the duplicates of an
// original, and the controls to vote to close or reopen and to lock. The close form opens in place (a
// <details>, as the bounty offer does): plain HTML that works without JavaScript and ships no dialog
// code with the page; the original's field shows only while "Duplicada" is chosen (CSS :has).
import type { ReactNode } from "react";
import { Form, Link, href } from "react-router";
import { FieldError, fieldAria, Label } from "#app/components/form/field.tsx";
import { formatDate, isoDate } from "#app/lib/dates.ts";
// The reasons and their labels are the moderation feature's rules (its public file).
import { CLOSE_REASONS, type CloseReason } from "#app/features/moderation/rules.ts";
import type { FormActionData } from "../schemas.ts";

type Person = { id: number; handle: string; name: string };

export type ClosingOnPage = {
  closedAt: Date | null;
  closeReason: CloseReason | null;
  lockedAt: Date | null;
  closing: {
    original: { id: number; title: string } | null;
    duplicates: { id: number; title: string }[];
    closers: Person[];
  };
};

/** "Fechada como fora do escopo", and why that closes a question, per reason. */
const CLOSED_AS: Record<CloseReason, { title: string; why: string }> = {
  duplicate: {
    title: "Fechada como duplicada",
    why: "A mesma dúvida já foi perguntada e respondida.",
  },
  off_topic: {
    title: "Fechada como fora do escopo",
    why: "Ela não trata de programação, ferramentas ou práticas de desenvolvimento de software.",
  },
  needs_details: {
    title: "Fechada por precisar de detalhes ou clareza",
    why: "Falta o que é preciso para respondê-la: o código, o erro, o que foi tentado e o que se esperava.",
  },
  opinion_based: {
    title: "Fechada por ser baseada em opiniões",
    why: "As respostas dependeriam de gosto pessoal, não de fatos, referências ou experiência.",
  },
};

const REASON_HINTS: Record<CloseReason, string> = {
  duplicate: "Já foi perguntada e tem resposta em outra pergunta.",
  off_topic: "Não é sobre desenvolvimento de software.",
  needs_details: "Falta código, o erro ou o que foi tentado.",
  opinion_based: "As respostas seriam questão de gosto.",
};

const names = new Intl.ListFormat("pt-BR", { style: "long", type: "conjunction" });

function People({ people }: { people: Person[] }) {
  const parts = names.formatToParts(people.map((p) => p.name));
  let index = 0;
  return (
    <>
      {parts.map((part, i) => {
        if (part.type === "literal") return <span key={i}>{part.value}</span>;
        const person = people[index++]!;
        return (
          <Link
            key={i}
            to={href("/u/:handle", { handle: person.handle })}
            className="font-semibold underline"
          >
            {person.name}
          </Link>
        );
      })}
    </>
  );
}

/** The banners at the top of a closed or locked question. */
export function ClosedBanners({ question }: { question: ClosingOnPage }) {
  const { closedAt, closeReason, lockedAt, closing } = question;
  return (
    <>
      {closedAt && closeReason ? (
        <section
          aria-labelledby="fechada-titulo"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {closeReason === "duplicate" && closing.original ? (
            <>
              <h2 id="fechada-titulo" className="text-base font-semibold">
                Esta pergunta já tem resposta aqui:
              </h2>
              <p>
                <Link
                  to={href("/questions/:id", { id: String(closing.original.id) })}
                  className="text-primary text-base font-semibold underline"
                >
                  {closing.original.title}
                </Link>
              </p>
            </>
          ) : (
            <h2 id="fechada-titulo" className="text-base font-semibold">
              {CLOSED_AS[closeReason].title}
            </h2>
          )}
          <p>
            {CLOSED_AS[closeReason].title}
            {closing.closers.length ? (
              <>
                {" "}
                por <People people={closing.closers} />
              </>
            ) : null}{" "}
            em <time dateTime={isoDate(closedAt)}>{formatDate(closedAt)}</time>. {CLOSED_AS[closeReason].why}{" "}
            Ela não aceita novas respostas.
          </p>
        </section>
      ) : null}
      {lockedAt ? (
        <p
          role="note"
          className="rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-sm text-slate-900"
        >
          <strong>Pergunta bloqueada</strong> pela moderação em{" "}
          <time dateTime={isoDate(lockedAt)}>{formatDate(lockedAt)}</time>: ela não aceita respostas,
          comentários, votos nem edições.
        </p>
      ) : null}
    </>
  );
}

/** Under an original: the questions closed as its duplicates. */
export function DuplicatesOf({ duplicates }: { duplicates: { id: number; title: string }[] }) {
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicadas-titulo" className="flex flex-col gap-2 text-sm">
      <h2 id="duplicadas-titulo" className="font-semibold text-slate-900">
        Perguntas duplicadas desta
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={href("/questions/:id", { id: String(d.id) })} className="text-primary hover:underline">
              {d.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** In place of the answer form on a closed or locked question. */
export function NoAnswersNote({ locked }: { locked: boolean }) {
  return (
    <p id="responder" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
      {locked
        ? "Esta pergunta está bloqueada pela moderação e não aceita novas respostas."
        : "Esta pergunta está fechada e não aceita novas respostas."}
    </p>
  );
}

type CloseVoteState = {
  close: number;
  reopen: number;
  votedClose: boolean;
  votedReopen: boolean;
  needed: number;
};

type ControlsProps = {
  closed: boolean;
  locked: boolean;
  /** The viewer holds the closeVote privilege (moderators do). */
  canVote: boolean;
  isModerator: boolean;
  votes: CloseVoteState | null;
  /** The page's reply to a close vote (a refused original or reason shows by its field). */
  reply?: FormActionData;
};

const votesLabel = (n: number, needed: number, what: string) =>
  `${n} de ${needed} ${needed === 1 ? "voto" : "votos"} para ${what}`;

/** "Fechar" / "Reabrir" for those with the privilege, "Bloquear" / "Desbloquear" for moderators. */
export function CloseControls({ closed, locked, canVote, isModerator, votes, reply }: ControlsProps) {
  const showVotes = canVote && votes && !(locked && !isModerator);
  if (!showVotes && !isModerator) return null;
  return (
    <div className="flex flex-wrap items-start gap-3 text-sm" aria-label="Moderação da pergunta" role="group">
      {showVotes && !closed ? <CloseForm votes={votes} isModerator={isModerator} reply={reply} /> : null}
      {showVotes && closed ? (
        votes.votedReopen ? (
          <WithdrawVote>
            Você votou para reabrir ({votesLabel(votes.reopen, votes.needed, "reabrir")}).
          </WithdrawVote>
        ) : (
          <Form method="post" preventScrollReset className="flex items-center gap-2">
            <input type="hidden" name="intent" value="reopen-vote" />
            <button type="submit" className="btn-outline py-1.5">
              {isModerator ? "Reabrir" : "Votar para reabrir"}
            </button>
            <span className="text-slate-600">{votesLabel(votes.reopen, votes.needed, "reabrir")}</span>
          </Form>
        )
      ) : null}
      {isModerator ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={locked ? "unlock" : "lock"} />
          <button type="submit" className="btn-outline py-1.5">
            {locked ? "Desbloquear" : "Bloquear"}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The viewer's pending vote, with the way to take it back. */
function WithdrawVote({ children }: { children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="withdraw-close-vote" />
      <span className="py-1.5 text-slate-700">{children}</span>
      <button type="submit" className="btn-ghost py-1.5">
        Retirar voto
      </button>
    </Form>
  );
}

/**
 * The asker's own way to close their question as a duplicate of one that already answers it, without the
 * closeVote privilege (as on Stack Overflow): only the original is asked for.
 */
export function MarkAsDuplicate({ reply }: { reply?: FormActionData }) {
  const mine = reply?.intent === "close-vote" && !reply.ok ? reply : null;
  const originalError = mine?.result?.error?.duplicateOf?.[0] ?? mine?.result?.error?.reason?.[0];
  const typed = typeof mine?.values?.duplicateOf === "string" ? mine.values.duplicateOf : "";
  return (
    <details className="max-w-xl text-sm open:w-full" open={Boolean(mine)}>
      <summary className="btn-outline w-fit cursor-pointer py-1.5">Marcar como duplicada</summary>
      <Form
        method="post"
        preventScrollReset
        className="mt-2 flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      >
        <input type="hidden" name="intent" value="close-vote" />
        <input type="hidden" name="reason" value="duplicate" />
        <p className="text-slate-700">
          Encontrou uma pergunta que já responde a sua? Feche a sua como duplicada: quem chegar aqui será
          levado até a resposta.
        </p>
        <Label htmlFor="duplicada-original">Pergunta original (número ou endereço)</Label>
        <input
          id="duplicada-original"
          name="duplicateOf"
          required
          defaultValue={typed}
          maxLength={500}
          placeholder="ex.: 123 ou /questions/123"
          className="field-input"
          {...fieldAria({ error: originalError, errorId: "duplicada-original-erro" })}
        />
        <FieldError id="duplicada-original-erro" errors={originalError} alert />
        <button type="submit" className="btn-primary w-fit">
          Fechar como duplicada
        </button>
      </Form>
    </details>
  );
}

function CloseForm({
  votes,
  isModerator,
  reply,
}: {
  votes: CloseVoteState;
  isModerator: boolean;
  reply?: FormActionData;
}) {
  if (votes.votedClose) {
    return (
      <WithdrawVote>Você votou para fechar ({votesLabel(votes.close, votes.needed, "fechar")}).</WithdrawVote>
    );
  }
  const mine = reply?.intent === "close-vote" && !reply.ok ? reply : null;
  const reasonError = mine?.result?.error?.reason?.[0];
  const originalError = mine?.result?.error?.duplicateOf?.[0];
  const chosen = typeof mine?.values?.reason === "string" ? mine.values.reason : "";
  const typed = typeof mine?.values?.duplicateOf === "string" ? mine.values.duplicateOf : "";
  return (
    <details className="max-w-xl open:w-full" open={Boolean(mine)}>
      <summary className="btn-outline w-fit cursor-pointer py-1.5">Fechar</summary>
      <Form
        method="post"
        preventScrollReset
        className="group mt-2 flex flex-col gap-4 rounded-lg border border-slate-200 p-4"
      >
        <input type="hidden" name="intent" value="close-vote" />
        <fieldset
          className="flex flex-col gap-2"
          {...fieldAria({ error: reasonError, errorId: "fechar-motivo-erro" })}
        >
          <legend className="mb-1 font-semibold text-slate-900">
            Por que esta pergunta deve ser fechada?
          </legend>
          {(Object.keys(CLOSE_REASONS) as CloseReason[]).map((reason) => (
            <label key={reason} className="grid grid-cols-[auto_1fr] gap-x-2 text-slate-800">
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={chosen === reason}
                className="accent-primary row-span-2 mt-0.5 size-4"
              />
              <span className="font-medium">{CLOSE_REASONS[reason]}</span>
              <span className="text-slate-600">{REASON_HINTS[reason]}</span>
            </label>
          ))}
          <FieldError id="fechar-motivo-erro" errors={reasonError} alert />
        </fieldset>
        {/* Asked only for a duplicate: shown while "Duplicada" is chosen (and after a refusal about it). */}
        <div
          className={`flex-col gap-1 ${originalError || chosen === "duplicate" ? "flex" : "hidden group-has-[input[value=duplicate]:checked]:flex"}`}
        >
          <Label htmlFor="fechar-original">Pergunta original (número ou endereço)</Label>
          <input
            id="fechar-original"
            name="duplicateOf"
            defaultValue={typed}
            maxLength={500}
            placeholder="ex.: 123 ou /questions/123"
            className="field-input"
            {...fieldAria({ error: originalError, errorId: "fechar-original-erro" })}
          />
          <FieldError id="fechar-original-erro" errors={originalError} alert />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-slate-600">{votesLabel(votes.close, votes.needed, "fechar")}</span>
          <button type="submit" className="btn-primary">
            {isModerator ? "Fechar pergunta" : "Votar para fechar"}
          </button>
        </div>
      </Form>
    </details>
  );
}
