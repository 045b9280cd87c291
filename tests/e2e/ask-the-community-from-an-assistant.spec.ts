// An assistant configured from /api/docs finds and quotes a question through the MCP server, with the SDK's own
// client over real HTTP; with a member's token of "Leitura e escrita" (made in Configurações) it answers, and the
// answer is on the page; a read-only token cannot write.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";
import { askQuestion } from "./questions.ts";

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };

async function connect(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: "assistente-de-teste", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
    }),
  );
  return client;
}

async function callText(client: Client, name: string, args: Record<string, unknown>): Promise<ToolText> {
  const result = (await client.callTool({ name, arguments: args })) as ToolText;
  return { ...result, content: result.content.filter((part) => part.type === "text") };
}

/** A personal token made in Configurações → Tokens de acesso, as a member would. */
async function createToken(
  page: Page,
  name: string,
  scope: "Leitura" | "Leitura e escrita",
): Promise<string> {
  await page.goto("/configuracoes#tokens");
  await hydrated(page);
  const tokens = page.getByRole("region", { name: "Tokens de acesso", exact: true });
  await tokens.getByLabel("Nome do token").fill(name);
  await tokens.getByRole("radio", { name: scope, exact: true }).check();
  await tokens.getByRole("button", { name: "Criar token" }).click();
  return tokens.getByRole("textbox", { name: `Seu novo token: ${name}` }).inputValue();
}

test("an assistant configured from the docs finds, reads and quotes a question, and answers with a token", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signUp(page, { name: "Bruna Do Assistente" });
  const title = `Por que o pnpm diz ERR_PNPM_PEER_DEP_ISSUES no monorepo ${stamp}?`;
  const question = await askQuestion(page, {
    title,
    description: `Ao instalar aparece: ERR_PNPM_PEER_DEP_ISSUES Unmet peer dependencies em ${stamp}.`,
    details: "Tentei apagar o node_modules e esperava que a instalação terminasse sem erro.",
    tags: "javascript",
  });
  const id = Number(question.split("/").pop());

  // The configuration as the docs give it, copied from the page.
  await page.goto("/api/docs");
  const section = page.getByRole("region", { name: "Assistentes de IA (MCP)" });
  await expect(section.getByText("search_questions")).toBeVisible();
  const config = JSON.parse((await section.locator("[data-mcp-config]").textContent())!) as {
    mcpServers: Record<string, { type: string; url: string }>;
  };
  const { url } = config.mcpServers["suporte-de-domingo"]!;
  expect(new URL(url).pathname).toBe("/mcp");
  const reachable = new URL(new URL(url).pathname, page.url()).toString();

  const anonymous = await connect(reachable);
  const tools = (await anonymous.listTools()).tools.map((tool) => tool.name);
  expect(tools).toEqual(["search_questions", "get_question", "find_same_error", "list_tags"]);

  const found = await callText(anonymous, "search_questions", { query: `monorepo ${stamp}` });
  expect(found.isError).toBeFalsy();
  expect(found.content[0]?.text).toContain(title);
  expect(found.content[0]?.text).toContain(`/questions/${id}`);

  const sameError = await callText(anonymous, "find_same_error", {
    error_text:
      "npm ERR! ERR_PNPM_PEER_DEP_ISSUES Unmet peer dependencies\n  at /home/outra/pasta/index.js:10:3",
  });
  expect(sameError.content[0]?.text).toContain(`/questions/${id}`);

  // A write tool is not even offered without a token.
  const unknown = await callText(anonymous, "answer_question", { question_id: id, body: "Oi" });
  expect(unknown.isError).toBe(true);
  expect(unknown.content[0]?.text).toContain("not found");
  await anonymous.close();

  const readOnly = await connect(reachable, await createToken(page, `Leitor ${stamp}`, "Leitura"));
  const refused = await callText(readOnly, "answer_question", {
    question_id: id,
    body: "Uma resposta que um token só de leitura não pode publicar, com texto suficiente para passar.",
  });
  expect(refused.isError).toBe(true);
  expect(refused.content[0]?.text).toMatch(/escrita/);
  await readOnly.close();

  const writer = await connect(
    reachable,
    await createToken(page, `Assistente ${stamp}`, "Leitura e escrita"),
  );
  const answered = await callText(writer, "answer_question", {
    question_id: id,
    body: "Rode `pnpm install --strict-peer-dependencies=false` ou declare as *peer dependencies* que faltam no `package.json` do pacote.",
    versions: [{ tag: "javascript", version: "22" }],
  });
  expect(answered.isError).toBeFalsy();
  const answerUrl = answered.content[0]!.text.replace("Resposta publicada: ", "");
  expect(answerUrl).toMatch(new RegExp(`/questions/${id}#resposta-\\d+$`));

  // Read back and quoted as Markdown, with the answer, its versions, the link and the attribution.
  const read = await callText(writer, "get_question", { id });
  const text = read.content[0]!.text;
  expect(text).toContain(`# ${title}`);
  expect(text).toContain("## Resposta de Bruna Do Assistente");
  expect(text).toContain("testada em javascript 22");
  expect(text).toContain("`pnpm install --strict-peer-dependencies=false`");
  expect(text).toContain("cite o autor e o link");
  await writer.close();

  await page.goto(question);
  await expect(page.getByRole("article").filter({ hasText: "strict-peer-dependencies" })).toBeVisible();
});
