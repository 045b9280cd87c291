// "Executar" on a SQL code block: loaded on the first click only (with PostgreSQL in WebAssembly, in a worker),
// it opens a panel under the block with an editable copy of the SQL, runs it in a throwaway database in this
// browser and shows the result as a table, or the error in Portuguese. A query that runs past the time limit is
// stopped by ending its worker. Plain DOM: nothing of React is needed for a panel that appears on a click.
import type { SqlRunReply } from "./sql-runner.worker.ts";

/** How long a query may run once PostgreSQL is ready. */
const SQL_TIME_LIMIT_MS = 5_000;

let worker: Worker | undefined;

function newWorker(): Worker {
  return new Worker(new URL("./sql-runner.worker.ts", import.meta.url), { type: "module" });
}

type Outcome = Exclude<SqlRunReply, { ready: true }> | { ok: false; message: string; stopped: true };

function run(sql: string, onReady: () => void): Promise<Outcome> {
  worker ??= newWorker();
  const current = worker;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      current.onmessage = null;
      current.onerror = null;
      resolve(outcome);
    };
    current.onmessage = (event: MessageEvent<SqlRunReply>) => {
      if ("ready" in event.data) {
        onReady();
        timer = setTimeout(() => {
          current.terminate();
          if (worker === current) worker = undefined;
          finish({
            ok: false,
            stopped: true,
            message: `A consulta passou de ${SQL_TIME_LIMIT_MS / 1000} s e foi interrompida.`,
          });
        }, SQL_TIME_LIMIT_MS);
        return;
      }
      finish(event.data);
    };
    current.onerror = () => {
      current.terminate();
      if (worker === current) worker = undefined;
      finish({ ok: false, message: "Não foi possível carregar o PostgreSQL neste navegador." });
    };
    current.postMessage({ sql });
  });
}

const MESSAGES: [RegExp, (...groups: string[]) => string][] = [
  [/relation "([^"]+)" does not exist/, (name) => `A tabela "${name}" não existe.`],
  [/relation "([^"]+)" already exists/, (name) => `A tabela "${name}" já existe.`],
  [/column "([^"]+)" does not exist/, (name) => `A coluna "${name}" não existe.`],
  [/syntax error at or near "([^"]*)"/, (near) => `Erro de sintaxe perto de "${near}".`],
  [/syntax error at end of input/, () => "O SQL terminou antes do esperado."],
  [
    /duplicate key value violates unique constraint "([^"]+)"/,
    (name) => `Valor repetido numa chave única ("${name}").`,
  ],
  [/null value in column "([^"]+)"/, (name) => `A coluna "${name}" não aceita NULL.`],
  [/division by zero/, () => "Divisão por zero."],
  [/function (.+) does not exist/, (name) => `A função ${name} não existe.`],
];

/** PostgreSQL's message, said in Portuguese where we know it (the original follows for the rest). */
export function portugueseSqlError(message: string): string {
  for (const [pattern, say] of MESSAGES) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  return `O PostgreSQL recusou o SQL: ${message}`;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function resultTable(fields: string[], rows: unknown[][]): HTMLElement {
  const table = element(
    "table",
    { className: "sql-result" },
    element("thead", {}, element("tr", {}, ...fields.map((field) => element("th", { scope: "col" }, field)))),
    element(
      "tbody",
      {},
      ...rows.map((row) => element("tr", {}, ...row.map((value) => element("td", {}, cellText(value))))),
    ),
  );
  // A wide result scrolls sideways inside the panel, never the page; by keyboard too.
  const frame = element("div", { className: "sql-result-frame", tabIndex: 0 }, table);
  frame.setAttribute("role", "region");
  frame.setAttribute("aria-label", "Resultado da consulta");
  return frame;
}

let panels = 0;

/** Opens (or focuses) the runner of the code block whose "Executar" was clicked, and runs it. */
export function openSqlRunner(button: HTMLButtonElement): void {
  const block = button.closest<HTMLElement>("[data-code-block]");
  const code = block?.querySelector("pre")?.textContent ?? "";
  if (!block) return;
  const existing = block.nextElementSibling;
  if (existing instanceof HTMLElement && existing.dataset.sqlRunner !== undefined) {
    existing.querySelector("textarea")?.focus();
    return;
  }
  panels += 1;
  const fieldId = `sql-runner-${panels}`;
  const status = element("p", { className: "sql-runner-status" });
  status.setAttribute("role", "status");
  const output = element("div");
  const field = element("textarea", {
    id: fieldId,
    className: "field-input font-mono text-sm",
    rows: Math.min(12, code.split("\n").length + 1),
    value: code,
    spellcheck: false,
  });
  const again = element("button", { type: "button", className: "btn-outline text-sm" }, "Executar de novo");
  const panel = element(
    "div",
    { className: "sql-runner" },
    element(
      "label",
      { htmlFor: fieldId, className: "field-label" },
      "Sua cópia do SQL (edite e execute de novo)",
    ),
    field,
    element("div", { className: "sql-runner-actions" }, again, status),
    output,
    element(
      "p",
      { className: "sql-runner-note" },
      "Roda no seu navegador, num banco de dados descartável: nada vai para o servidor.",
    ),
  );
  panel.dataset.sqlRunner = "";
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-label", "Executar SQL");
  block.after(panel);

  const execute = async () => {
    again.disabled = true;
    button.disabled = true;
    output.replaceChildren();
    status.textContent = "Carregando o PostgreSQL no navegador…";
    const outcome = await run(field.value, () => (status.textContent = "Executando…"));
    again.disabled = false;
    button.disabled = false;
    if (!outcome.ok) {
      status.textContent = "";
      const error = element(
        "p",
        { className: "field-error" },
        "stopped" in outcome ? outcome.message : portugueseSqlError(outcome.message),
      );
      error.setAttribute("role", "alert");
      output.append(error);
      return;
    }
    if (outcome.fields.length === 0) {
      status.textContent =
        outcome.affected === null
          ? "Executado, sem resultado para mostrar."
          : `Executado: ${outcome.affected} linha(s) afetada(s).`;
      return;
    }
    status.textContent = `${outcome.rows.length} linha(s).`;
    output.append(resultTable(outcome.fields, outcome.rows));
  };
  again.addEventListener("click", () => void execute());
  void execute();
}
