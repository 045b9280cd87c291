// On a member's profile: the moderators' panel (suspend for N days with a reason, or lift a running
// suspension) and every member's Bloquear / Desbloquear, behind a disclosure that says what blocking does.
// Plain forms posting to /u/{handle}: they work without JavaScript, and the server checks every rule.
import { Form, useNavigation } from "react-router";
import {
  Field,
  FieldError,
  FormError,
  FormStatus,
  Hint,
  Label,
  fieldAria,
} from "#app/components/form/field.tsx";
import { SUSPENSION_DAYS_MAX, SUSPENSION_REASON_MAX } from "../rules.ts";
import { suspensionEnd } from "../suspension-message.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";

/** What the profile's action answers to these forms. */
/** `ok: false` with `message`: refused; `fieldErrors`: the suspension form's fields. */
export type MemberModerationReply = ActionReply & { fieldErrors?: { days?: string; reason?: string } };

export function SuspensionPanel({
  name,
  suspension,
  reply,
}: {
  name: string;
  suspension: { until: Date; reason: string } | null;
  reply?: MemberModerationReply;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = reply && (reply.intent === "suspend" || reply.intent === "unsuspend") ? reply : undefined;
  const errors = mine?.fieldErrors ?? {};
  return (
    <section aria-labelledby="moderacao-membro" className="mt-6 border-t border-slate-200 pt-6">
      <h2 id="moderacao-membro" className="text-base font-semibold text-slate-900">
        Moderação
      </h2>
      {suspension ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <p>
            Suspenso até {suspensionEnd(suspension.until)}: {suspension.reason}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="unsuspend" />
            <button type="submit" className="btn-outline bg-white py-1.5" disabled={busy}>
              Encerrar suspensão
            </button>
          </Form>
        </div>
      ) : null}
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[8rem_1fr]" noValidate>
        <input type="hidden" name="intent" value="suspend" />
        <Field>
          <Label htmlFor="suspensao-dias">Dias</Label>
          <input
            id="suspensao-dias"
            name="days"
            type="number"
            inputMode="numeric"
            min={1}
            max={SUSPENSION_DAYS_MAX}
            defaultValue={7}
            required
            className="field-input"
            {...fieldAria({ error: errors.days, errorId: "suspensao-dias-erro" })}
          />
          <FieldError id="suspensao-dias-erro" errors={errors.days} />
        </Field>
        <Field>
          <Label htmlFor="suspensao-motivo">Motivo (o membro vai ler)</Label>
          <textarea
            id="suspensao-motivo"
            name="reason"
            rows={2}
            maxLength={SUSPENSION_REASON_MAX}
            required
            className="field-input"
            {...fieldAria({
              error: errors.reason,
              errorId: "suspensao-motivo-erro",
              describedBy: "suspensao-motivo-dica",
            })}
          />
          <Hint id="suspensao-motivo-dica">
            Enquanto durar, {name} lê tudo mas não publica, comenta, vota nem segue. A suspensão termina
            sozinha.
          </Hint>
          <FieldError id="suspensao-motivo-erro" errors={errors.reason} />
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-outline" disabled={busy}>
            {suspension ? "Substituir suspensão" : "Suspender membro"}
          </button>
        </div>
        <div className="sm:col-span-2">
          <FormError errors={mine?.ok === false ? mine.message : undefined} />
          <FormStatus message={mine?.ok ? mine.message : undefined} />
        </div>
      </Form>
    </section>
  );
}

export function BlockControl({
  name,
  blocking,
  reply,
}: {
  name: string;
  blocking: boolean;
  reply?: MemberModerationReply;
}) {
  const navigation = useNavigation();
  const mine = reply && (reply.intent === "block" || reply.intent === "unblock") ? reply : undefined;
  if (blocking) {
    return (
      <Form method="post" className="flex flex-col items-end gap-1">
        <input type="hidden" name="intent" value="unblock" />
        <button type="submit" className="btn-outline" disabled={navigation.state !== "idle"}>
          Desbloquear
        </button>
        <FormStatus message={mine?.ok ? mine.message : undefined} className="text-xs text-slate-600" />
        {mine?.ok === false ? (
          <p role="alert" className="field-error">
            {mine.message}
          </p>
        ) : null}
      </Form>
    );
  }
  return (
    <details className="group relative">
      <summary className="btn-outline cursor-pointer list-none">Bloquear</summary>
      <div className="absolute right-0 z-10 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg">
        <p className="text-slate-800">
          Ao bloquear {name}, as perguntas, respostas, comentários e posts dessa pessoa ficam recolhidos para
          você, e você deixa de receber notificações dela. Ela não é avisada.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="block" />
          <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
            Bloquear {name}
          </button>
        </Form>
      </div>
      <FormStatus message={mine?.ok ? mine.message : undefined} className="text-xs text-slate-600" />
      {mine?.ok === false ? (
        <p role="alert" className="field-error">
          {mine.message}
        </p>
      ) : null}
    </details>
  );
}
