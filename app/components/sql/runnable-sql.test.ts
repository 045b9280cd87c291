// Which SQL blocks get "Executar", and how PostgreSQL's refusals read in Portuguese.
import { describe, expect, test } from "vitest";
import { isRunnableSql } from "./runnable-sql.ts";
import { portugueseSqlError } from "./sql-runner.client.ts";

describe("a SQL block runs in the browser when it makes its own data", () => {
  test.each([
    "select 1;",
    "create table t (id int);\ninsert into t values (1);\nselect * from t;",
    "-- comentário\nWITH x AS (SELECT 1 AS n) SELECT n FROM x",
    "insert into t values (1) returning id",
    "values (1, 'a'), (2, 'b')",
  ])("runs: %s", (sql) => expect(isRunnableSql(sql)).toBe(true));

  test.each([
    ["nothing to show", "create table t (id int); insert into t values (1);"],
    ["reaches the server's files", "COPY t FROM '/etc/passwd'; select 1;"],
    ["loads an extension", "create extension dblink; select 1;"],
    ["psql's commands", "\\dt\nselect 1;"],
    ["sleeps on purpose", "select pg_sleep(100);"],
    ["a statement that is not about tables", "set role postgres; select 1;"],
    ["empty", "   "],
    ["too long", `select 1;${" ".repeat(20_001)}`],
  ])("does not run (%s)", (_why, sql) => expect(isRunnableSql(sql)).toBe(false));
});

describe("PostgreSQL's refusals in Portuguese", () => {
  test("the common ones are translated, the rest keep PostgreSQL's words after ours", () => {
    expect(portugueseSqlError('relation "gente" does not exist')).toBe('A tabela "gente" não existe.');
    expect(portugueseSqlError('syntax error at or near "selec"')).toBe('Erro de sintaxe perto de "selec".');
    expect(portugueseSqlError("division by zero")).toBe("Divisão por zero.");
    expect(portugueseSqlError("something new")).toBe("O PostgreSQL recusou o SQL: something new");
  });
});
