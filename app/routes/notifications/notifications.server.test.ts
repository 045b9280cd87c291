import { describe, expect, test } from "vitest";
import { notifications } from "#db/schema.ts";
import { unreadNotificationsContext } from "#app/lib/context.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { loaderArgs } from "#tests/support/route-calls.ts";
import { loader as rootLoader } from "../../root.tsx";
import { middleware } from "./notifications.tsx";

const db = setupTestDatabase();

describe("opening /notifications", () => {
  test("reads them, and the header's count on the same response already says none is unread", async () => {
    const member = await createMember(db());
    const note = { userId: member.id, kind: "answer", title: "Nova resposta", url: "/questions/1" };
    await db().insert(notifications).values([note, note]);
    const args = loaderArgs("/notifications", {}, member) as Parameters<typeof rootLoader>[0];
    // As the root middleware leaves it: the count read with the session, before this page read them.
    args.context.set(unreadNotificationsContext, 2);
    const [readHere] = middleware as unknown as Array<
      (a: unknown, next: () => Promise<unknown>) => Promise<unknown>
    >;
    const root = (await readHere!(args, () => rootLoader(args))) as Awaited<ReturnType<typeof rootLoader>>;
    expect(root.unreadNotifications).toBe(0);
  });
});
