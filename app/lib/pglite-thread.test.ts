// PGlite on its own thread (ADR 029): the request thread keeps running during a query, and what PGlite
// promised on this thread still holds (exclusive transactions, error codes, LISTEN/NOTIFY).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/database.ts";
import type { DatabaseHandle } from "./db.server.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`create table thread_probe (n int primary key)`);
});
afterAll(async () => {
  await handle.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PGlite on its own thread", () => {
  it("leaves the event loop free while a query runs", async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 5);
    const started = performance.now();
    await handle.db.execute(sql`select count(*) from generate_series(1, 300000)`);
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    // On the request thread the query would have been one uninterrupted block: no turn at all.
    expect(elapsed).toBeGreaterThan(50);
    expect(turns).toBeGreaterThan(elapsed / 5 / 4);
  });

  it("keeps a transaction's work to itself until it commits, and others wait for it", async () => {
    const order: string[] = [];
    const inside = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1)`);
      await pause(50);
      order.push("commit");
    });
    await pause(10);
    const outside = handle.db
      .execute<{ n: number }>(sql`select count(*)::int as n from thread_probe`)
      .then((r) => {
        order.push("read");
        return r.rows[0]?.n;
      });
    await inside;
    expect(await outside).toBe(1);
    expect(order).toEqual(["commit", "read"]);
  });

  it("rolls back a transaction that throws", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (2)`);
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    const { rows } = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from thread_probe where n = 2`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("reports PostgreSQL's error fields, as the app reads them", async () => {
    const error = await handle.db.execute(sql`insert into thread_probe values (1)`).catch((e: unknown) => e);
    // Drizzle wraps the driver's error in `cause` (app/features/accounts/db-errors.server.ts reads it there).
    expect((error as { cause?: unknown }).cause).toMatchObject({
      code: "23505",
      constraint: "thread_probe_pkey",
    });
    // The next query runs normally.
    const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]?.one).toBe(1);
  });

  it("delivers NOTIFY to listeners, after the transaction commits", async () => {
    const received: string[] = [];
    const stop = await handle.listen("thread_probe", (payload) => received.push(payload));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_probe', 'dentro')`);
      await pause(20);
      expect(received).toEqual([]);
    });
    await handle.db.execute(sql`select pg_notify('thread_probe', 'fora')`);
    await pause(20);
    expect(received).toEqual(["dentro", "fora"]);
    await stop();
    await handle.db.execute(sql`select pg_notify('thread_probe', 'depois')`);
    await pause(20);
    expect(received).toEqual(["dentro", "fora"]);
  });

  it("runs statements with parameters, and reads without, prepared once, with every kind of value, again after their table changes", async () => {
    await handle.db.execute(
      sql`create table prepared_probe (id int primary key, name text, tags text[], meta jsonb, at timestamptz)`,
    );
    const at = new Date("2026-11-29T12:00:00.000Z");
    for (const [id, name] of [
      [1, "ação"],
      [2, null],
    ] as const) {
      await handle.db.execute(
        sql`insert into prepared_probe values (${id}, ${name}, ${sql.param(["a", "b,c"])}, ${JSON.stringify({ ok: id })}::jsonb, ${at.toISOString()})`,
      );
    }
    const read = (id: number) =>
      handle.db.execute(sql`select * from prepared_probe where id = any(${sql.param([id, 99])})`);
    for (let round = 0; round < 3; round++) {
      const [first] = (await read(1)).rows as Array<Record<string, unknown>>;
      expect(first).toMatchObject({ id: 1, name: "ação", tags: ["a", "b,c"], meta: { ok: 1 } });
      expect(new Date(String(first?.at)).toISOString()).toBe(at.toISOString());
      expect((await read(2)).rows[0]).toMatchObject({ id: 2, name: null });
    }
    // A read with no parameters is kept prepared too, and reads what is there now.
    const all = () => handle.db.execute(sql`select * from prepared_probe order by id`);
    expect((await all()).rows.map((row) => (row as { id: number }).id)).toEqual([1, 2]);
    await handle.db.execute(sql`insert into prepared_probe (id) values (3)`);
    expect((await all()).rows.map((row) => (row as { id: number }).id)).toEqual([1, 2, 3]);
    // The kept statement read the old columns: it is prepared again, the caller never sees the difference.
    await handle.db.execute(sql`alter table prepared_probe add column extra int default 7`);
    expect((await read(1)).rows[0]).toMatchObject({ id: 1, extra: 7 });
    expect((await all()).rows[2]).toMatchObject({ id: 3, extra: 7 });
    // A statement's error still reaches the caller with PostgreSQL's fields.
    const duplicate = handle.db.execute(sql`insert into prepared_probe (id) values (${1})`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: "23505" } });
  });

  it("dumps the data folder", async () => {
    const blob = await handle.dump!();
    expect(blob.size).toBeGreaterThan(1000);
  });
});

describe("a database thread that cannot start", () => {
  it("fails its opening with PGlite's own error, and its exit crashes nothing", async () => {
    // In a process of its own: before the fix the thread's exit threw a ReferenceError outside any promise,
    // which ended the whole server instead of the opening's error reaching its caller.
    const { execFile } = await import("node:child_process");
    const script = `
      const { openDatabase } = await import("#app/lib/db.server.ts");
      const opened = await openDatabase({ dataDir: "memory://", migrationsFolder: "/nao/existe" }).then(
        () => "opened",
        (error) => "refused: " + error.message,
      );
      console.log(opened);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      console.log("still running");
    `;
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      const child = execFile(
        process.execPath,
        ["--input-type=module", "-e", script],
        { env: { ...process.env, LOG_LEVEL: "silent", DATABASE_URL: "" }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(stderr).not.toMatch(/ReferenceError/);
    expect(stdout).toMatch(/^refused: .+/m);
    expect(stdout).toContain("still running");
    expect(code).toBe(0);
  }, 90_000);
});
