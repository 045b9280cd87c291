// The community inside assistants: a Model Context Protocol server at /mcp (Streamable HTTP, stateless, JSON
// answers), built with the official SDK. Every tool is an operation of the REST API run through its own
// dispatcher (routes/api-v1/dispatch.server.ts): the same bearer tokens, rate limits, scopes, suspensions,
// validation and writers as the API and the site, so an assistant can do nothing a member could not do in the
// browser. What a tool returns is text an assistant can quote, with the link back and the attribution.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { decodeHtmlEntities } from "#app/lib/html-entities.ts";
import { dispatch } from "../api-v1/dispatch.server.ts";
import { handlers } from "../api-v1/handlers.server.ts";

/** The name assistants show for this server. */
const MCP_SERVER_NAME = "suporte-de-domingo";

/** How quoted content is attributed (the same terms as the REST API's document). */
const ATTRIBUTION =
  "Conteúdo da comunidade Suporte de Domingo, de uso conforme os termos do site; cite o autor e o link.";

type Context = Readonly<RouterContextProvider>;

type ApiAnswer = { status: number; body: unknown };

/** Runs one REST API operation as the MCP request's caller (its Authorization header, its address). */
async function callApi(
  request: Request,
  context: Context,
  method: "GET" | "POST",
  path: string,
  input: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
): Promise<ApiAnswer> {
  const url = new URL(`/api/v1${path}`, request.url);
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== "") url.searchParams.set(name, String(value));
  }
  const headers = new Headers();
  const authorization = request.headers.get("authorization");
  if (authorization) headers.set("authorization", authorization);
  if (input.body !== undefined) headers.set("content-type", "application/json");
  const response = await dispatch(
    new Request(url, {
      method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    }),
    context,
    handlers,
  );
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** A refusal of the API (rate limit, token, validation, privilege) as the tool's error, in its words. */
function refusal(answer: ApiAnswer): CallToolResult {
  const message =
    (answer.body as { error?: { message?: string } } | null)?.error?.message ?? "Não foi possível concluir.";
  return { isError: true, content: [{ type: "text", text: message }] };
}

function text(value: string, structured?: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: "text", text: value }],
    ...(structured ? { structuredContent: structured } : {}),
  };
}

/**
 * Sanitised rich text (the API's `*_html`) as Markdown an assistant reads well: code blocks fenced with their
 * language, inline code, links, lists and headings kept; everything else as its text.
 */
function htmlToMarkdown(html: string): string {
  const decode = (value: string) => decodeHtmlEntities(value.replace(/<[^>]*>/g, ""));
  return decodeHtmlEntities(
    html
      .replace(
        /<pre[^>]*>\s*<code(?:\s+class="language-([\w+#-]+)")?[^>]*>([\s\S]*?)<\/code>\s*<\/pre>/g,
        (_all, language: string | undefined, code: string) =>
          `\n\n\`\`\`${language ?? ""}\n${decode(code).replace(/&/g, "&amp;").replace(/</g, "&lt;")}\n\`\`\`\n\n`,
      )
      .replace(/<code[^>]*>([\s\S]*?)<\/code>/g, (_all, code: string) => `\`${code}\``)
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_all, href: string, label: string) =>
        label.replace(/<[^>]*>/g, "") === href ? href : `[${label}](${href})`,
      )
      .replace(/<h[1-6][^>]*>/g, "\n\n### ")
      .replace(/<li[^>]*>/g, "\n- ")
      .replace(/<blockquote[^>]*>/g, "\n\n> ")
      .replace(/<br\s*\/?>/g, "\n")
      .replace(/<\/(p|h[1-6]|ul|ol|blockquote|div)>/g, "\n\n")
      .replace(/<(strong|b)>([\s\S]*?)<\/\1>/g, "**$2**")
      .replace(/<(em|i)>([\s\S]*?)<\/\1>/g, "_$2_")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

type Ref = { name: string; handle: string };
type Version = { tag: string; version: string };
type ApiAnswerItem = {
  id: number;
  body_html: string;
  score: number;
  accepted: boolean;
  author: Ref | null;
  created_at: string;
  versions: Version[];
  outdated_since: Version | null;
  url: string;
};
type ApiQuestion = {
  id: number;
  title: string;
  description_html: string;
  details_html: string;
  tags: { name: string }[];
  author: Ref | null;
  score: number;
  answer_count: number;
  state: string;
  url: string;
  answers: ApiAnswerItem[];
};

const byline = (author: Ref | null) => (author ? `${author.name} (@${author.handle})` : "Membro removido");

function questionAsMarkdown(question: ApiQuestion): string {
  // The accepted answer first, then by score (the site's order).
  const answers = [...question.answers].sort(
    (a, b) => Number(b.accepted) - Number(a.accepted) || b.score - a.score,
  );
  const lines = [
    `# ${question.title}`,
    `${question.url} · pergunta de ${byline(question.author)} · ${question.score} votos · ${question.answer_count} respostas · tags: ${question.tags.map((t) => t.name).join(", ") || "nenhuma"}${question.state === "open" ? "" : ` · ${question.state}`}`,
    "",
    htmlToMarkdown(question.description_html),
    "",
    htmlToMarkdown(question.details_html),
  ];
  for (const answer of answers) {
    const marks = [
      answer.accepted ? "resposta aceita" : null,
      `${answer.score} votos`,
      answer.versions.length
        ? `testada em ${answer.versions.map((v) => `${v.tag} ${v.version}`).join(", ")}`
        : null,
      answer.outdated_since
        ? `pode estar desatualizada desde ${answer.outdated_since.tag} ${answer.outdated_since.version}`
        : null,
    ].filter(Boolean);
    lines.push(
      "",
      `## Resposta de ${byline(answer.author)} (${marks.join(" · ")})`,
      answer.url,
      "",
      htmlToMarkdown(answer.body_html),
    );
  }
  lines.push("", "---", ATTRIBUTION);
  return lines.join("\n");
}

/** The server for one request (stateless: nothing is kept between requests). */
function buildServer(request: Request, context: Context, withToken: boolean): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: "1.0.0", title: "Suporte de Domingo" },
    {
      instructions:
        "Perguntas e respostas de desenvolvedores, em português. Busque antes de perguntar; cite o link e o autor de cada resposta que usar.",
    },
  );
  const call = (method: "GET" | "POST", path: string, input?: Parameters<typeof callApi>[4]) =>
    callApi(request, context, method, path, input);

  server.registerTool(
    "search_questions",
    {
      title: "Buscar perguntas",
      description:
        'Busca perguntas do Suporte de Domingo com a busca do site e seus operadores: [tag], user:@handle, is:answered, is:accepted, score:5, "frase exata". Devolve título, link, votos e respostas de cada uma.',
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(200)
          .describe("O que procurar, em português ou com os operadores da busca."),
        cursor: z
          .string()
          .max(200)
          .optional()
          .describe("O next_cursor de uma busca anterior, para a próxima página."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, cursor }) => {
      const answer = await call("GET", "/search", {
        query: { q: query, type: "questions", cursor, limit: 10 },
      });
      if (answer.status >= 400) return refusal(answer);
      const page = answer.body as {
        items: { title: string; url: string; snippet: string }[];
        next_cursor: string | null;
      };
      if (page.items.length === 0) return text(`Nenhuma pergunta encontrada para "${query}".`, page);
      const list = page.items.map(
        (hit, index) =>
          `${index + 1}. ${hit.title}\n   ${hit.url}${hit.snippet ? `\n   ${hit.snippet}` : ""}`,
      );
      const more = page.next_cursor ? `\n\nMais resultados: cursor "${page.next_cursor}".` : "";
      return text(`${list.join("\n")}${more}`, page);
    },
  );

  server.registerTool(
    "get_question",
    {
      title: "Ler uma pergunta",
      description:
        "Lê uma pergunta com todas as respostas (a aceita primeiro), em Markdown: versões em que cada resposta foi testada, a marca 'pode estar desatualizada', autores e links para citar.",
      inputSchema: {
        id: z.number().int().positive().describe("O número da pergunta (o de /questions/{id})."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      const answer = await call("GET", `/questions/${id}`);
      if (answer.status >= 400) return refusal(answer);
      return text(questionAsMarkdown(answer.body as ApiQuestion), answer.body as Record<string, unknown>);
    },
  );

  server.registerTool(
    "find_same_error",
    {
      title: "Perguntas com o mesmo erro",
      description:
        "Cole uma mensagem de erro ou um stack trace: devolve as perguntas que têm o mesmo erro, da mais parecida para a menos (caminhos, linhas e ids são ignorados).",
      inputSchema: {
        error_text: z.string().min(1).max(4000).describe("A mensagem de erro ou o stack trace."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ error_text }) => {
      const answer = await call("GET", "/errors/matches", { query: { text: error_text, limit: 5 } });
      if (answer.status >= 400) return refusal(answer);
      const found = answer.body as {
        items: {
          title: string;
          url: string;
          answer_count: number;
          has_accepted_answer: boolean;
          line: string;
        }[];
      };
      if (found.items.length === 0) return text("Nenhuma pergunta com este erro ainda.", found);
      const list = found.items.map(
        (q, i) =>
          `${i + 1}. ${q.title}\n   ${q.url} · ${q.answer_count} respostas${q.has_accepted_answer ? " · com resposta aceita" : ""}\n   ${q.line}`,
      );
      return text(list.join("\n"), found);
    },
  );

  server.registerTool(
    "list_tags",
    {
      title: "Listar tags",
      description: "As tags do site, das mais usadas para as menos, ou as que contêm um trecho do nome.",
      inputSchema: { filter: z.string().max(35).optional().describe("Parte do nome da tag.") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ filter }) => {
      const answer = await call("GET", "/tags", { query: { filter, limit: 50 } });
      if (answer.status >= 400) return refusal(answer);
      const page = answer.body as { items: { name: string; question_count: number; url: string }[] };
      const list = page.items.map((tag) => `${tag.name} (${tag.question_count} perguntas) ${tag.url}`);
      return text(list.join("\n") || "Nenhuma tag encontrada.", page);
    },
  );

  // Writing needs a personal token with the "leitura e escrita" scope: the API refuses anything else.
  if (withToken) {
    server.registerTool(
      "ask_question",
      {
        title: "Fazer uma pergunta",
        description:
          "Publica uma pergunta em nome do dono do token, com as regras do site (tamanhos, limites por hora, filtros de spam, suspensões). Texto em Markdown. Busque antes: perguntas repetidas são fechadas.",
        inputSchema: {
          title: z.string().describe("O título: a pergunta em uma frase."),
          description: z.string().describe("O problema, em Markdown."),
          details: z.string().describe("O que foi tentado e o que se esperava, em Markdown."),
          tags: z.array(z.string()).max(5).describe("De uma a cinco tags existentes."),
        },
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      async ({ title, description, details, tags }) => {
        const answer = await call("POST", "/questions", { body: { title, description, details, tags } });
        if (answer.status >= 400) return refusal(answer);
        const created = answer.body as { id: number; url: string; held: boolean };
        return text(
          created.held
            ? `A pergunta foi retida para revisão pela moderação: ${created.url}`
            : `Pergunta publicada: ${created.url}`,
          created,
        );
      },
    );
    server.registerTool(
      "answer_question",
      {
        title: "Responder uma pergunta",
        description:
          "Publica uma resposta em nome do dono do token, com as regras do site. Texto em Markdown; diga em que versões foi testada (por exemplo node 24).",
        inputSchema: {
          question_id: z.number().int().positive(),
          body: z.string().describe("A resposta, em Markdown."),
          versions: z
            .array(z.object({ tag: z.string(), version: z.string() }))
            .max(5)
            .optional()
            .describe("Em que versões a resposta foi testada, uma por tag da pergunta."),
        },
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      async ({ question_id, body, versions }) => {
        const answer = await call("POST", `/questions/${question_id}/answers`, { body: { body, versions } });
        if (answer.status >= 400) return refusal(answer);
        const created = answer.body as { id: number; url: string; held: boolean };
        return text(
          created.held
            ? `A resposta foi retida para revisão pela moderação: ${created.url}`
            : `Resposta publicada: ${created.url}`,
          created,
        );
      },
    );
  }
  return server;
}

/** Answers one request to /mcp. */
export async function answerMcp(request: Request, context: Context): Promise<Response> {
  const server = buildServer(request, context, request.headers.has("authorization"));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
