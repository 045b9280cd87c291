// Configurações → "Entrar com GitHub e Google" (ADR 044): the linked providers with their e-mail,
// "Vincular" for the configured ones not linked yet (the same POST as the sign-in buttons, intent `link`),
// "Desvincular" (refused for the last way in) and, for accounts without a password, "Definir uma senha".
import { Form, useNavigation } from "react-router";
import { FormError, FormStatus } from "#app/components/form/field.tsx";
import {
  PROVIDER_LABELS,
  ProviderButton,
  type ProviderName,
} from "#app/features/accounts/components/provider-buttons.tsx";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";

export type LinkedProviderView = { provider: ProviderName; email: string; linkedAt: Date | string };

const dateFormat = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "America/Sao_Paulo" });

export function SignInProvidersSection({
  linked,
  configured,
  hasPassword,
  justLinked,
  answer,
}: {
  linked: LinkedProviderView[];
  configured: ProviderName[];
  hasPassword: boolean;
  justLinked: ProviderName | null;
  answer?: AccountActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const linkedNames = new Set(linked.map((l) => l.provider));
  const available = configured.filter((p) => !linkedNames.has(p));
  if (linked.length === 0 && available.length === 0 && hasPassword) return null;
  const error =
    answer?.result.status === "error" ? Object.values(answer.result.error ?? {})[0]?.[0] : undefined;
  return (
    <section aria-labelledby="secao-provedores" className="card p-6">
      <h2 id="secao-provedores" className="text-lg font-semibold text-slate-900">
        Entrar com GitHub e Google
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        <FormError errors={error ?? ""} />
        <FormStatus
          message={
            answer?.message ??
            (justLinked ? `${PROVIDER_LABELS[justLinked]} vinculado. Agora você pode entrar com ele.` : null)
          }
        />
        {linked.length === 0 ? (
          <p className="text-sm text-slate-800">Nenhum provedor vinculado à sua conta.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {linked.map((link) => (
              <li
                key={link.provider}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3"
              >
                <p className="min-w-0 text-sm text-slate-800">
                  <strong>{PROVIDER_LABELS[link.provider]}</strong>{" "}
                  <span className="break-all">{link.email}</span>
                  <br />
                  <span className="text-slate-600">
                    Vinculado em {dateFormat.format(new Date(link.linkedAt))}
                  </span>
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="unlink-provider" />
                  <input type="hidden" name="provider" value={link.provider} />
                  <button
                    type="submit"
                    className="btn-outline"
                    disabled={busy}
                    aria-label={`Desvincular ${PROVIDER_LABELS[link.provider]}`}
                  >
                    Desvincular
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {available.length > 0 ? (
          <div className="flex flex-wrap gap-3">
            {available.map((provider) => (
              <ProviderButton
                key={provider}
                provider={provider}
                intent="link"
                redirectTo="/configuracoes"
                label={`Vincular ${PROVIDER_LABELS[provider]}`}
                className="btn-outline gap-2"
              />
            ))}
          </div>
        ) : null}
        {hasPassword ? null : (
          <div className="rounded-md bg-slate-50 p-3">
            <p className="text-sm text-slate-800">
              Sua conta ainda não tem senha: você entra só pelos provedores vinculados.
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="set-password" />
              <button type="submit" className="btn-outline" disabled={busy}>
                Definir uma senha
              </button>
            </Form>
          </div>
        )}
      </div>
    </section>
  );
}
