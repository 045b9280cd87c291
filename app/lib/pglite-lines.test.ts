// The lines in front of PGlite's thread (db.server.ts): a request's transaction that holds the database too long
// is rolled back, the lines take turns so a write is not stuck behind a crowd of page reads, and a statement that
// waited too long fails instead of piling up.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { migratedSnapshot } from "#tests/support/database.ts";
import { DatabaseBusyError, openDatabase, type DatabaseHandle } from "./db.server.ts";
import { requestLane } from "./request-lane.ts";

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

async function open(options: { lineWaitLimitMs?: number; transactionLimitMs?: number }) {
  const handle = await openDatabase({ dataDir: "memory://", snapshot: await migratedSnapshot(), ...options });
  opened.push(handle);
  return handle;
}

describe("the lines in front of PGlite", () => {
  it("rolls back a request's transaction that waits on a query outside it, and the site goes on", async () => {
    const { db } = await open({ transactionLimitMs: 300 });
    await db.execute(sql`create table line_probe (n int primary key)`);
    const started = performance.now();
    // The mistake that stopped the site: inside a transaction, a read on the database instead of the
    // transaction waits for the transaction, which waits for it.
    const stuck = requestLane.run("write", () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into line_probe values (1)`);
        await db.execute(sql`select count(*) from line_probe`);
        await tx.execute(sql`insert into line_probe values (2)`);
      }),
    );
    await expect(stuck).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(5000);
    // Nothing of it was kept, and the database answers everyone again.
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from line_probe`);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it("lets scripts' transactions (outside any request) take as long as they need", async () => {
    const { db } = await open({ transactionLimitMs: 100 });
    const result = await db.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (await tx.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one;
    });
    expect(result).toBe(1);
  });

  it("answers a write's statement after a few of the page reads queued before it, not after all of them", async () => {
    const { db } = await open({});
    const finished: string[] = [];
    // A transaction outside any request holds the database while the crowd lines up behind it.
    let release = () => {};
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reads = Array.from({ length: 40 }, (_, index) =>
      requestLane.run("visitor", () =>
        db.execute(sql`select pg_sleep(0.001)`).then(() => finished.push(`read ${index}`)),
      ),
    );
    const write = requestLane.run("write", () =>
      db.execute(sql`select 1`).then(() => finished.push("write")),
    );
    release();
    await Promise.all([holding, ...reads, write]);
    expect(finished).toHaveLength(41);
    // Eight were already with the thread, the write's turn comes right after them.
    expect(finished.indexOf("write")).toBeLessThan(12);
  });

  it("fails a statement that waited in line too long instead of keeping it forever", async () => {
    const { db, queueDepth, queueWaitMs } = await open({ lineWaitLimitMs: 200 });
    let release = () => {};
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const crowd = Array.from({ length: 12 }, () =>
      requestLane
        .run("member", () => db.execute(sql`select 1`))
        .then(
          () => "answered",
          (error: unknown) =>
            error instanceof DatabaseBusyError || (error as Error).cause instanceof DatabaseBusyError
              ? "busy"
              : String(error),
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queueDepth()).toBeGreaterThanOrEqual(12);
    expect(queueWaitMs()).toBeGreaterThanOrEqual(50);
    await new Promise((resolve) => setTimeout(resolve, 250));
    release();
    await holding;
    const outcomes = await Promise.all(crowd);
    // Eight were with the thread and are answered once it is free; the four still in line were told "busy".
    expect(outcomes.filter((o) => o === "busy")).toHaveLength(4);
    expect(outcomes.filter((o) => o === "answered")).toHaveLength(8);
    expect(queueWaitMs()).toBe(0);
  });
});
