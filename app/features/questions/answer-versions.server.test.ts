// Answers that say what they were tested on — writing the versions, the outdated marks (one per member, the
// threshold, the author's own, retracting), the order, the reader's version and who may mark.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answerOutdatedMarks, answerVersions, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { createMember, TEST_TOTP_SECRET } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { markOutdated, retractOutdatedMark, versionsFromForm } from "./answer-versions.server.ts";
import { listAnswers } from "./answer-list.server.ts";
import { createAnswer, deleteAnswer, getAnswerForEdit, updateAnswer } from "./answers.server.ts";
import { loadQuestionPage } from "./question-page.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { applicability, OUTDATED_MARKS_TO_SHOW, VERSION_MESSAGES } from "./versions.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let markers: Viewer[];
beforeAll(async () => {
  people = await cast(db());
  markers = await Promise.all(
    Array.from({ length: OUTDATED_MARKS_TO_SHOW + 1 }, (_, i) =>
      // Trusted to vote down: their marks count toward the notice.
      createMember(db(), { name: `Marcador ${i}`, reputation: PRIVILEGES.voteDown.reputation + 10 }),
    ),
  );
});

const ask = () => askAs(people.author, { tags: ["node", "react"] });
async function answerOf(questionId: number, answerId: number) {
  const list = await listAnswers(null, questionId);
  return list.find((a) => a.id === answerId);
}

describe("writing the versions an answer was tested on", () => {
  test("an answer names versions of the question's tags; they are read back with it", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Use fetch nativo. (com texto o bastante para uma resposta)</p>",
      {
        versions: [
          { tag: "react", version: "19" },
          { tag: "Node", version: "v24.1" },
        ],
      },
    );
    expect((await answerOf(q, id))?.versions).toEqual([
      { tag: "node", version: "24.1" },
      { tag: "react", version: "19" },
    ]);
    const rows = await db().select().from(answerVersions).where(eq(answerVersions.answerId, id));
    expect(rows.find((r) => r.tag === "node")?.versionKey).toEqual([24, 1]);
  });

  test("not a version, a tag the question lacks or two versions of one tag are refused in Portuguese", async () => {
    const q = await ask();
    const cases: [{ tag: string; version: string }[], string][] = [
      [[{ tag: "node", version: "vinte e quatro" }], VERSION_MESSAGES.invalid],
      [[{ tag: "python", version: "3.13" }], VERSION_MESSAGES.tagNotOnQuestion],
      [
        [
          { tag: "node", version: "24" },
          { tag: "NODE", version: "22" },
        ],
        VERSION_MESSAGES.oneVersionPerTag,
      ],
    ];
    for (const [versions, message] of cases) {
      await expect(
        createAnswer(people.other, q, "<p>Resposta. (com texto o bastante para uma resposta)</p>", {
          versions,
        }),
      ).rejects.toMatchObject({
        code: "validation",
        field: "versions",
        message,
      });
    }
    expect(await listAnswers(null, q)).toHaveLength(0);
  });

  test("the edit page replaces them (and leaves them when it does not send the field)", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta boa. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "22" }],
      },
    );
    expect((await getAnswerForEdit(people.other, id))?.tags).toEqual(["node", "react"]);
    const edited = await updateAnswer(
      people.other,
      id,
      "<p>Resposta boa. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    expect(edited.changed).toBe(true);
    await updateAnswer(
      people.other,
      id,
      "<p>Resposta boa, editada. (com texto o bastante para uma resposta)</p>",
    );
    expect((await answerOf(q, id))?.versions).toEqual([{ tag: "node", version: "24" }]);
    await updateAnswer(
      people.other,
      id,
      "<p>Resposta boa, editada. (com texto o bastante para uma resposta)</p>",
      { versions: [] },
    );
    expect((await answerOf(q, id))?.versions).toEqual([]);
  });

  test("plain form fields versao:<tag> become pairs; empty ones name nothing", () => {
    const form = new FormData();
    form.set("body", "x");
    form.set("versao:node", "24");
    form.set("versao:react", "  ");
    expect(versionsFromForm(form)).toEqual([{ tag: "node", version: "24" }]);
  });
});

describe("não funciona mais na versão X", () => {
  test("new members' marks are kept but do not bury an answer (the security review)", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    const newcomers = await Promise.all(
      Array.from({ length: OUTDATED_MARKS_TO_SHOW + 1 }, (_, i) =>
        createMember(db(), { name: `Recém-chegado ${i}` }),
      ),
    );
    for (const newcomer of newcomers) {
      expect((await markOutdated(newcomer, id, { tag: "node", version: "26" })).outdatedSince).toBeNull();
    }
    expect((await answerOf(q, id))?.outdatedSince).toBeNull();
    const rows = await db().select().from(answerOutdatedMarks).where(eq(answerOutdatedMarks.answerId, id));
    expect(rows).toHaveLength(newcomers.length);
  });

  test("a moderator's mark counts as staff only with two-factor sign-in on (ADR 049)", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    for (const marker of markers.slice(0, OUTDATED_MARKS_TO_SHOW - 1)) {
      await markOutdated(marker, id, { tag: "node", version: "26" });
    }
    const staff = await createMember(db(), { role: "moderator", totpSecret: null });
    expect((await markOutdated(staff, id, { tag: "node", version: "26" })).outdatedSince).toBeNull();
    await db()
      .update(users)
      .set({ totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date() })
      .where(eq(users.id, staff.id));
    const marked = await markOutdated(staff, id, { tag: "node", version: "26" });
    expect(marked.outdatedSince).toEqual({ tag: "node", version: "26" });
  });

  test(`${OUTDATED_MARKS_TO_SHOW} members' marks show it, from the lowest version the threshold reached`, async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    const versions = ["27", "26", "28", "26.1"];
    for (const [i, marker] of markers.slice(0, OUTDATED_MARKS_TO_SHOW - 1).entries()) {
      const outcome = await markOutdated(marker, id, { tag: "node", version: versions[i] ?? "26" });
      expect(outcome.outdatedSince).toBeNull();
    }
    const third = markers[OUTDATED_MARKS_TO_SHOW - 1]!;
    const reached = await markOutdated(third, id, { tag: "node", version: "28" });
    expect(reached.outdatedSince).toEqual({ tag: "node", version: "28" });
    expect((await answerOf(q, id))?.outdatedSince).toEqual({ tag: "node", version: "28" });
    // One mark per member: marking again replaces it.
    await markOutdated(third, id, { tag: "node", version: "26.5" });
    const rows = await db().select().from(answerOutdatedMarks).where(eq(answerOutdatedMarks.answerId, id));
    expect(rows).toHaveLength(OUTDATED_MARKS_TO_SHOW);
    expect((await answerOf(q, id))?.outdatedSince).toEqual({ tag: "node", version: "27" });
    // Taking a mark back drops below the threshold.
    await retractOutdatedMark(third, id);
    expect((await answerOf(q, id))?.outdatedSince).toBeNull();
    await expect(retractOutdatedMark(third, id)).rejects.toMatchObject({
      message: VERSION_MESSAGES.noMarkToRetract,
    });
  });

  test("the author's own mark shows it at once", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    const outcome = await markOutdated(people.other, id, { tag: "node", version: "26" });
    expect(outcome.outdatedSince).toEqual({ tag: "node", version: "26" });
    // The kept page follows (ADR 031): the reader sees it with the next request.
    const page = await loadQuestionPage(null, q, "votes");
    expect(page?.answers[0]?.outdatedSince).toEqual({ tag: "node", version: "26" });
  });

  test("refused: visitors, a version not newer than the tested one, not a version, another tag, deleted answers", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    await expect(markOutdated(null, id, { tag: "node", version: "26" })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(retractOutdatedMark(null, id)).rejects.toMatchObject({ code: "unauthenticated" });
    for (const [input, message] of [
      [{ tag: "node", version: "24" }, VERSION_MESSAGES.notNewer],
      [{ tag: "node", version: "9" }, VERSION_MESSAGES.notNewer],
      [{ tag: "node", version: "mais nova" }, VERSION_MESSAGES.invalid],
      [{ tag: "node", version: "" }, VERSION_MESSAGES.markNeedsVersion],
      [{ tag: "python", version: "3" }, VERSION_MESSAGES.tagNotOnQuestion],
    ] as const) {
      await expect(markOutdated(people.rich, id, input)).rejects.toMatchObject({
        code: "validation",
        message,
      });
    }
    await deleteAnswer(people.other, id);
    await expect(markOutdated(people.rich, id, { tag: "node", version: "26" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("the order and the reader's version", () => {
  test("funcionam na versão mais nova primeiro: newest tested version first, outdated ones after", async () => {
    const q = await ask();
    const make = async (versions: { tag: string; version: string }[]) =>
      (
        await createAnswer(
          people.other,
          q,
          "<p>Resposta qualquer. (com texto o bastante para uma resposta)</p>",
          { versions },
        )
      ).id;
    const untested = await make([]);
    const old = await make([{ tag: "node", version: "9" }]);
    const newest = await make([{ tag: "node", version: "22.10" }]);
    const outdated = await make([{ tag: "node", version: "24" }]);
    await markOutdated(people.other, outdated, { tag: "node", version: "26" });
    const mid = await make([{ tag: "react", version: "19" }]);
    const order = (await listAnswers(null, q, "newest-version")).map((a) => a.id);
    expect(order).toEqual([newest, mid, old, untested, outdated]);
  });

  test("an answer applies to the reader's version when tested on its major at or below it, not outdated by then", async () => {
    const q = await ask();
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "24" }],
      },
    );
    await markOutdated(people.other, id, { tag: "node", version: "24.5" });
    const answer = (await answerOf(q, id))!;
    expect(applicability(answer, { tag: "node", version: "24.2" })).toBe("applies");
    expect(applicability(answer, { tag: "node", version: "24.5" })).toBe("outdated");
    expect(applicability(answer, { tag: "node", version: "22" })).toBe("other-version");
    expect(applicability(answer, { tag: "react", version: "19" })).toBeNull();
  });
});
