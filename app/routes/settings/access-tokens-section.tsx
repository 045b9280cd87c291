// Configurações › Tokens de acesso (`#tokens`): create a personal access token for the API (a name and what it
// may do), see it once — in a read-only field with Copiar, focused, with the warning that it will not be
// shown again — and list or revoke the member's tokens. Plain forms first: without JavaScript the token comes in
// the page that answers the form, and Revogar posts at once; with it, Revogar asks first.
import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, FieldError, FormError, FormStatus, Hint, Label } from "#app/components/form/field.tsx";
import {
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  CREATE_ACCESS_TOKEN_INTENT,
  REVOKE_ACCESS_TOKEN_INTENT,
  accessLabel,
  createAccessTokenSchema,
  type AccessTokenAccess,
} from "#app/features/accounts/access-token-schemas.ts";
import { ConfirmSubmit } from "#app/components/confirm-submit.tsx";
import { formatDate, formatRelative, isoDate } from "#app/lib/dates.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { AccessTokenActionData, CreatedAccessToken } from "./actions/access-tokens.server.ts";

/** The API's reference, written by the API itself. */
const API_DOCS = "/api/docs";

export type AccessTokenRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const ACCESS_CHOICES: { value: AccessTokenAccess; label: string; hint: string }[] = [
  {
    value: "read",
    label: "Leitura",
    hint: "Consulta pela API o que você vê no site: perguntas, respostas, posts, perfis. Não muda nada.",
  },
  {
    value: "write",
    label: "Leitura e escrita",
    hint: "Também escreve em seu nome: publica, edita e comenta como você faria no site. Dê só a quem precisa.",
  },
];

export function AccessTokensSection({
  tokens,
  max,
  suspended,
  answer,
}: {
  tokens: AccessTokenRow[];
  /** Active tokens a member may hold at once. */
  max: number;
  /** A suspended member keeps reading and revoking, but creates no token until the suspension ends. */
  suspended: boolean;
  answer?: AccessTokenActionData;
}) {
  const active = tokens.filter((token) => !token.revokedAt).length;
  return (
    <section id="tokens" aria-labelledby="secao-tokens" className="card scroll-mt-20 p-6">
      <h2 id="secao-tokens" className="text-lg font-semibold text-slate-900">
        Tokens de acesso
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-slate-800">
          Um token de acesso deixa um script ou outro programa usar a API do Suporte de Domingo em seu nome,
          sem a sua senha. Cada token aparece uma única vez, logo depois de criado: guardamos só uma impressão
          dele, como a da senha. Trocar ou recuperar a senha revoga todos os seus tokens. Veja a{" "}
          <a href={API_DOCS} className="text-primary font-medium underline underline-offset-4">
            referência da API
          </a>
          .
        </p>
        <FormStatus message={answer?.message} />
        {answer?.created ? <NewToken key={answer.created.token} created={answer.created} /> : null}
        {suspended ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Enquanto sua conta estiver suspensa, você não cria tokens novos. Os que você já tem continuam só
            lendo, e você pode revogá-los.
          </p>
        ) : (
          <CreateTokenForm answer={answer} />
        )}
        <div>
          <h3 className="text-base font-semibold text-slate-900">Seus tokens</h3>
          <p className="mt-1 text-sm text-slate-700">
            {active} de {max} tokens ativos.
          </p>
          {tokens.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">Você ainda não criou nenhum token.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
              {tokens.map((token) => (
                <TokenItem key={token.id} token={token} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function CreateTokenForm({ answer }: { answer?: AccessTokenActionData }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === CREATE_ACCESS_TOKEN_INTENT;
  const [form, fields] = useForm({
    id: "settings-access-token",
    lastResult: answer?.result,
    defaultValue: { name: "", access: "read" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createAccessTokenSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const accessError = fields.access.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={CREATE_ACCESS_TOKEN_INTENT} />
      <h3 className="text-base font-semibold text-slate-900">Criar um token</h3>
      <FormError id={form.errorId} errors={form.errors} />
      <Field>
        <Label htmlFor={fields.name.id}>Nome do token</Label>
        <input
          {...getInputProps(fields.name, { type: "text", ariaDescribedBy: `${fields.name.id}-dica` })}
          key={fields.name.key}
          maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder="Ex.: script de backup"
          className="field-input"
        />
        <Hint id={`${fields.name.id}-dica`}>
          Para você reconhecer o token depois. Até {ACCESS_TOKEN_NAME_MAX_LENGTH} caracteres.
        </Hint>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="field-label">O que o token pode fazer</legend>
        {getCollectionProps(fields.access, {
          type: "radio",
          options: ACCESS_CHOICES.map((choice) => choice.value),
        }).map(({ key, ...props }) => {
          const choice = ACCESS_CHOICES.find((c) => c.value === props.value);
          const hintId = `${props.id}-dica`;
          return (
            <div key={key} className="flex items-start gap-2">
              <input
                {...props}
                aria-describedby={[hintId, accessError ? fields.access.errorId : null]
                  .filter(Boolean)
                  .join(" ")}
                className="accent-primary mt-1 size-4 shrink-0"
              />
              <div className="min-w-0">
                <label htmlFor={props.id} className="text-sm font-medium text-slate-900">
                  {choice?.label}
                </label>
                <Hint id={hintId} className="text-xs text-slate-600">
                  {choice?.hint}
                </Hint>
              </div>
            </div>
          );
        })}
        <FieldError id={fields.access.errorId} errors={fields.access.errors} />
      </fieldset>
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Criar token
        </button>
      </div>
    </Form>
  );
}

/** The token just created, the one time it is shown: focused and selected, with Copiar once React runs. */
function NewToken({ created }: { created: CreatedAccessToken }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setStatus("Copiado");
    } catch {
      field.current?.select();
      setStatus("Não foi possível copiar. O token está selecionado: copie com Ctrl+C (ou ⌘+C).");
    }
  };
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <Label htmlFor="novo-token" className="field-label">
        Seu novo token: {created.name}
      </Label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={field}
          id="novo-token"
          type="text"
          readOnly
          value={created.token}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the member just asked for this token: the page that answers the form (without JavaScript too) starts at it
          autoFocus
          aria-describedby="novo-token-aviso"
          spellCheck={false}
          autoComplete="off"
          className="field-input min-w-0 flex-1 basis-64 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" onClick={copy} className="btn-outline">
            Copiar
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-800">
        {status}
      </p>
      <p id="novo-token-aviso" className="mt-1 text-sm font-medium text-amber-900">
        Copie o token agora e guarde-o como uma senha: ele não será mostrado de novo. Se perdê-lo, revogue
        este e crie outro.
      </p>
    </div>
  );
}

function TokenItem({ token }: { token: AccessTokenRow }) {
  const label = accessLabel(token.scopes);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{token.name}</p>
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm text-slate-700">
          <dt className="text-slate-600">Começa com</dt>
          <dd>
            <code className="font-mono break-all">{token.prefix}…</code>
          </dd>
          <dt className="text-slate-600">Acesso</dt>
          <dd>{label}</dd>
          <dt className="text-slate-600">Criado</dt>
          <dd>
            <time dateTime={isoDate(token.createdAt)}>{formatDate(token.createdAt)}</time>
          </dd>
          <dt className="text-slate-600">Último uso</dt>
          <dd>
            {token.lastUsedAt ? (
              <time dateTime={isoDate(token.lastUsedAt)} suppressHydrationWarning>
                {formatRelative(token.lastUsedAt)}
              </time>
            ) : (
              "Nunca usado"
            )}
          </dd>
        </dl>
      </div>
      {token.revokedAt ? (
        <p className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
          Revogado <time dateTime={isoDate(token.revokedAt)}>em {formatDate(token.revokedAt)}</time>
        </p>
      ) : (
        <Form method="post" preventScrollReset>
          <ConfirmSubmit
            dialogId={`confirmar-revogar-token-${token.id}`}
            label="Revogar"
            accessibleLabel={`Revogar o token ${token.name}`}
            title={`Revogar o token "${token.name}"?`}
            description="Scripts e programas que usam este token perdem o acesso na hora. Não dá para desfazer: para voltar a usar a API, crie outro token."
            confirmLabel="Revogar token"
            className="btn-outline py-1.5 text-red-700"
          >
            <input type="hidden" name="intent" value={REVOKE_ACCESS_TOKEN_INTENT} />
            <input type="hidden" name="tokenId" value={token.id} />
          </ConfirmSubmit>
        </Form>
      )}
    </li>
  );
}
