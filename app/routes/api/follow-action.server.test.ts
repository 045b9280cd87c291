// The two Seguir endpoints share handleFollow: each answers the fetcher in its own shape, sends a plain form
// back, and refuses bad input and unknown targets the same way.
import { beforeAll, describe, expect, test } from "vitest";
import { tags } from "#db/schema.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs } from "#tests/support/route-calls.ts";
import { action as followAction } from "./follows.ts";
import { action as tagFollowAction } from "./tag-follows.ts";

const db = setupTestDatabase();
let member: Viewer;
let other: Viewer;
let tagId: number;
beforeAll(async () => {
  member = await createMember(db());
  other = await createMember(db());
  const [tag] = await db().insert(tags).values({ name: "seguida", slug: "seguida" }).returning();
  tagId = tag!.id;
});

/** What an action answered or threw: its status and data, or where it redirects. */
async function answer(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
  const { data, init } = value as { data: unknown; init?: { status?: number } | null };
  return { status: init?.status ?? 200, data };
}

describe("POST /api/follows", () => {
  const post = (fields: Record<string, string>) => () =>
    followAction(actionArgs("/api/follows", member, fields));

  test("a fetcher gets { ok, following }", async () => {
    const userId = String(other.id);
    expect(await answer(post({ intent: "follow", userId }))).toEqual({
      status: 200,
      data: { ok: true, following: true },
    });
    expect(await answer(post({ intent: "unfollow", userId }))).toEqual({
      status: 200,
      data: { ok: true, following: false },
    });
  });

  test("a plain form goes back to its page, or to /membros from elsewhere", async () => {
    const userId = String(other.id);
    expect(await answer(post({ intent: "follow", userId, redirectTo: "/u/ana" }))).toEqual({
      status: 302,
      location: "/u/ana",
    });
    expect(
      await answer(post({ intent: "follow", userId, redirectTo: "https://elsewhere.example/" })),
    ).toEqual({ status: 302, location: "/membros" });
  });

  test("bad input is 400; an unknown member is the feature's 404", async () => {
    expect(await answer(post({ intent: "maybe", userId: "1" }))).toEqual({
      status: 400,
      data: { ok: false, message: "Pedido inválido." },
    });
    expect(await answer(post({ intent: "follow", userId: "999999" }))).toEqual({
      status: 404,
      data: { ok: false, message: "Membro não encontrado." },
    });
    expect(await answer(post({ intent: "follow", userId: "999999", redirectTo: "/membros" }))).toEqual({
      status: 404,
      data: "Membro não encontrado.",
    });
  });
});

describe("POST /api/tag-follows", () => {
  const post = (fields: Record<string, string>) => () =>
    tagFollowAction(actionArgs("/api/tag-follows", member, fields));

  test("a fetcher gets { ok, following, followers }", async () => {
    expect(await answer(post({ intent: "follow", tagId: String(tagId) }))).toEqual({
      status: 200,
      data: { ok: true, following: true, followers: 1 },
    });
    expect(await answer(post({ intent: "unfollow", tagId: String(tagId) }))).toEqual({
      status: 200,
      data: { ok: true, following: false, followers: 0 },
    });
  });

  test("a plain form goes back to its page, or to /tags from elsewhere", async () => {
    const fields = { intent: "follow", tagId: String(tagId) };
    expect(await answer(post({ ...fields, redirectTo: "/questions/tagged/seguida" }))).toEqual({
      status: 302,
      location: "/questions/tagged/seguida",
    });
    expect(await answer(post({ ...fields, redirectTo: "//elsewhere.example" }))).toEqual({
      status: 302,
      location: "/tags",
    });
  });

  test("bad input is 400; an unknown tag is the feature's 404", async () => {
    expect(await answer(post({ intent: "follow", tagId: "abc" }))).toEqual({
      status: 400,
      data: { ok: false, message: "Pedido inválido." },
    });
    expect(await answer(post({ intent: "follow", tagId: "999999" }))).toEqual({
      status: 404,
      data: { ok: false, message: "Tag não encontrada." },
    });
  });
});
