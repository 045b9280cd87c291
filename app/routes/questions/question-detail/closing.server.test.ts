// The question page's closing intents through its action: `returnTo` honoured only for a path on this site, a
// refused original shown by its field (400), an answer to a closed question refused (409), and the visitor
// cache told that the original's page changed too.
import { beforeAll, describe, expect, test } from "vitest";
import type { RouterContextProvider } from "react-router";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { CLOSING_MESSAGES } from "#app/features/questions/closing.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { visitorPageContext, type VisitorPageNote } from "#app/lib/context.ts";
import { topic } from "#app/lib/visitor-page-topics.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs } from "#tests/support/route-calls.ts";
import { action } from "../question-detail.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

/** Posts `fields` to the question's page; returns what the action answered and the visitor cache's note. */
async function post(id: number, viewer: Parameters<typeof actionArgs>[1], fields: Record<string, string>) {
  const args = actionArgs(`/questions/${id}`, viewer, fields, { id: String(id) }) as {
    context: RouterContextProvider;
  };
  const note: VisitorPageNote = { cacheable: false, effects: [] };
  args.context.set(visitorPageContext, note);
  let answered: unknown;
  try {
    answered = await action(args as never);
  } catch (thrown) {
    answered = thrown;
  }
  const response = answered instanceof Response ? answered : null;
  const payload = answered as { init?: { status?: number }; data?: Record<string, unknown> };
  return {
    status: response?.status ?? payload?.init?.status ?? 200,
    location: response?.headers.get("location") ?? null,
    data: payload?.data,
    note,
  };
}

describe("closing intents", () => {
  test("a safe returnTo is followed; another site's address is not", async () => {
    const id = await askAs(people.author);
    const closed = await post(id, people.moderator, {
      intent: "close-vote",
      reason: "off_topic",
      returnTo: "/revisao?aba=sinalizacoes",
    });
    expect(closed).toMatchObject({ status: 302, location: "/revisao?aba=sinalizacoes" });
    for (const returnTo of ["//evil.example/x", "https://evil.example", "/\\evil.example", "revisao"]) {
      const reopened = await post(id, people.moderator, { intent: "reopen-vote", returnTo });
      expect(reopened, returnTo).toMatchObject({ status: 302, location: `/questions/${id}` });
      await post(id, people.moderator, { intent: "close-vote", reason: "off_topic" });
    }
    expect(await post(id, people.moderator, { intent: "lock", returnTo: "/revisao" })).toMatchObject({
      location: "/revisao",
    });
    expect(await post(id, people.moderator, { intent: "unlock" })).toMatchObject({
      location: `/questions/${id}`,
    });
  });

  test("a refused original comes back by its field with 400; a member without the privilege gets 403", async () => {
    const id = await askAs(people.author);
    const refused = await post(id, people.moderator, {
      intent: "close-vote",
      reason: "duplicate",
      duplicateOf: "/questions/999999",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "close-vote",
      ok: false,
      result: { error: { duplicateOf: [CLOSING_MESSAGES.duplicateMissing] } },
      values: { reason: "duplicate", duplicateOf: "/questions/999999" },
    });
    const fresh = await post(id, people.other, { intent: "close-vote", reason: "off_topic" });
    expect(fresh.status).toBe(403);
    expect(String(fresh.data?.message)).toContain("Faltam");
    // The privilege lets a member vote, not lock: that is the moderators'.
    const trusted = await createMember(db(), { reputation: PRIVILEGES.closeVote.reputation });
    expect(await post(id, trusted, { intent: "close-vote", reason: "off_topic" })).toMatchObject({
      status: 302,
    });
    expect((await post(id, trusted, { intent: "lock" })).status).toBe(403);
  });

  test("closing as a duplicate changes the original's page for visitors too; answers are refused", async () => {
    const original = await askAs(people.other);
    const id = await askAs(people.author);
    const closed = await post(id, people.moderator, {
      intent: "close-vote",
      reason: "duplicate",
      duplicateOf: String(original),
    });
    expect(closed.note.changes).toEqual({ topics: [topic.question(id), topic.question(original)] });
    const answer = await post(id, people.other, {
      intent: "answer",
      "body-format": "html",
      body: "<p>Uma resposta tardia que não entra.</p>",
    });
    expect(answer.status).toBe(409);
    expect(answer.data?.message).toBe(CLOSING_MESSAGES.closedToAnswers);
    const reopened = await post(id, people.moderator, { intent: "reopen-vote" });
    expect(reopened.note.changes).toEqual({ topics: [topic.question(id), topic.question(original)] });
  });
});
