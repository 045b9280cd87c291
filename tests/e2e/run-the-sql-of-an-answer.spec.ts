// A reader runs the SQL of an answer in their own browser: "Executar" loads PostgreSQL in WebAssembly only on the
// click, shows the result as a table, says errors in Portuguese, stops a runaway query, lets the reader edit and
// run their own copy, and sends nothing to the server. SQL that reaches outside a throwaway database gets no button.
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { answerQuestion, askQuestion } from "./questions.ts";

const MAKES_ITS_DATA =
  "create table pessoas (id int primary key, nome text);\n" +
  "insert into pessoas values (1, 'Ana'), (2, 'Bia');\n" +
  "select nome, id * 10 as pontos from pessoas order by id;";

test("a reader runs an answer's SQL in the browser, edits their copy, and a runaway query is stopped", async ({
  page,
}) => {
  const stamp = Date.now();
  await signUp(page);
  const question = await askQuestion(page, {
    title: `Como listar os nomes em ordem num SELECT? ${stamp}`,
    description: "Tenho uma tabela de pessoas e quero os nomes na ordem do id, com uma conta junto.",
    details: "Tentei um ORDER BY e esperava ver os nomes um embaixo do outro.",
    tags: "javascript",
  });
  await answerQuestion(
    page,
    question,
    `<p>Assim:</p><pre><code class="language-sql">${MAKES_ITS_DATA}</code></pre>` +
      `<p>Isto não roda aqui:</p><pre><code class="language-sql">COPY pessoas FROM '/etc/passwd';</code></pre>`,
  );

  // The page goes on living while the SQL runs (a member's notification stream, React Router discovering the
  // routes of links that scroll into view), so "nothing went to the server" means: no request wrote anything, and
  // no request carried any of the SQL.
  const SQL_WORDS = ["pessoas", "gente", "generate_series"];
  const wasmRequests: string[] = [];
  const serverCalls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/pglite.*\.(wasm|data)$/.test(url.pathname)) wasmRequests.push(url.pathname);
    if (url.pathname.startsWith("/assets/")) return;
    const carried = decodeURIComponent(url.search) + (request.postData() ?? "");
    if (request.method() !== "GET" || SQL_WORDS.some((word) => carried.includes(word))) {
      serverCalls.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
  await page.goto(question);
  const answer = page.getByRole("article").filter({ hasText: "Isto não roda aqui" });
  const run = answer.getByRole("button", { name: "Executar", exact: true });
  await expect(run).toHaveCount(1);
  expect(wasmRequests).toEqual([]);

  serverCalls.length = 0;
  await run.click();
  const panel = answer.getByRole("region", { name: "Executar SQL" });
  const result = panel.getByRole("region", { name: "Resultado da consulta" });
  await expect(result.getByRole("columnheader")).toHaveText(["nome", "pontos"], { timeout: 30_000 });
  await expect(result.getByRole("row")).toHaveCount(3);
  await expect(result.getByRole("row").nth(2)).toHaveText("Bia20");
  await expect(panel.getByRole("status")).toHaveText("2 linha(s).");
  expect(wasmRequests.length).toBeGreaterThan(0);
  await expectAccessible(page);

  // Their own copy: an error in Portuguese, then a query that never ends, stopped by the time limit.
  const copy = panel.getByLabel("Sua cópia do SQL (edite e execute de novo)");
  await copy.fill("select nome from gente;");
  await panel.getByRole("button", { name: "Executar de novo" }).click();
  await expect(panel.getByRole("alert")).toHaveText('A tabela "gente" não existe.');
  await copy.fill("select count(*) from generate_series(1, 100000000000);");
  await panel.getByRole("button", { name: "Executar de novo" }).click();
  await expect(panel.getByRole("alert")).toHaveText("A consulta passou de 5 s e foi interrompida.", {
    timeout: 30_000,
  });
  // And it runs again afterwards, in a new database.
  await copy.fill(MAKES_ITS_DATA);
  await panel.getByRole("button", { name: "Executar de novo" }).click();
  await expect(result.getByRole("row")).toHaveCount(3, { timeout: 30_000 });
  // Nothing of the SQL went to the server.
  expect(serverCalls).toEqual([]);
});
