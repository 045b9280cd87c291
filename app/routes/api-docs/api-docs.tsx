// /api/docs — the REST API's reference (ADR 036): a server-rendered page of the site, in Portuguese, generated
// from the same OpenAPI document /api/v1/openapi.json serves. No CDN and no script of its own: the operations,
// their fields, refusals and curl examples are plain HTML.
import { href, Link } from "react-router";
import { openApiDocument } from "#app/features/api/document.ts";
import { API_ERROR_CODES, API_ERROR_MEANINGS, API_ERROR_STATUS } from "#app/features/api/errors.ts";
import { API_RATE_LIMITS } from "#app/features/api/limits.ts";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "#app/features/api/schemas.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { referenceOf, type FieldRow } from "./reference.server.ts";
import type { Route } from "./+types/api-docs";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "API pública",
    description:
      "A API REST do Suporte de Domingo: leia e escreva perguntas, respostas, comentários e posts com um token de acesso.",
    url: loaderData?.url,
  });

export async function loader() {
  const document = openApiDocument(publicUrl());
  return {
    ...referenceOf(document),
    url: `${publicUrl()}/api/docs`,
    mcpUrl: `${publicUrl()}/mcp`,
    errors: API_ERROR_CODES.map((code) => ({
      code,
      status: API_ERROR_STATUS[code],
      meaning: API_ERROR_MEANINGS[code],
    })),
    limits: { perAddress: API_RATE_LIMITS.perAddress.limit, perToken: API_RATE_LIMITS.perToken.limit },
  };
}

const anchor = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

const METHOD_COLOURS: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-green-100 text-green-900",
  put: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

/** Inline `code` in the document's prose. */
function Prose({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={i} className="rounded bg-slate-100 px-1 break-all">
            {part.slice(1, -1)}
          </code>
        ) : (
          <span key={i}>{part.replace(/\*\*/g, "")}</span>
        ),
      )}
    </>
  );
}

function Fields({
  caption,
  rows,
  withIn,
}: {
  caption: string;
  rows: (FieldRow & { in?: string })[];
  withIn?: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-0 text-left text-sm">
        <caption className="text-left font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              Campo
            </th>
            {withIn ? (
              <th scope="col" className="py-1 pr-3 font-medium">
                Onde
              </th>
            ) : null}
            <th scope="col" className="py-1 pr-3 font-medium">
              Tipo
            </th>
            <th scope="col" className="py-1 font-medium">
              Descrição
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}${row.name}`} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-3">
                <code className="break-all">{row.name}</code>
                {row.required ? <span className="text-xs text-slate-600"> (obrigatório)</span> : null}
              </td>
              {withIn ? <td className="py-1 pr-3">{row.in}</td> : null}
              <td className="py-1 pr-3">
                <code className="break-all">{row.type}</code>
              </td>
              <td className="py-1 text-slate-700">
                <Prose text={row.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { server, tags, schemas, errors, limits } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 break-words">
      <h1 className="text-primary text-2xl font-bold md:text-3xl">API pública (v1)</h1>
      <p className="mt-2 text-slate-700">
        Leia perguntas, respostas, posts, perfis e tags, e escreva com um token de acesso — pelas mesmas
        regras do site. Endereço base: <code className="rounded bg-slate-100 px-1 break-all">{server}</code>.
        O documento OpenAPI 3.1 completo está em{" "}
        <a className="text-primary underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
        .
      </p>

      <nav aria-label="Seções da referência" className="card mt-6">
        <h2 className="font-bold text-slate-900">Nesta página</h2>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {[
            "Começando",
            "Assistentes de IA (MCP)",
            "Páginas e cache",
            "Erros",
            "Limites",
            ...tags.filter((t) => t.operations.length).map((t) => t.name),
            "Esquemas",
          ].map((name) => (
            <li key={name}>
              <a className="text-primary underline" href={`#${anchor(name)}`}>
                {name}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="comecando" className="mt-8">
        <h2 id="comecando" className="text-xl font-bold text-slate-900">
          Começando
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          <li>Leitura não precisa de token: sem ele, a API responde como a um visitante.</li>
          <li>
            Para escrever, crie um token em{" "}
            <Link to={href("/configuracoes")} className="text-primary underline">
              Configurações → Tokens de acesso
            </Link>
            , com o escopo <strong>escrita</strong> (o escopo <strong>leitura</strong> só lê). Ele aparece uma
            única vez: guarde-o num lugar seguro e revogue-o lá se vazar.
          </li>
          <li>
            Envie-o em cada pedido:{" "}
            <code className="rounded bg-slate-100 px-1">Authorization: Bearer sdd_…</code>. A API nunca lê o
            cookie de sessão do site.
          </li>
          <li>
            Corpos em JSON (<code className="rounded bg-slate-100 px-1">Content-Type: application/json</code>
            ). Textos longos (detalhes da pergunta, respostas, posts) vão em Markdown; HTML embutido passa
            pelo mesmo sanitizador do site. Comentários usam o mini-Markdown dos comentários.
          </li>
          <li>
            Cada escrita segue as regras do site: privilégios por reputação (veja{" "}
            <Link to={href("/privilegios")} className="text-primary underline">
              Privilégios
            </Link>
            ), suspensões, limites de publicação por hora e filtros de spam.
          </li>
        </ol>
        <CodeExample className="mt-3">{`curl '${server}/questions?sort=top&limit=5'`}</CodeExample>
      </section>

      <McpSection url={loaderData.mcpUrl} />

      <section aria-labelledby="paginas-e-cache" className="mt-8">
        <h2 id="paginas-e-cache" className="text-xl font-bold text-slate-900">
          Páginas e cache
        </h2>
        <p className="mt-2 text-slate-700">
          Listas vêm em páginas: <code className="rounded bg-slate-100 px-1">limit</code> (padrão{" "}
          {PAGE_LIMIT_DEFAULT}, máximo {PAGE_LIMIT_MAX}) e{" "}
          <code className="rounded bg-slate-100 px-1">cursor</code>, o{" "}
          <code className="rounded bg-slate-100 px-1">next_cursor</code> da página anterior (opaco; null na
          última). Um cursor vale só para a lista e a ordem que o deram. Toda leitura traz um{" "}
          <code className="rounded bg-slate-100 px-1">ETag</code>: reenvie-o em{" "}
          <code className="rounded bg-slate-100 px-1">If-None-Match</code> e, se nada mudou, a resposta é 304
          sem corpo. Leituras aceitam CORS de qualquer origem; escritas são para scripts e servidores.
        </p>
      </section>

      <section aria-labelledby="erros" className="mt-8">
        <h2 id="erros" className="text-xl font-bold text-slate-900">
          Erros
        </h2>
        <p className="mt-2 text-slate-700">
          Todo erro tem a mesma forma:{" "}
          <code className="rounded bg-slate-100 px-1 break-all">
            {'{"error": {"code": "…", "message": "…", "field": "…"}}'}
          </code>
          . O <code className="rounded bg-slate-100 px-1">code</code> é estável; a mensagem, em português, é
          para pessoas; <code className="rounded bg-slate-100 px-1">field</code> aparece quando o erro é de um
          campo.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Códigos de erro</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Código
                </th>
                <th scope="col" className="py-1 font-medium">
                  Quando
                </th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e) => (
                <tr key={e.code} className="border-b border-slate-100 align-top">
                  <td className="py-1 pr-3">{e.status}</td>
                  <td className="py-1 pr-3">
                    <code className="break-all">{e.code}</code>
                  </td>
                  <td className="py-1 text-slate-700">
                    <Prose text={e.meaning} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="limites" className="mt-8">
        <h2 id="limites" className="text-xl font-bold text-slate-900">
          Limites
        </h2>
        <p className="mt-2 text-slate-700">
          Até {limits.perAddress} pedidos por minuto por endereço IP e {limits.perToken} por minuto por token.
          Além disso, valem os limites do site para publicar (perguntas, respostas, comentários e posts por
          hora, menores nos primeiros dias de uma conta). Passou do limite: 429, com{" "}
          <code className="rounded bg-slate-100 px-1">Retry-After</code> dizendo quantos segundos esperar.
        </p>
      </section>

      {tags
        .filter((t) => t.operations.length)
        .map((t) => (
          <section key={t.name} aria-labelledby={anchor(t.name)} className="mt-10">
            <h2 id={anchor(t.name)} className="text-xl font-bold text-slate-900">
              {t.name}
            </h2>
            <p className="mt-1 text-slate-700">{t.description}</p>
            {t.operations.map((op) => (
              <article
                key={op.operationId}
                id={op.operationId}
                aria-labelledby={`${op.operationId}-titulo`}
                className="card mt-4"
              >
                <h3 id={`${op.operationId}-titulo`} className="font-bold text-slate-900">
                  {op.summary}
                </h3>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className={`rounded px-2 py-0.5 font-mono font-bold uppercase ${METHOD_COLOURS[op.method] ?? ""}`}
                  >
                    {op.method}
                  </span>
                  <code className="break-all">/api/v1{op.path}</code>
                  <span className="text-slate-600">
                    operationId <code>{op.operationId}</code>
                  </span>
                </p>
                {op.description
                  ? op.description.split("\n\n").map((paragraph) => (
                      <p key={paragraph} className="mt-2 text-sm text-slate-700">
                        <Prose text={paragraph} />
                      </p>
                    ))
                  : null}
                <Fields caption="Parâmetros" rows={op.params} withIn />
                <Fields caption={`Corpo (JSON${op.bodyName ? `: ${op.bodyName}` : ""})`} rows={op.body} />
                <Fields
                  caption={`Resposta ${op.success.status} (${op.success.type}): ${op.success.description}`}
                  rows={op.success.fields}
                />
                <p className="mt-3 text-sm font-semibold text-slate-900">Erros possíveis</p>
                <ul className="mt-1 space-y-1 text-sm text-slate-700">
                  {op.errors.map((e) => (
                    <li key={e.status}>
                      <strong>{e.status}</strong> — <Prose text={e.description} />
                    </li>
                  ))}
                </ul>
                <p className="mt-3 text-sm font-semibold text-slate-900">Exemplo</p>
                <CodeExample className="mt-1">{op.curl}</CodeExample>
              </article>
            ))}
          </section>
        ))}

      <section aria-labelledby="esquemas" className="mt-10">
        <h2 id="esquemas" className="text-xl font-bold text-slate-900">
          Esquemas
        </h2>
        <p className="mt-1 text-slate-700">
          Os objetos que as respostas e os corpos usam, pelo nome do documento.
        </p>
        {schemas.map((schema) => (
          <div key={schema.name} id={`esquema-${schema.name}`} className="card mt-4">
            <h3 className="font-bold text-slate-900">{schema.name}</h3>
            {schema.description ? <p className="mt-1 text-sm text-slate-700">{schema.description}</p> : null}
            <Fields caption={`Campos de ${schema.name}`} rows={schema.fields} />
          </div>
        ))}
      </section>
    </div>
  );
}

/** The MCP server (/mcp): what it offers and the configuration of common clients, ready to copy. */
function McpSection({ url }: { url: string }) {
  const tools: [string, string][] = [
    ["search_questions", "busca perguntas com a busca do site e seus operadores"],
    [
      "get_question",
      "lê uma pergunta com as respostas (a aceita primeiro), versões testadas e links para citar",
    ],
    ["find_same_error", "acha perguntas com o mesmo erro de uma mensagem ou stack trace colado"],
    ["list_tags", "lista as tags"],
    ["ask_question", "faz uma pergunta (só com token de leitura e escrita)"],
    ["answer_question", "responde uma pergunta (só com token de leitura e escrita)"],
  ];
  return (
    <section aria-labelledby={anchor("Assistentes de IA (MCP)")} className="mt-8">
      <h2 id={anchor("Assistentes de IA (MCP)")} className="text-xl font-bold text-slate-900">
        Assistentes de IA (MCP)
      </h2>
      <p className="mt-2 text-slate-700">
        Claude, Copilot, Cursor e outros assistentes que falam o Model Context Protocol encontram e citam as
        perguntas daqui pelo servidor MCP em <code className="rounded bg-slate-100 px-1">{url}</code> (HTTP
        transmitível). Sem token ele lê, com os limites da API; com um token de{" "}
        <strong>leitura e escrita</strong> também pergunta e responde, com as mesmas regras do site. Cada
        resposta traz o link e o autor para citar.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        {tools.map(([name, what]) => (
          <li key={name}>
            <code className="rounded bg-slate-100 px-1">{name}</code>: {what}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold text-slate-900">Claude Code</h3>
      <CodeExample>{`claude mcp add --transport http suporte-de-domingo ${url}`}</CodeExample>
      <h3 className="mt-4 font-semibold text-slate-900">Cursor, Claude Desktop e outros (JSON)</h3>
      <CodeExample mcpConfig>
        {JSON.stringify({ mcpServers: { "suporte-de-domingo": { type: "http", url } } }, null, 2)}
      </CodeExample>
      <h3 className="mt-4 font-semibold text-slate-900">VS Code (Copilot), com token para escrever</h3>
      <CodeExample>
        {JSON.stringify(
          {
            inputs: [
              {
                type: "promptString",
                id: "sdd-token",
                description: "Token do Suporte de Domingo",
                password: true,
              },
            ],
            servers: {
              "suporte-de-domingo": {
                type: "http",
                url,
                headers: { Authorization: "Bearer ${input:sdd-token}" },
              },
            },
          },
          null,
          2,
        )}
      </CodeExample>
    </section>
  );
}

/** A code example that may scroll sideways: focusable, so a keyboard can scroll it (WCAG 2.1.1). */
function CodeExample({
  children,
  className = "mt-2",
  mcpConfig = false,
}: {
  children: string;
  className?: string;
  /** The JSON configuration the MCP section offers (the tests copy it as a person would). */
  mcpConfig?: boolean;
}) {
  return (
    <pre
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      data-mcp-config={mcpConfig ? "" : undefined}
      className={`${className} focus-visible:outline-primary overflow-x-auto rounded bg-slate-900 p-3 text-sm text-slate-100 focus-visible:outline-2`}
    >
      <code>{children}</code>
    </pre>
  );
}
