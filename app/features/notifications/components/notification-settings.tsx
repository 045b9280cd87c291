// The settings section where a member chooses which notifications also arrive by e-mail, and the weekly
// digest. A plain form (checkboxes) that works without JavaScript.
import { Form, useNavigation } from "react-router";
import { FormStatus, Label } from "#app/components/form/field.tsx";
import { NOTIFICATION_KIND_LIST, NOTIFICATION_KINDS, type NotificationKind } from "../kinds.ts";

export type NotificationSettingsValue = { byEmail: Record<NotificationKind, boolean>; weeklyDigest: boolean };

export const NOTIFICATIONS_INTENT = "notifications";

/** Reads the section's checkboxes from a posted form. */
export function notificationSettingsFromForm(form: FormData): NotificationSettingsValue {
  const byEmail = Object.fromEntries(
    NOTIFICATION_KIND_LIST.map((kind) => [kind, form.get(`email-${kind}`) === "on"]),
  );
  return {
    byEmail: byEmail as Record<NotificationKind, boolean>,
    weeklyDigest: form.get("weeklyDigest") === "on",
  };
}

export function NotificationSettings({
  value,
  message,
}: {
  value: NotificationSettingsValue;
  message?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === NOTIFICATIONS_INTENT;
  return (
    <section id="notificacoes" aria-labelledby="secao-notificacoes" className="card p-6">
      <h2 id="secao-notificacoes" className="text-lg font-semibold text-slate-900">
        Notificações por e-mail
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value={NOTIFICATIONS_INTENT} />
        <fieldset>
          <legend className="field-label">Além do sino, quero receber por e-mail:</legend>
          <ul className="mt-2 flex flex-col gap-2">
            {NOTIFICATION_KIND_LIST.map((kind) => (
              <li key={kind} className="flex items-center gap-2">
                <input
                  id={`email-${kind}`}
                  name={`email-${kind}`}
                  type="checkbox"
                  defaultChecked={value.byEmail[kind]}
                  className="accent-primary size-4 shrink-0"
                />
                <Label htmlFor={`email-${kind}`} className="text-sm text-slate-800">
                  {NOTIFICATION_KINDS[kind]}
                </Label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex items-center gap-2">
          <input
            id="weeklyDigest"
            name="weeklyDigest"
            type="checkbox"
            defaultChecked={value.weeklyDigest}
            className="accent-primary size-4 shrink-0"
          />
          <Label htmlFor="weeklyDigest" className="text-sm text-slate-800">
            Resumo semanal com o que não li
          </Label>
        </div>
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            Salvar preferências
          </button>
          <FormStatus message={message} className="text-sm text-green-800" />
        </div>
      </Form>
    </section>
  );
}
