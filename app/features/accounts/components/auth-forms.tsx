// The four forms of spec §Auth modal (Login, Cadastro, 'Esqueceu a sua senha?', 'Recuperar senha'), used by
// the modal and by the full pages (/entrar, /cadastro, /esqueci-a-senha, /recuperar-senha). Each posts to its
// page's action: through a fetcher with JavaScript (the answer shows in place), as a plain form without it.
import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Field, FieldError, FormError, FormStatus, Label } from "#app/components/form/field.tsx";
import {
  forgotSchema,
  recoverySchema,
  signInSchema,
  signUpSchema,
  type AccountActionData,
} from "../schemas.ts";
import { AUTH_PAGES, withRedirectTo, type AuthMode } from "./auth-urls.ts";
import { ProviderButtons } from "./provider-buttons.tsx";

type AuthFormVariant = "modal" | "page";

type CommonProps = {
  variant: AuthFormVariant;
  /** The reply of a plain (no JavaScript) post, when the page itself answered it. */
  initialResult?: SubmissionResult<string[]> | null;
  /** The message of a plain post, when the page itself answered it. */
  initialMessage?: string | null;
};

/** A labelled input with its error under it (spec §5: errors appear under each field). */
function AuthField({
  label,
  field,
  type,
  autoComplete,
  placeholder,
  readOnly,
  focusInDialog,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  type: "text" | "email" | "password";
  autoComplete: string;
  placeholder?: string;
  readOnly?: boolean;
  /** The first field of a dialog's form: the browser focuses it when the dialog opens. */
  focusInDialog?: boolean;
}) {
  return (
    <Field>
      <Label htmlFor={field.id}>{label}</Label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        readOnly={readOnly}
        // In a dialog, `autofocus` names what showModal focuses (HTML's advice for dialogs); it moves nothing
        // on page load, since a closed dialog's fields cannot take focus. React writes the attribute only in the
        // server's HTML; a form rendered in the browser (after signing out) gets it from the ref.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusInDialog}
        ref={focusInDialog ? markAutofocus : undefined}
        className="field-input"
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}

function markAutofocus(input: HTMLInputElement | null) {
  input?.setAttribute("autofocus", "");
}

function SwitchLine({ text, children }: { text: string; children: ReactNode }) {
  return (
    <p className="text-center text-sm text-slate-700">
      {text} {children}
    </p>
  );
}

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

/**
 * Conform's options shared by the four forms: validate on submit, then on every keystroke. (Validating on blur
 * would push "Esqueceu a senha?" down under the pointer as someone clicks it.)
 */
const VALIDATION = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

// ---------------------------------------------------------------------------------------------- Login

function SignInForm({
  variant,
  redirectTo,
  signUpHref,
  forgotHref,
  initialResult,
}: CommonProps & { redirectTo: string; signUpHref: string; forgotHref: string }) {
  const fetcher = useFetcher<AccountActionData>({ key: `sign-in-${variant}` });
  const [form, fields] = useForm({
    id: `sign-in-${variant}`,
    lastResult: (fetcher.state === "idle" ? fetcher.data?.result : undefined) ?? initialResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    ...VALIDATION,
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={withRedirectTo(AUTH_PAGES.signIn, redirectTo)}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <AuthField
        label="Email"
        field={fields.email}
        type="email"
        autoComplete="email"
        focusInDialog={variant === "modal"}
      />
      <AuthField label="Senha" field={fields.password} type="password" autoComplete="current-password" />
      <div className="-mt-2 text-right">
        <Link
          to={forgotHref}
          preventScrollReset
          replace={variant === "modal"}
          className={`text-sm ${linkClass}`}
        >
          Esqueceu a senha?
        </Link>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Entrar
      </button>
      <SwitchLine text="Ainda não possui conta?">
        <Link to={signUpHref} preventScrollReset replace={variant === "modal"} className={linkClass}>
          Cadastrar
        </Link>
      </SwitchLine>
    </fetcher.Form>
  );
}

// ------------------------------------------------------------------------------------------- Cadastro

function SignUpForm({
  variant,
  redirectTo,
  signInHref,
  initialResult,
}: CommonProps & { redirectTo: string; signInHref: string }) {
  const fetcher = useFetcher<AccountActionData>({ key: `sign-up-${variant}` });
  const [form, fields] = useForm({
    id: `sign-up-${variant}`,
    lastResult: (fetcher.state === "idle" ? fetcher.data?.result : undefined) ?? initialResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
    ...VALIDATION,
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={withRedirectTo(AUTH_PAGES.signUp, redirectTo)}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <AuthField
        label="Nome Social"
        field={fields.socialName}
        type="text"
        autoComplete="name"
        focusInDialog={variant === "modal"}
      />
      <AuthField label="Email" field={fields.email} type="email" autoComplete="email" />
      <AuthField label="Senha" field={fields.password} type="password" autoComplete="new-password" />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Cadastrar
      </button>
      <SwitchLine text="Já possui uma conta?">
        <Link to={signInHref} preventScrollReset replace={variant === "modal"} className={linkClass}>
          Entrar
        </Link>
      </SwitchLine>
    </fetcher.Form>
  );
}

// ------------------------------------------------------------------------------ Esqueceu a sua senha?

function ForgotForm({
  variant,
  signInHref,
  initialResult,
  initialMessage,
}: CommonProps & { signInHref: string }) {
  const fetcher = useFetcher<AccountActionData>({ key: `forgot-${variant}` });
  const [form, fields] = useForm({
    id: `forgot-${variant}`,
    lastResult: (fetcher.state === "idle" ? fetcher.data?.result : undefined) ?? initialResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
    ...VALIDATION,
  });
  const busy = fetcher.state !== "idle";
  const message = (fetcher.state === "idle" ? fetcher.data?.message : undefined) ?? initialMessage;
  return (
    <fetcher.Form
      method="post"
      action={AUTH_PAGES.forgot}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">Enviaremos um e-mail para a recuperação de sua senha.</p>
      <FormError id={form.errorId} errors={form.errors} />
      <AuthField
        label="Email"
        field={fields.email}
        type="email"
        autoComplete="email"
        focusInDialog={variant === "modal"}
      />
      <FormStatus message={message} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Enviar
      </button>
      <p className="text-center text-sm">
        <Link to={signInHref} preventScrollReset replace={variant === "modal"} className={linkClass}>
          Voltar ao Login
        </Link>
      </p>
    </fetcher.Form>
  );
}

// ----------------------------------------------------------------------------------- Recuperar senha

/** Whether the reset link still works; never the account's address (the member types it). */
export type RecoveryState = { valid: boolean };

function RecoveryForm({
  variant,
  token,
  state,
  redirectTo,
  signInHref,
  forgotHref,
  initialResult,
}: CommonProps & {
  token: string;
  state: RecoveryState;
  redirectTo: string;
  signInHref: string;
  forgotHref: string;
}) {
  const fetcher = useFetcher<AccountActionData>({ key: `recovery-${variant}` });
  const [form, fields] = useForm({
    id: `recovery-${variant}`,
    lastResult: (fetcher.state === "idle" ? fetcher.data?.result : undefined) ?? initialResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recoverySchema }),
    ...VALIDATION,
  });
  const busy = fetcher.state !== "idle";
  const backToLogin = (
    <p className="text-center text-sm">
      <Link to={signInHref} preventScrollReset replace={variant === "modal"} className={linkClass}>
        Voltar ao Login
      </Link>
    </p>
  );
  return (
    <fetcher.Form
      method="post"
      action={withRedirectTo(AUTH_PAGES.recovery, redirectTo)}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      {/* A link that no longer works still shows the form and its messages, with the way to a new link first. */}
      {state.valid ? null : (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Este link de recuperação é inválido, já foi usado ou expirou.{" "}
          <Link
            to={forgotHref}
            preventScrollReset
            replace={variant === "modal"}
            className="font-semibold underline"
          >
            Pedir um novo link
          </Link>
        </div>
      )}
      <input type="hidden" name="token" value={token} />
      <FormError id={form.errorId} errors={form.errors} />
      <AuthField
        label="Email"
        field={fields.email}
        type="email"
        autoComplete="username"
        focusInDialog={variant === "modal"}
      />
      <AuthField label="Nova senha" field={fields.newPassword} type="password" autoComplete="new-password" />
      <AuthField
        label="Confirmar senha"
        field={fields.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Cadastrar
      </button>
      {backToLogin}
    </fetcher.Form>
  );
}

export type AuthViewProps = {
  mode: AuthMode;
  variant: AuthFormVariant;
  /** Where the forms come back to after signing in. */
  redirectTo: string;
  /** Links to the other modes (the modal's `?auth=` or the full pages). */
  hrefs: Record<Exclude<AuthMode, "recovery">, string>;
  recovery?: { token: string; state: RecoveryState };
  initialResult?: SubmissionResult<string[]> | null;
  initialMessage?: string | null;
};

/** The form of one mode. */
export function AuthForm({
  mode,
  variant,
  redirectTo,
  hrefs,
  recovery,
  initialResult,
  initialMessage,
}: AuthViewProps) {
  const common = { variant, initialResult, initialMessage };
  switch (mode) {
    case "signIn":
      return (
        <>
          <SignInForm
            {...common}
            redirectTo={redirectTo}
            signUpHref={hrefs.signUp}
            forgotHref={hrefs.forgot}
          />
          <ProviderButtons intent="sign-in" redirectTo={redirectTo} />
        </>
      );
    case "signUp":
      return (
        <>
          <SignUpForm {...common} redirectTo={redirectTo} signInHref={hrefs.signIn} />
          <ProviderButtons intent="sign-up" redirectTo={redirectTo} />
        </>
      );
    case "forgot":
      return <ForgotForm {...common} signInHref={hrefs.signIn} />;
    case "recovery":
      return (
        <RecoveryForm
          {...common}
          token={recovery?.token ?? ""}
          state={recovery?.state ?? { valid: false }}
          redirectTo={redirectTo}
          signInHref={hrefs.signIn}
          forgotHref={hrefs.forgot}
        />
      );
  }
}
