// The sections of /configuracoes, one form each; every form posts its `intent` and shows the answer the action
// gave to that intent (see `settings-action.server.ts`).
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, Link, useNavigation, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import {
  Field,
  FieldError,
  fieldAria,
  FormError,
  FormStatus,
  Hint,
  Label,
} from "#app/components/form/field.tsx";
import {
  BIO_MAX_LENGTH,
  deleteAccountSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileSchema,
  type AccountActionData,
} from "#app/features/accounts/schemas.ts";
import { ThemeSwitch } from "#app/components/theme-switch.tsx";
import { plural } from "#app/lib/plural.ts";
import type { Theme } from "#app/lib/theme.ts";
import type { Route } from "./+types/settings";

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

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

type Settings = Route.ComponentProps["loaderData"]["settings"];

export function ProfileSection({ settings, answer }: { settings: Settings; answer?: AccountActionData }) {
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
        <Field>
          <Label htmlFor={fields.name.id}>Nome</Label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            autoComplete="name"
            className="field-input"
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </Field>
        <Field>
          <Label htmlFor={fields.roleLine.id}>Apresentação curta</Label>
          <input
            {...getInputProps(fields.roleLine, { type: "text" })}
            key={fields.roleLine.key}
            placeholder="Ex.: Desenvolvedora Front-end"
            autoComplete="organization-title"
            className="field-input"
          />
          <Hint>Aparece abaixo do seu nome nas perguntas e nos posts.</Hint>
          <FieldError id={fields.roleLine.errorId} errors={fields.roleLine.errors} />
        </Field>
        <Field>
          <Label htmlFor={fields.bio.id}>Bio</Label>
          <textarea {...getTextareaProps(fields.bio)} key={fields.bio.key} rows={4} className="field-input" />
          <Hint>Até {BIO_MAX_LENGTH} caracteres.</Hint>
          <FieldError id={fields.bio.errorId} errors={fields.bio.errors} />
        </Field>
        <FormStatus message={answer?.message} />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Salvar perfil
          </button>
        </div>
      </Form>
    </Section>
  );
}

export function AvatarSection({ settings, answer }: { settings: Settings; answer?: AccountActionData }) {
  const busy = useBusy("avatar");
  const error = answer?.result.error?.avatar?.[0];
  return (
    <Section id="secao-foto" title="Foto de perfil">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <AvatarImage src={settings.avatarUrl} handle={settings.handle} size="xl" />
        <div className="flex flex-col gap-3">
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="avatar" />
            <Label htmlFor="avatar">Nova foto (PNG ou JPEG, até 2 MB)</Label>
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/png,image/jpeg"
              required
              {...fieldAria({ error, errorId: "avatar-erro" })}
              className="file:bg-primary-light file:text-primary text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2 file:font-semibold"
            />
            <FieldError id="avatar-erro" errors={error} />
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
          <FormStatus message={answer?.message} />
        </div>
      </div>
    </Section>
  );
}

export function EmailSection({ settings, answer }: { settings: Settings; answer?: AccountActionData }) {
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
        <FormError id={form.errorId} errors={form.errors} />
        <Field>
          <Label htmlFor={fields.newEmail.id}>Novo e-mail</Label>
          <input
            {...getInputProps(fields.newEmail, { type: "email" })}
            key={fields.newEmail.key}
            autoComplete="email"
            className="field-input"
          />
          <FieldError id={fields.newEmail.errorId} errors={fields.newEmail.errors} />
        </Field>
        <Field>
          <Label htmlFor={fields.currentPassword.id}>Senha atual</Label>
          <input
            {...getInputProps(fields.currentPassword, { type: "password" })}
            key={fields.currentPassword.key}
            autoComplete="current-password"
            className="field-input"
          />
          <FieldError id={fields.currentPassword.errorId} errors={fields.currentPassword.errors} />
        </Field>
        <FormStatus message={answer?.message} />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Alterar e-mail
          </button>
        </div>
      </Form>
    </Section>
  );
}

export function PasswordSection({ answer }: { answer?: AccountActionData }) {
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
    <Field>
      <Label htmlFor={fields[name].id}>{label}</Label>
      <input
        {...getInputProps(fields[name], { type: "password" })}
        key={fields[name].key}
        autoComplete={autoComplete}
        className="field-input"
      />
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </Field>
  );
  return (
    <Section id="secao-senha" title="Senha">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <FormError id={form.errorId} errors={form.errors} />
        {field("currentPassword", "Senha atual", "current-password")}
        {field("newPassword", "Nova senha", "new-password")}
        {field("confirmPassword", "Confirmar senha", "new-password")}
        <FormStatus message={answer?.message} />
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Alterar senha
          </button>
        </div>
      </Form>
    </Section>
  );
}

/** The theme on the account: every device the member signs in on follows it (the footer's switch does the same). */
export function AppearanceSection({ theme }: { theme: Theme | null }) {
  return (
    <Section id="secao-aparencia" title="Aparência">
      <p className="mb-4 text-sm text-slate-800">
        Claro, escuro ou o mesmo do seu dispositivo (Sistema), em todos os aparelhos em que você entrar.
      </p>
      <ThemeSwitch memberTheme={theme} tone="card" title="Tema da conta" titleId="tema-configuracoes" />
    </Section>
  );
}

export function SessionsSection({ count, answer }: { count: number; answer?: AccountActionData }) {
  const busy = useBusy("sessions");
  const others = Math.max(0, count - 1);
  return (
    <Section id="secao-sessoes" title="Sessões">
      <p className="text-sm text-slate-800">
        {others === 0
          ? "Sua conta está aberta só neste aparelho."
          : `Sua conta também está aberta em ${others} ${plural(others, "outro aparelho", "outros aparelhos")}.`}
      </p>
      <p className="mt-2 text-sm text-slate-800">
        <Link
          to={href("/configuracoes/seguranca")}
          className="text-primary font-semibold underline-offset-4 hover:underline"
        >
          Segurança: verificação em duas etapas e cada sessão
        </Link>
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="sessions" />
        <FormStatus message={answer?.message} />
        <div>
          <button type="submit" className="btn-outline" disabled={busy || others === 0}>
            Sair de todos os outros aparelhos
          </button>
        </div>
      </Form>
    </Section>
  );
}

export function DataSection() {
  return (
    <Section id="secao-dados" title="Seus dados">
      <p className="text-sm text-slate-800">
        Baixe uma cópia de tudo o que guardamos sobre você: conta, perguntas, respostas, comentários, posts,
        votos, favoritos e quem você segue, em um arquivo JSON.
      </p>
      <a href={href("/configuracoes/exportar")} download className="btn-outline mt-4">
        Baixar meus dados (JSON)
      </a>
    </Section>
  );
}

export function DeleteSection({ answer }: { answer?: AccountActionData }) {
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
        <FormError id={form.errorId} errors={form.errors} />
        <Field>
          <Label htmlFor={fields.password.id}>Sua senha, para confirmar</Label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            autoComplete="current-password"
            className="field-input"
          />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
        </Field>
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
