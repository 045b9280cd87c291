// /entrar/vincular: "Já existe uma conta com este e-mail". The provider's verified e-mail is an account's that
// is not linked to it: nothing happens until that account's password is typed once (or the member signs in
// the usual way and links the provider in Configurações). Never silently (ADR 044).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, href, useNavigation } from "react-router";
import { z } from "zod";
import { Field, FieldError, FormError, Label } from "#app/components/form/field.tsx";
import { isAppError } from "#app/lib/errors.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { signInRedirect } from "#app/features/accounts/two-factor.server.ts";
import { confirmPendingLink, pendingLinkState } from "#app/features/accounts/provider-accounts.server.ts";
import { PROVIDER_MESSAGES, PROVIDER_NAMES } from "#app/features/accounts/provider-messages.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import { clearFlowCookie, readFlowToken } from "#app/features/accounts/sign-in-providers.server.ts";
import type { Route } from "./+types/provider-link";
import { ProviderFailure } from "./provider-failure.tsx";

export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Já existe uma conta com este e-mail", noindex: true });

const schema = z.object({
  password: z
    .string({ message: "Digite a senha da sua conta" })
    .min(1, "Digite a senha da sua conta")
    .max(128),
});

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await pendingLinkState(readFlowToken(request));
  if (!pending) {
    return data(
      { pending: null, providerName: null, message: PROVIDER_MESSAGES.pendingExpired },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  return data(
    { pending, providerName: PROVIDER_NAMES[pending.provider], message: null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const token = readFlowToken(request);
  try {
    if (!token) throw new Error("no flow");
    const { signedIn, returnTo } = await confirmPendingLink(
      token,
      submission.value.password,
      requestMeta(request, context),
    );
    const response = signInRedirect(request, signedIn, returnTo);
    response.headers.append("Set-Cookie", clearFlowCookie(request));
    return response;
  } catch (error) {
    const message = isAppError(error) ? error.message : PROVIDER_MESSAGES.pendingExpired;
    const field = isAppError(error) && error.field === "password";
    return data(
      {
        result: submission.reply({
          ...(field ? { fieldErrors: { password: [message] } } : { formErrors: [message] }),
          hideFields: ["password"],
        }),
      },
      { status: isAppError(error) ? error.status : 400 },
    );
  }
}

export default function ProviderLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "provider-link",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { pending, providerName } = loaderData;
  if (!pending) return <ProviderFailure message={loaderData.message ?? PROVIDER_MESSAGES.pendingExpired} />;
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="card p-6">
        <h1 className="text-primary text-xl font-bold">Já existe uma conta com este e-mail</h1>
        <p className="mt-4 text-sm text-slate-800">
          O {providerName} confirmou o e-mail <strong className="break-all">{pending.email}</strong>, que já é
          de uma conta da Suporte de Domingo. Para vincular o {providerName} a ela, mostre que a conta é sua.
        </p>
        {pending.hasPassword ? (
          <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
            <FormError id={form.errorId} errors={form.errors} />
            <Field>
              <Label htmlFor={fields.password.id}>Senha da conta</Label>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                key={fields.password.key}
                autoComplete="current-password"
                className="field-input"
              />
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
            </Field>
            <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
              Vincular e entrar
            </button>
          </Form>
        ) : (
          <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {PROVIDER_MESSAGES.noPassword}
          </p>
        )}
        <p className="mt-4 text-sm text-slate-700">
          Prefere não vincular?{" "}
          <Link
            to={href("/entrar")}
            className="text-primary font-semibold underline-offset-4 hover:underline"
          >
            Entre com e-mail e senha
          </Link>{" "}
          e, se quiser, vincule o {providerName} depois em Configurações.
        </p>
      </div>
    </div>
  );
}
