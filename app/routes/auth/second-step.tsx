// /entrar/verificacao: the second step of sign-in (ADR 049). The password (or GitHub/Google, or a reset link) was
// right and the account asks for a code: six digits from the authenticator app or one recovery code. The attempt
// lives in a ten-minute cookie; five wrong codes end it and the password is asked again.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, href, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Field, FieldError, FormError, Label } from "#app/components/form/field.tsx";
import { readDeviceToken } from "#app/features/accounts/known-devices.server.ts";
import { redirectTarget } from "#app/features/accounts/redirects.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import {
  challengeCookie,
  challengeIsOpen,
  completeSecondStep,
  readChallengeToken,
  signInRedirect,
} from "#app/features/accounts/two-factor.server.ts";
import { TWO_FACTOR_MESSAGES } from "#app/features/accounts/two-factor-rules.ts";
import { viewerContext } from "#app/lib/context.ts";
import { isAppError } from "#app/lib/errors.ts";
import { appErrorResult } from "#app/lib/form-replies.server.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/second-step";

export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Verificação em duas etapas", noindex: true });

const CODE_MISSING = "Digite o código de 6 dígitos do aplicativo ou um código de recuperação";

const schema = z.object({
  code: z
    .string({ message: CODE_MISSING })
    .trim()
    .min(6, CODE_MISSING)
    .max(20, TWO_FACTOR_MESSAGES.codeWrong),
  trustBrowser: z.literal("on").optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(viewerContext)) throw redirect(redirectTarget(request));
  const open = await challengeIsOpen(readChallengeToken(request));
  return data(
    { open, signInPath: `${href("/entrar")}${new URL(request.url).search}` },
    { status: open ? 200 : 400, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["code"] }), expired: false }, { status: 400 });
  }
  try {
    const signedIn = await completeSecondStep(
      readChallengeToken(request),
      { code: submission.value.code, trustBrowser: submission.value.trustBrowser === "on" },
      { ...requestMeta(request, context), deviceToken: readDeviceToken(request) },
    );
    const response = signInRedirect(request, signedIn, redirectTarget(request));
    response.headers.append("Set-Cookie", challengeCookie(request, null));
    return response;
  } catch (error) {
    if (!isAppError(error)) throw error;
    // An attempt that ended (expired, five wrong codes) is over: its cookie goes and the page links to Login.
    const expired = error.status === 401;
    const result = appErrorResult(submission, error, { hideFields: ["code"], fields: new Set(["code"]) });
    return data(
      { result, expired },
      {
        status: error.status,
        headers: expired ? { "Set-Cookie": challengeCookie(request, null) } : undefined,
      },
    );
  }
}

export default function SecondStepPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "second-step",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const open = loaderData.open && !actionData?.expired;
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="card p-6">
        <h1 className="text-primary text-xl font-bold">Verificação em duas etapas</h1>
        {open ? (
          <>
            <p className="mt-4 text-sm text-slate-800">
              Abra o aplicativo autenticador e digite o código de 6 dígitos da Suporte de Domingo. Sem o
              celular? Use um dos seus códigos de recuperação.
            </p>
            <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
              <FormError id={form.errorId} errors={form.errors} />
              <Field>
                <Label htmlFor={fields.code.id}>Código de verificação</Label>
                <input
                  {...getInputProps(fields.code, { type: "text" })}
                  key={fields.code.key}
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  spellCheck={false}
                  className="field-input font-mono tracking-widest"
                />
                <FieldError id={fields.code.errorId} errors={fields.code.errors} />
              </Field>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="trustBrowser" className="size-4" />
                Confiar neste navegador por 30 dias
              </label>
              <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
                Verificar
              </button>
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {actionData?.result?.error?.[""]?.[0] ?? TWO_FACTOR_MESSAGES.expired}
          </p>
        )}
        <p className="mt-4 text-sm text-slate-700">
          <Link
            to={loaderData.signInPath}
            className="text-primary font-semibold underline-offset-4 hover:underline"
          >
            Voltar ao Login
          </Link>
        </p>
      </div>
    </div>
  );
}
