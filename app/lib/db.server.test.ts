import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";

describe("database", () => {
  const db = setupTestDatabase();

  it("is migrated, with accent-insensitive Portuguese search", async () => {
    const result = await db().execute<{ match: boolean }>(
      sql`select to_tsvector('pt_unaccent', 'Programação assíncrona em JavaScript') @@ websearch_to_tsquery('pt_unaccent', 'programacao assincrona') as match`,
    );
    expect(result.rows[0]?.match).toBe(true);
  });

  it("has trigram similarity for near-misses", async () => {
    const result = await db().execute<{ s: number }>(sql`select similarity('javascript', 'javscript') as s`);
    expect(Number(result.rows[0]?.s)).toBeGreaterThan(0.4);
  });
});
