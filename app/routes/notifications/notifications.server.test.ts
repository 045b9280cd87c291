import { describe, expect, test } from "vitest";
import { notifications } from "#db/schema.ts";
import { unreadNotificationsContext } from "#app/lib/unread-notifications-context.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { loaderArgs } from "#tests/support/route-calls.ts";
import { middleware } from "./notifications.tsx";

const db = setupTestDatabase();

type Args = { context: { get: <T>(key: unknown) => T; set: (key: unknown, value: unknown) => void } };
type Middleware = (args: Args, next: () => Promise<unknown>) => Promise<unknown>;

describe("opening /notifications", () => {
  test("reads them, and the count the header shows on the same response (root loader) says none is unread", async () => {
    const member = await createMember(db());
    const note = { userId: member.id, kind: "answer", title: "Nova resposta", url: "/questions/1" };
    await db().insert(notifications).values([note, note]);
    const args = loaderArgs("/notifications", {}, member) as Args;
    // As the root middleware leaves it: the count read with the session, before this page read them.
    args.context.set(unreadNotificationsContext, 2);
    const [readHere] = middleware as unknown as Middleware[];
    const seenByLoaders = await readHere!(args, async () => args.context.get(unreadNotificationsContext));
    expect(seenByLoaders).toBe(0);
    const stillUnread = await db().query.notifications.findMany({
      where: (n, { and, eq, isNull }) => and(eq(n.userId, member.id), isNull(n.readAt)),
    });
    expect(stillUnread).toEqual([]);
  });
});
