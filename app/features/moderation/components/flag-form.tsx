// The fields of a flag ("Sinalizar"), shared by the dialog on the page and the /sinalizar page that works
// without JavaScript: a radio group of the reasons (FLAG_REASONS), the original's number for a duplicate
// (questions only; shown by CSS while "É duplicada" is checked, so it works before React too) and a note,
// required for "Outro motivo". The server checks all of it again (flags.server.ts).
import { useId, type ReactNode } from "react";
import { FieldError, fieldAria, Hint, Label } from "#app/components/form/field.tsx";
import { FLAG_NOTE_MAX, FLAG_REASONS, type MemberFlagReason } from "../rules.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";

export type FlagFormKind = "question" | "answer" | "comment" | "post";

/** What the flag action answers: a message, and the field it belongs to when it is a refusal. */
/** `hidden`: the flag hid the content at once (enough trusted flags). */
export type FlagActionData = ActionReply & { ok: boolean; message: string; hidden?: boolean };

const HINTS: Record<MemberFlagReason, string> = {
  spam: "Propaganda, links ou texto que não ajudam ninguém.",
  offensive: "Ataques, assédio ou linguagem que ninguém deveria ler aqui.",
  needs_improvement: "Confuso, incompleto ou mal formatado, mas pode ser corrigido.",
  duplicate: "A mesma pergunta já foi feita e respondida.",
  other: "Algo que a moderação precisa ver: conte nos detalhes.",
};

export function FlagFields({
  kind,
  id,
  reply,
  children,
}: {
  kind: FlagFormKind;
  id: number;
  /** The action's last refusal, shown next to its field. */
  reply?: FlagActionData | null;
  /** The form's buttons. */
  children: ReactNode;
}) {
  const base = useId();
  const error = (field: string) => (reply && !reply.ok && reply.field === field ? reply.message : null);
  const formError = reply && !reply.ok && !["reason", "note", "duplicateOf"].includes(reply.field ?? "");
  const reasons = (Object.keys(FLAG_REASONS) as MemberFlagReason[]).filter(
    (reason) => reason !== "duplicate" || kind === "question",
  );
  const reasonError = error("reason");
  return (
    <div className="group flex flex-col gap-4">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <fieldset
        className="flex flex-col gap-2"
        {...fieldAria({ error: reasonError, errorId: `${base}-reason-error` })}
      >
        <legend className="field-label mb-1">Por que você está sinalizando?</legend>
        {reasons.map((reason) => (
          <div
            key={reason}
            className="has-[:checked]:border-primary has-[:checked]:bg-primary-light rounded-md border border-slate-200 px-3 py-2"
          >
            <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
              <input
                type="radio"
                name="reason"
                value={reason}
                required
                aria-describedby={`${base}-${reason}-hint`}
              />
              {FLAG_REASONS[reason]}
            </label>
            <p id={`${base}-${reason}-hint`} className="mt-0.5 pl-7 text-xs text-slate-600">
              {HINTS[reason]}
            </p>
          </div>
        ))}
        <FieldError id={`${base}-reason-error`} errors={reasonError} alert />
      </fieldset>
      {kind === "question" ? (
        <div className="hidden flex-col gap-1 group-has-[input[value=duplicate]:checked]:flex">
          <Label htmlFor={`${base}-duplicate`}>Pergunta original</Label>
          <input
            id={`${base}-duplicate`}
            name="duplicateOf"
            inputMode="url"
            autoComplete="off"
            className="field-input"
            {...fieldAria({
              error: error("duplicateOf"),
              errorId: `${base}-duplicate-error`,
              describedBy: `${base}-duplicate-hint`,
            })}
          />
          <Hint id={`${base}-duplicate-hint`}>O número (por exemplo, 42) ou o link da pergunta.</Hint>
          <FieldError id={`${base}-duplicate-error`} errors={error("duplicateOf")} alert />
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${base}-note`}>Detalhes</Label>
        <textarea
          id={`${base}-note`}
          name="note"
          rows={3}
          maxLength={FLAG_NOTE_MAX}
          className="field-input"
          {...fieldAria({
            error: error("note"),
            errorId: `${base}-note-error`,
            describedBy: `${base}-note-hint`,
          })}
        />
        <Hint id={`${base}-note-hint`}>
          Opcional, obrigatório em “{FLAG_REASONS.other}”. Até {FLAG_NOTE_MAX} caracteres.
        </Hint>
        <FieldError id={`${base}-note-error`} errors={error("note")} alert />
      </div>
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {reply.message}
        </p>
      ) : null}
      {children}
    </div>
  );
}
