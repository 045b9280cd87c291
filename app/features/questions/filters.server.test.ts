import { describe, expect, test } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { deleteSavedFilter, FILTER_MESSAGES, listSavedFilters, saveFilter } from "./filters.server.ts";
import { parseListQuery } from "./list-query.ts";
import { MESSAGES, SAVED_FILTERS_MAX } from "./schemas.ts";

const db = setupTestDatabase();

describe("saved filters", () => {
  test("a visitor is asked to sign in", async () => {
    await expect(saveFilter(null, { name: "Meu", query: parseListQuery("") })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    expect(await listSavedFilters(null)).toEqual([]);
  });

  test("saved as the canonical query, listed by name, replaced by the same name, deleted by the owner only", async () => {
    const [ana, bia] = [await createMember(db()), await createMember(db())];
    const saved = await saveFilter(ana, {
      name: "  SQL   sem resposta ",
      query: parseListQuery("tags=SQL,%20python&filter=unanswered&sort=activity&page=3&tagged=0&tagged=1"),
    });
    expect(saved).toMatchObject({
      name: "SQL sem resposta",
      query: "filter=unanswered&sort=activity&tags=sql,python",
    });
    await saveFilter(ana, { name: "Bounties", query: parseListQuery("filter=bounty&sort=expiring") });
    await saveFilter(ana, { name: "sql SEM resposta", query: parseListQuery("filter=no-accepted") });
    const list = await listSavedFilters(ana);
    expect(list.map((f) => [f.name, f.query])).toEqual([
      ["Bounties", "filter=bounty&sort=expiring"],
      ["sql SEM resposta", "filter=no-accepted"],
    ]);
    expect(await listSavedFilters(bia)).toEqual([]);
    await expect(deleteSavedFilter(bia, saved.id)).rejects.toMatchObject({
      message: FILTER_MESSAGES.notFound,
    });
    await expect(deleteSavedFilter(null, saved.id)).rejects.toMatchObject({ code: "unauthenticated" });
    await deleteSavedFilter(ana, saved.id);
    expect(await listSavedFilters(ana)).toHaveLength(1);
  });

  test("a name is required and the number of filters is capped", async () => {
    const ana = await createMember(db());
    await expect(saveFilter(ana, { name: "   ", query: parseListQuery("") })).rejects.toMatchObject({
      field: "name",
      message: MESSAGES.filterName,
    });
    for (let i = 0; i < SAVED_FILTERS_MAX; i++)
      await saveFilter(ana, { name: `F${i}`, query: parseListQuery("") });
    await expect(saveFilter(ana, { name: "Mais um", query: parseListQuery("") })).rejects.toMatchObject({
      message: FILTER_MESSAGES.tooMany,
    });
  });
});
