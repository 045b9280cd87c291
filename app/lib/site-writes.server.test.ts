import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/database.ts";
import type { DatabaseHandle } from "./db.server.ts";
import { SITE_WRITES_CHANNEL, siteWrites } from "./site-writes.server.ts";

const onPostgres = process.env.TEST_DB_KIND === "postgres";

describe("siteWrites", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it.runIf(onPostgres)("what a write changed reaches the other servers, not the one that wrote", async () => {
    const first = siteWrites(handle, "servidor-a");
    const second = siteWrites(handle, "servidor-b");
    const heardByFirst: unknown[] = [];
    const heardBySecond: unknown[] = [];
    const stopFirst = await first.onWriteElsewhere((changes) => heardByFirst.push(changes));
    const stopSecond = await second.onWriteElsewhere((changes) => heardBySecond.push(changes));
    try {
      await first.announce({ topics: ["question:12", "member:3"] });
      await expect
        .poll(() => heardBySecond, { timeout: 5_000 })
        .toEqual([{ topics: ["question:12", "member:3"] }]);
      await second.announce("everything");
      // A write that changed nothing is not announced.
      await second.announce("nothing");
      await expect.poll(() => heardByFirst, { timeout: 5_000 }).toEqual(["everything"]);
      // A write naming more topics than a NOTIFY carries is announced as everything.
      const many = Array.from({ length: 500 }, (_, index) => `question:${index + 1}` as const);
      await first.announce({ topics: many });
      await expect.poll(() => heardBySecond.at(-1), { timeout: 5_000 }).toEqual("everything");
      // Neither heard its own announcement.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByFirst).toEqual(["everything"]);
      expect(heardBySecond).toHaveLength(2);
    } finally {
      await stopFirst();
      await stopSecond();
    }
  });

  it.runIf(onPostgres)("an announcement it cannot read counts as everything", async () => {
    const writes = siteWrites(handle, "servidor-a");
    const heard: unknown[] = [];
    const stop = await writes.onWriteElsewhere((changes) => heard.push(changes));
    try {
      await handle.db.execute(
        sql`select pg_notify(${SITE_WRITES_CHANNEL}, ${JSON.stringify({ origin: "velho", changes: { topics: ["x; drop"] } })})`,
      );
      await handle.db.execute(sql`select pg_notify(${SITE_WRITES_CHANNEL}, ${"servidor-antigo"})`);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["everything", "everything"]);
    } finally {
      await stop();
    }
  });

  it.runIf(!onPostgres)("on PGlite (one process) announcing is a no-op", async () => {
    const writes = siteWrites(handle);
    let heard = 0;
    const stop = await writes.onWriteElsewhere(() => heard++);
    await writes.announce("everything");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toBe(0);
    await stop();
  });
});
