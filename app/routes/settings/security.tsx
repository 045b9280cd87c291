// /configuracoes/seguranca: two-factor sign-in (ADR 049) and the member's sessions. Plain forms that work without
// JavaScript, each with its `intent` (the action: `security-action.server.ts`).
// Turning the second step off and new recovery codes ask for the password (a session left open elsewhere must not
// be enough); each session has its own "Sair", and "Sair de todos" ends this one too.
import { Form, Link, data, href, useNavigation } from "react-router";
import { Field, FieldError, fieldAria, FormStatus, Label } from "#app/components/form/field.tsx";
import { listSessions, readSessionToken } from "#app/features/accounts/sessions.server.ts";
import { twoFactorState } from "#app/features/accounts/two-factor.server.ts";
import { RECOVERY_CODE_COUNT } from "#app/features/accounts/two-factor-rules.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { formatDate, formatRelative } from "#app/lib/dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { securityAction, type SecurityReply as Reply } from "./security-action.server.ts";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Segurança", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [twoFactor, sessions] = await Promise.all([
    twoFactorState(viewer),
    listSessions(viewer.id, readSessionToken(request)),
  ]);
  return data(
    { twoFactor, sessions, withheldRole: viewer.withheldRole ?? null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: Route.ActionArgs) {
  return securityAction(args);
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-950">Seus códigos de recuperação</h3>
      <p className="mt-1 text-sm text-amber-950">
        Guarde estes {RECOVERY_CODE_COUNT} códigos num lugar seguro (um gerenciador de senhas, por exemplo).
        Cada um entra uma vez na sua conta se você perder o celular. Eles não serão mostrados de novo.
      </p>
      <ul
        aria-label="Códigos de recuperação"
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center text-slate-900">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PasswordForm({
  intent,
  label,
  button,
  answer,
  hasPassword,
  tone,
}: {
  intent: "two-factor-off" | "recovery-codes";
  label: string;
  button: string;
  answer?: Reply;
  hasPassword: boolean;
  tone?: "danger";
}) {
  const busy = useBusy(intent);
  const id = `campo-${intent}`;
  const error =
    answer?.intent === intent && answer.ok === false && answer.field === "password"
      ? answer.message
      : undefined;
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Field>
        <Label htmlFor={id}>
          {hasPassword ? `${label}: sua senha atual` : `${label}: um código do aplicativo`}
        </Label>
        <input
          id={id}
          name="password"
          type={hasPassword ? "password" : "text"}
          autoComplete={hasPassword ? "current-password" : "one-time-code"}
          required
          className="field-input"
          {...fieldAria({ error, errorId: `${id}-erro` })}
        />
        <FieldError id={`${id}-erro`} errors={error} />
      </Field>
      <div>
        <button
          type="submit"
          className={tone === "danger" ? "btn-outline border-red-300 text-red-800" : "btn-outline"}
          disabled={busy}
        >
          {button}
        </button>
      </div>
    </Form>
  );
}

function TwoFactorSection({
  state,
  answer,
  withheldRole,
}: {
  state: Route.ComponentProps["loaderData"]["twoFactor"];
  answer?: Reply;
  withheldRole: string | null;
}) {
  const starting = useBusy("two-factor-start");
  const confirming = useBusy("two-factor-confirm");
  const mine =
    answer && answer.intent.startsWith("two-factor")
      ? answer
      : answer?.intent === "recovery-codes"
        ? answer
        : undefined;
  const refusal = mine?.ok === false ? mine : undefined;
  const codeError = refusal?.field === "code" ? refusal.message : undefined;
  const startError =
    refusal?.intent === "two-factor-start" && refusal.field === "password" ? refusal.message : undefined;
  const formError = refusal && !refusal.field ? refusal.message : undefined;
  return (
    <Section id="secao-duas-etapas" title="Verificação em duas etapas">
      {withheldRole ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Moderadores e administradores precisam da verificação em duas etapas. Ative-a para usar as
          ferramentas de {withheldRole === "admin" ? "administração" : "moderação"}.
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <FormStatus message={mine?.ok ? mine.message : undefined} />
      {mine?.recoveryCodes ? <RecoveryCodes codes={mine.recoveryCodes} /> : null}
      {state.enabled ? (
        <>
          <p className="text-sm text-slate-800">
            <strong className="font-semibold text-green-800">Ativa.</strong> O Login pede um código do seu
            aplicativo autenticador depois da senha. Restam {state.recoveryCodesLeft} de {RECOVERY_CODE_COUNT}{" "}
            códigos de recuperação.
          </p>
          <PasswordForm
            intent="recovery-codes"
            label="Gerar novos códigos"
            button="Gerar novos códigos de recuperação"
            answer={answer}
            hasPassword={state.hasPassword}
          />
          <PasswordForm
            intent="two-factor-off"
            label="Desativar"
            button="Desativar a verificação em duas etapas"
            answer={answer}
            hasPassword={state.hasPassword}
            tone="danger"
          />
        </>
      ) : state.setup ? (
        <>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800">
            <li>
              Abra um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password,
              Aegis…).
            </li>
            <li>Leia o código QR abaixo com ele, ou digite a chave.</li>
            <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
          </ol>
          <div className="flex flex-wrap items-center gap-4">
            <div
              role="img"
              aria-label="Código QR para o aplicativo autenticador"
              className="size-44 shrink-0 bg-white"
              // The SVG is drawn on the server from the otpauth:// address by `uqr`; it holds no member text.
              dangerouslySetInnerHTML={{ __html: state.setup.qrSvg }}
            />
            <p className="min-w-0 text-sm text-slate-800">
              Chave para digitar:{" "}
              <code aria-label="Chave secreta" className="font-mono break-all text-slate-900">
                {state.setup.secret.replace(/(.{4})/g, "$1 ").trim()}
              </code>
            </p>
          </div>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <Field>
              <Label htmlFor="codigo-ativacao">Código do aplicativo</Label>
              <input
                id="codigo-ativacao"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                className="field-input max-w-48 font-mono tracking-widest"
                {...fieldAria({ error: codeError, errorId: "codigo-ativacao-erro" })}
              />
              <FieldError id="codigo-ativacao-erro" errors={codeError} />
            </Field>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={confirming}>
                Confirmar e ativar
              </button>
            </div>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="two-factor-cancel" />
            <button type="submit" className="btn-ghost">
              Cancelar
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-800">
            Além da senha, o Login pede um código do aplicativo autenticador do seu celular. Quem descobrir
            sua senha não entra sem ele.
          </p>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="two-factor-start" />
            {state.hasPassword ? (
              <Field>
                <Label htmlFor="senha-ativacao">Sua senha atual</Label>
                <input
                  id="senha-ativacao"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  className="field-input max-w-sm"
                  {...fieldAria({ error: startError, errorId: "senha-ativacao-erro" })}
                />
                <FieldError id="senha-ativacao-erro" errors={startError} />
              </Field>
            ) : null}
            <div>
              <button type="submit" className="btn-primary" disabled={starting}>
                Ativar
              </button>
            </div>
          </Form>
        </>
      )}
    </Section>
  );
}

function SessionsSection({
  sessions,
  answer,
}: {
  sessions: Route.ComponentProps["loaderData"]["sessions"];
  answer?: Reply;
}) {
  const busyAll = useBusy("sessions-end-all");
  const mine = answer?.intent === "session-end" ? answer : undefined;
  return (
    <Section id="secao-sessoes-abertas" title="Sessões">
      <p className="text-sm text-slate-800">Os aparelhos onde sua conta está aberta agora.</p>
      {mine?.ok === false ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {mine.message}
        </p>
      ) : null}
      <FormStatus message={mine?.ok ? mine.message : undefined} />
      <ul aria-label="Sessões abertas" className="divide-y divide-slate-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {session.browser}
                {session.current ? (
                  <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900">
                    Esta sessão
                  </span>
                ) : null}
              </p>
              <p className="text-slate-700">
                {session.place ? `Rede ${session.place} · ` : ""}
                entrou em {formatDate(session.startedAt)} · ativa {formatRelative(session.lastSeenAt)}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="session-end" />
                <input type="hidden" name="session" value={session.id} />
                <button
                  type="submit"
                  className="btn-outline"
                  aria-label={`Sair da sessão ${session.browser}${session.place ? `, rede ${session.place}` : ""}`}
                >
                  Sair
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="sessions-end-all" />
        <button type="submit" className="btn-outline" disabled={busyAll}>
          Sair de todos
        </button>
      </Form>
      <p className="text-xs text-slate-600">"Sair de todos" encerra também esta sessão.</p>
    </Section>
  );
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-primary text-2xl font-bold">Segurança</h1>
        <Link to={href("/configuracoes")} className="text-primary text-sm font-medium hover:underline">
          Voltar às configurações
        </Link>
      </div>
      <div className="mt-6 flex flex-col gap-6">
        <TwoFactorSection
          state={loaderData.twoFactor}
          answer={actionData}
          withheldRole={loaderData.withheldRole}
        />
        <SessionsSection sessions={loaderData.sessions} answer={actionData} />
      </div>
    </div>
  );
}
