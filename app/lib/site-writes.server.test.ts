import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "#tests/support/database.ts";
import type { DatabaseHandle } from "./db.server.ts";
import { siteWrites } from "./site-writes.server.ts";

const onPostgres = process.env.TEST_DB_KIND === "postgres";

describe("siteWrites", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it.runIf(onPostgres)("a write announced by one server reaches the others, not itself", async () => {
    const first = siteWrites(handle, "servidor-a");
    const second = siteWrites(handle, "servidor-b");
    const heardByFirst: string[] = [];
    const heardBySecond: string[] = [];
    const stopFirst = await first.onWriteElsewhere(() => heardByFirst.push("escrita"));
    const stopSecond = await second.onWriteElsewhere(() => heardBySecond.push("escrita"));
    try {
      await first.announce();
      await expect.poll(() => heardBySecond, { timeout: 5_000 }).toEqual(["escrita"]);
      await second.announce();
      await expect.poll(() => heardByFirst, { timeout: 5_000 }).toEqual(["escrita"]);
      // Neither heard its own announcement.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByFirst).toEqual(["escrita"]);
      expect(heardBySecond).toEqual(["escrita"]);
    } finally {
      await stopFirst();
      await stopSecond();
    }
  });

  it.runIf(!onPostgres)("on PGlite (one process) announcing is a no-op", async () => {
    const writes = siteWrites(handle);
    let heard = 0;
    const stop = await writes.onWriteElsewhere(() => heard++);
    await writes.announce();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toBe(0);
    await stop();
  });
});
