import { describe, expect, test } from "vitest";
import {
  DEFAULT_LIST_QUERY,
  hasFilters,
  listQueryToSearch,
  parseListQuery,
  parseTagField,
} from "./list-query.ts";

describe("the list's address", () => {
  test("defaults for an empty or unknown query", () => {
    expect(parseListQuery("")).toEqual(DEFAULT_LIST_QUERY);
    expect(parseListQuery("sort=nope&page=-2&filter=everything")).toEqual(DEFAULT_LIST_QUERY);
    expect(parseListQuery("page=2.5").page).toBe(1);
  });

  test("sort links and modal choices", () => {
    expect(parseListQuery("sort=top").sort).toBe("top");
    expect(parseListQuery("sort=recent").sort).toBe("new");
    expect(parseListQuery("filter=unanswered&filter=bounty").filters).toEqual(["unanswered", "bounty"]);
    expect(parseListQuery("filter=bounty,no-accepted").filters).toEqual(["no-accepted", "bounty"]);
    expect(parseListQuery("followed=1").followedTags).toBe(true);
  });

  test("the free-text tags count only when 'As seguintes Tags' is ticked (or no tick box was sent)", () => {
    expect(parseListQuery("tags=sql").tags).toEqual(["sql"]);
    expect(parseListQuery("tagged=0&tags=sql").tags).toEqual([]);
    expect(parseListQuery("tagged=0&tagged=1&tags=sql").tags).toEqual(["sql"]);
  });

  test("the tag field: commas or semicolons, slugs, no repeats, the placeholder's 'ex' ignored", () => {
    expect(parseTagField("ex; javascript, Python ,sql, python,, Ciência de Dados")).toEqual([
      "javascript",
      "python",
      "sql",
      "ciencia-de-dados",
    ]);
    expect(parseTagField(Array.from({ length: 20 }, (_, i) => `t${i}`).join(","))).toHaveLength(10);
  });

  test("canonical strings round-trip", () => {
    const search =
      "tagged=0&tagged=1&tags=SQL,+python&filter=bounty&filter=unanswered&sort=activity&page=2&name=x";
    const canonical = listQueryToSearch(parseListQuery(search));
    expect(canonical).toBe("filter=unanswered&filter=bounty&sort=activity&tags=sql,python&page=2");
    expect(listQueryToSearch(parseListQuery(canonical))).toBe(canonical);
    expect(listQueryToSearch(parseListQuery(canonical), { withPage: false })).not.toContain("page");
    expect(listQueryToSearch(DEFAULT_LIST_QUERY)).toBe("");
    expect(hasFilters(parseListQuery("sort=top"))).toBe(false);
    expect(hasFilters(parseListQuery("followed=1"))).toBe(true);
  });

  test("open or closed questions only", () => {
    expect(parseListQuery("status=closed").status).toBe("closed");
    expect(parseListQuery("status=OPEN").status).toBe("open");
    expect(parseListQuery("status=talvez").status).toBe("all");
    expect(listQueryToSearch(parseListQuery("status=closed&sort=top"))).toBe("sort=top&status=closed");
    expect(listQueryToSearch(parseListQuery("status=all"))).toBe("");
    expect(hasFilters(parseListQuery("status=open"))).toBe(true);
  });
});
