// The newsletter's link pages change nothing visitors see: opening them must not empty the visitor page cache
// (anyone could, with one GET of a made-up link), and their answers must not be kept in it either.
import { describe, expect, test } from "vitest";
import { visitorPageContext } from "#app/lib/context.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { loaderArgs } from "#tests/support/route-calls.ts";
import * as confirmPage from "./newsletter-confirm.tsx";
import * as unsubscribePage from "./newsletter-unsubscribe.tsx";

setupTestDatabase();

describe("newsletter link pages", () => {
  test.each([
    ["confirmar", confirmPage],
    ["cancelar", unsubscribePage],
  ])("/newsletter/%s/… marks no write and is never kept by the visitor cache", async (segment, page) => {
    for (const token of ["1.abc", "inventado"]) {
      const args = loaderArgs(`/newsletter/${segment}/${token}`, { token }) as {
        context: { get: (c: typeof visitorPageContext) => { changes?: unknown } };
      };
      await page.loader(args as never);
      expect(args.context.get(visitorPageContext).changes).toBeUndefined();
    }
    // Only pages that hydrate on intent are kept (entry.server.tsx).
    expect(page.handle).toEqual({ hydration: "on-load" });
  });
});
