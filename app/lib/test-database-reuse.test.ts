// The test suite hands one PGlite from file to file, emptied in between (tests/support/database.ts): what a
// file leaves must be gone for the next, and a file that changed the schema must not pass it on.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { lendPglite } from "#tests/support/database.ts";

const userCount = sql`select count(*)::int as n from users`;

test("the next file gets the database empty, its sequences restarted and its session reset", async () => {
  const first = await lendPglite();
  await first.db.execute(sql`set statement_timeout = '1234s'`);
  const inserted = await first.db.execute<{ id: number }>(
    sql`insert into users (name, handle, email) values ('Ana', 'ana-reuso', 'ana-reuso@exemplo.com.br') returning id`,
  );
  await first.db.execute(sql`create temporary table rascunho (x int)`);
  await first.close();

  const second = await lendPglite();
  expect((await second.db.execute<{ n: number }>(userCount)).rows[0]!.n).toBe(0);
  const again = await second.db.execute<{ id: number }>(
    sql`insert into users (name, handle, email) values ('Bia', 'bia-reuso', 'bia-reuso@exemplo.com.br') returning id`,
  );
  expect(again.rows[0]!.id).toBe(inserted.rows[0]!.id);
  const timeout = await second.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
  expect(timeout.rows[0]!.statement_timeout).not.toBe("1234s");
  await expect(second.db.execute(sql`select * from rascunho`)).rejects.toThrow();

  // A file that altered the schema hands back a database nobody else gets.
  await second.db.execute(sql`alter table users add column apelido text`);
  await second.close();
  const third = await lendPglite();
  expect((await third.db.execute<{ n: number }>(userCount)).rows[0]!.n).toBe(0);
  const columns = await third.db.execute(
    sql`select 1 from information_schema.columns where table_name = 'users' and column_name = 'apelido'`,
  );
  expect(columns.rows).toHaveLength(0);
  await third.close();
});
