// /configuracoes: the member's own account — profile (name, role line, bio), picture, e-mail (changed through a
// confirmation link), password (with the current one), sessions, export of their data and removal (LGPD).
// One plain form per section, each with its `intent`; every one works without JavaScript.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { resendVerification } from "#app/features/accounts/accounts.server.ts";
import { errorReply, fieldErrorReply, invalidReply } from "#app/features/accounts/form-replies.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import {
  BIO_MAX_LENGTH,
  deleteAccountSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileSchema,
  type AccountActionData,
} from "#app/features/accounts/schemas.ts";
import { readDeviceToken } from "#app/features/accounts/known-devices.server.ts";
import { clearSessionCookie, readSessionToken } from "#app/features/accounts/sessions.server.ts";
import {
  AVATAR_MAX_BYTES,
  changePassword,
  deleteAccount,
  endOtherSessions,
  getSettings,
  removeAvatar,
  requestEmailChange,
  setAvatar,
  updateProfile,
} from "#app/features/accounts/settings.server.ts";
import {
  NOTIFICATIONS_INTENT,
  NotificationSettings,
  notificationSettingsFromForm,
} from "#app/features/notifications/components/notification-settings.tsx";
import { getPreferences, savePreferences } from "#app/features/notifications/notifications.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Configurações", noindex: true });

type Intent = "profile" | "avatar" | "email" | "password" | "sessions" | "delete" | "notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [settings, notifications] = await Promise.all([getSettings(viewer), getPreferences(viewer)]);
  return { settings, notifications, handle: viewer.handle };
}

/** Room for the multipart envelope around the picture itself. */
const ENVELOPE_BYTES = 64 * 1024;

function done(intent: Intent, message: string, result: SubmissionResult<string[]> = { status: "success" }) {
  return data<AccountActionData>({ intent, result, message });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  // Refuse an oversized picture before reading it.
  if (Number(request.headers.get("content-length") ?? 0) > AVATAR_MAX_BYTES + ENVELOPE_BYTES) {
    return fieldErrorReply(
      "avatar",
      new AppError("payload_too_large", "A imagem deve ter no máximo 2 MB."),
      "avatar",
    );
  }
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  switch (intent) {
    case NOTIFICATIONS_INTENT: {
      await savePreferences(viewer, notificationSettingsFromForm(formData));
      return done("notifications", "Preferências salvas.");
    }
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileSchema });
      if (submission.status !== "success") return invalidReply(submission, { intent });
      await updateProfile(viewer, submission.value);
      return done(intent, "Perfil atualizado.", submission.reply());
    }
    case "avatar": {
      const file = formData.get("avatar");
      try {
        if (!(file instanceof File) || file.size === 0) {
          throw new AppError("validation", "Escolha uma imagem PNG ou JPEG.", { field: "avatar" });
        }
        await setAvatar(viewer, file);
        return done(intent, "Foto atualizada.");
      } catch (error) {
        return fieldErrorReply("avatar", error, intent);
      }
    }
    case "remove-avatar": {
      await removeAvatar(viewer);
      return done("avatar", "Foto removida. Voltamos para a ilustração padrão.");
    }
    case "email": {
      const hideFields = ["currentPassword"];
      const submission = parseWithZod(formData, { schema: emailChangeSchema });
      if (submission.status !== "success") return invalidReply(submission, { intent, hideFields });
      try {
        await requestEmailChange(viewer, submission.value, requestMeta(request, context));
      } catch (error) {
        return errorReply(submission, error, { intent, hideFields });
      }
      return done(
        intent,
        `Enviamos um link de confirmação para ${submission.value.newEmail}. A troca acontece quando você abri-lo e confirmar, com esta conta aberta.`,
        submission.reply({ resetForm: true }),
      );
    }
    case "resend": {
      try {
        const sent = await resendVerification(viewer, requestMeta(request, context));
        return done(
          "email",
          sent ? "Enviamos um novo link de confirmação." : "Seu e-mail já está confirmado.",
        );
      } catch (error) {
        return fieldErrorReply("", error, "email");
      }
    }
    case "password": {
      const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
      const submission = parseWithZod(formData, { schema: passwordChangeSchema });
      if (submission.status !== "success") return invalidReply(submission, { intent, hideFields });
      try {
        await changePassword(viewer, submission.value, readSessionToken(request), readDeviceToken(request));
      } catch (error) {
        return errorReply(submission, error, { intent, hideFields });
      }
      return done(
        intent,
        "Senha alterada. As sessões em outros aparelhos foram encerradas.",
        submission.reply({ resetForm: true }),
      );
    }
    case "sessions": {
      await endOtherSessions(viewer, readSessionToken(request));
      return done(intent, "Pronto: só esta sessão continua aberta.");
    }
    case "delete": {
      const hideFields = ["password"];
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return invalidReply(submission, { intent, hideFields });
      try {
        await deleteAccount(viewer, submission.value.password);
      } catch (error) {
        return errorReply(submission, error, { intent, hideFields });
      }
      return redirect("/conta-removida", { headers: { "Set-Cookie": clearSessionCookie(request) } });
    }
    default:
      throw data(null, { status: 400 });
  }
}

// ------------------------------------------------------------------------------------------------ page

/** The answer of the action for the form `intent`, if it is the one that posted. */
function answerFor(actionData: AccountActionData | undefined, intent: Intent) {
  return actionData?.intent === intent ? actionData : undefined;
}

function Section({
  id,
  title,
  children,
  tone,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tone?: "danger";
}) {
  return (
    <section aria-labelledby={id} className={`card p-6 ${tone === "danger" ? "border-red-200" : ""}`}>
      <h2
        id={id}
        className={`text-lg font-semibold ${tone === "danger" ? "text-red-800" : "text-slate-900"}`}
      >
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Status({ message }: { message?: string }) {
  return (
    <p role="status" className={message ? "rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" : ""}>
      {message ?? ""}
    </p>
  );
}

function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div
      id={id}
      role="alert"
      className={errors?.[0] ? "rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" : ""}
    >
      {errors?.[0] ?? ""}
    </div>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.[0] ? (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  ) : null;
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, notifications, handle } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-primary text-2xl font-bold">Configurações</h1>
        <Link to={`/u/${handle}`} className="text-primary text-sm font-medium hover:underline">
          Ver meu perfil
        </Link>
      </div>
      <div className="mt-6 flex flex-col gap-6">
        <ProfileSection settings={settings} answer={answerFor(actionData, "profile")} />
        <AvatarSection settings={settings} answer={answerFor(actionData, "avatar")} />
        <EmailSection settings={settings} answer={answerFor(actionData, "email")} />
        <PasswordSection answer={answerFor(actionData, "password")} />
        <SessionsSection count={settings.sessionCount} answer={answerFor(actionData, "sessions")} />
        <NotificationSettings
          value={notifications}
          message={answerFor(actionData, "notifications")?.message}
        />
        <DataSection />
        <DeleteSection answer={answerFor(actionData, "delete")} />
      </div>
    </div>
  );
}

type Settings = Route.ComponentProps["loaderData"]["settings"];

function ProfileSection({ settings, answer }: { settings: Settings; answer?: AccountActionData }) {
  const busy = useBusy("profile");
  const [form, fields] = useForm({
    id: "settings-profile",
    lastResult: answer?.result,
    defaultValue: { name: settings.name, roleLine: settings.roleLine, bio: settings.bio },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Section id="secao-perfil" title="Perfil">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="profile" />
        <div>
          <label htmlFor={fields.name.id} className="field-label">
            Nome
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            autoComplete="name"
            className="field-input"
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div>
          <label htmlFor={fields.roleLine.id} className="field-label">
            Apresentação curta
          </label>
          <input
            {...getInputProps(fields.roleLine, { type: "text" })}
            key={fields.roleLine.key}
            placeholder="Ex.: Desenvolvedora Front-end"
            autoComplete="organization-title"
            className="field-input"
          />
          <p className="mt-1 text-xs text-slate-600">Aparece abaixo do seu nome nas perguntas e nos posts.</p>
          <FieldError id={fields.roleLine.errorId} errors={fields.roleLine.errors} />
        </div>
        <div>
          <label htmlFor={fields.bio.id} className="field-label">
            Bio
          </label>
          <textarea {...getTextareaProps(fields.bio)} key={fields.bio.key} rows={4} className="field-input" />
          <p className="mt-1 text-xs text-slate-600">Até {BIO_MAX_LENGTH} caracteres.</p>
          <FieldError id={fields.bio.errorId} errors={fields.bio.errors} />
        </div>
        <Status message={answer?.message} />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Salvar perfil
          </button>
        </div>
      </Form>
    </Section>
  );
}

function AvatarSection({ settings, answer }: { settings: Settings; answer?: AccountActionData }) {
  const busy = useBusy("avatar");
  const error = answer?.result.error?.avatar?.[0];
  return (
    <Section id="secao-foto" title="Foto de perfil">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <AvatarImage src={settings.avatarUrl} size="xl" />
        <div className="flex flex-col gap-3">
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="avatar" />
            <label htmlFor="avatar" className="field-label">
              Nova foto (PNG ou JPEG, até 2 MB)
            </label>
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/png,image/jpeg"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "avatar-erro" : undefined}
              className="file:bg-primary-light file:text-primary text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-semibold"
            />
            <FieldError id="avatar-erro" errors={error ? [error] : undefined} />
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                Enviar foto
              </button>
            </div>
          </Form>
          {settings.avatarUrl ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-avatar" />
              <button type="submit" className="btn-ghost px-0 text-red-700">
                Remover foto
              </button>
            </Form>
          ) : null}
          <Status message={answer?.message} />
        </div>
      </div>
    </Section>
  );
}

function EmailSection({ settings, answer }: { settings: Settings; answer?: AccountActionData }) {
  const busy = useBusy("email");
  const [form, fields] = useForm({
    id: "settings-email",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailChangeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Section id="secao-email" title="E-mail">
      <p className="text-sm text-slate-800">
        Seu e-mail: <strong className="break-all">{settings.email}</strong>{" "}
        {settings.emailVerified ? (
          <span className="text-green-dark font-medium">(confirmado)</span>
        ) : (
          <span className="font-medium text-amber-800">(ainda não confirmado)</span>
        )}
      </p>
      {!settings.emailVerified ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="resend" />
          <button
            type="submit"
            className="text-primary text-sm font-semibold underline-offset-4 hover:underline"
          >
            Reenviar link de confirmação
          </button>
        </Form>
      ) : null}
      {settings.pendingEmail ? (
        <p className="mt-2 text-sm text-slate-700">
          Aguardando a confirmação de <strong className="break-all">{settings.pendingEmail}</strong>.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="email" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.newEmail.id} className="field-label">
            Novo e-mail
          </label>
          <input
            {...getInputProps(fields.newEmail, { type: "email" })}
            key={fields.newEmail.key}
            autoComplete="email"
            className="field-input"
          />
          <FieldError id={fields.newEmail.errorId} errors={fields.newEmail.errors} />
        </div>
        <div>
          <label htmlFor={fields.currentPassword.id} className="field-label">
            Senha atual
          </label>
          <input
            {...getInputProps(fields.currentPassword, { type: "password" })}
            key={fields.currentPassword.key}
            autoComplete="current-password"
            className="field-input"
          />
          <FieldError id={fields.currentPassword.errorId} errors={fields.currentPassword.errors} />
        </div>
        <Status message={answer?.message} />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Alterar e-mail
          </button>
        </div>
      </Form>
    </Section>
  );
}

function PasswordSection({ answer }: { answer?: AccountActionData }) {
  const busy = useBusy("password");
  const [form, fields] = useForm({
    id: "settings-password",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const field = (
    name: "currentPassword" | "newPassword" | "confirmPassword",
    label: string,
    autoComplete: string,
  ) => (
    <div>
      <label htmlFor={fields[name].id} className="field-label">
        {label}
      </label>
      <input
        {...getInputProps(fields[name], { type: "password" })}
        key={fields[name].key}
        autoComplete={autoComplete}
        className="field-input"
      />
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </div>
  );
  return (
    <Section id="secao-senha" title="Senha">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <FormAlert id={form.errorId} errors={form.errors} />
        {field("currentPassword", "Senha atual", "current-password")}
        {field("newPassword", "Nova senha", "new-password")}
        {field("confirmPassword", "Confirmar senha", "new-password")}
        <Status message={answer?.message} />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Alterar senha
          </button>
        </div>
      </Form>
    </Section>
  );
}

function SessionsSection({ count, answer }: { count: number; answer?: AccountActionData }) {
  const busy = useBusy("sessions");
  const others = Math.max(0, count - 1);
  return (
    <Section id="secao-sessoes" title="Sessões">
      <p className="text-sm text-slate-800">
        {others === 0
          ? "Sua conta está aberta só neste aparelho."
          : `Sua conta também está aberta em ${others} ${others === 1 ? "outro aparelho" : "outros aparelhos"}.`}
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="sessions" />
        <Status message={answer?.message} />
        <div>
          <button type="submit" className="btn-outline" disabled={busy || others === 0}>
            Sair de todos os outros aparelhos
          </button>
        </div>
      </Form>
    </Section>
  );
}

function DataSection() {
  return (
    <Section id="secao-dados" title="Seus dados">
      <p className="text-sm text-slate-800">
        Baixe uma cópia de tudo o que guardamos sobre você: conta, perguntas, respostas, comentários, posts,
        votos, favoritos e quem você segue, em um arquivo JSON.
      </p>
      <a href="/configuracoes/exportar" download className="btn-outline mt-4">
        Baixar meus dados (JSON)
      </a>
    </Section>
  );
}

function DeleteSection({ answer }: { answer?: AccountActionData }) {
  const busy = useBusy("delete");
  const [form, fields] = useForm({
    id: "settings-delete",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Section id="secao-excluir" title="Excluir conta" tone="danger">
      <p className="text-sm text-slate-800">
        Apagamos seu nome, e-mail, foto, bio, senha, sessões, favoritos e quem você segue. Suas perguntas,
        respostas, comentários e posts continuam na comunidade, assinados como &ldquo;Membro removido&rdquo;.
        Não dá para desfazer.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="delete" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor={fields.password.id} className="field-label">
            Sua senha, para confirmar
          </label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            autoComplete="current-password"
            className="field-input"
          />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <div>
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50"
            disabled={busy}
          >
            Excluir minha conta
          </button>
        </div>
      </Form>
    </Section>
  );
}
