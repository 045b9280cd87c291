import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, comments, flags, posts, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember, TEST_TOTP_SECRET } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { FLAG_MESSAGES, flagContent, questionNumberFrom } from "./flags.server.ts";
import { countOpenReviewItems } from "./review-count.server.ts";
import {
  CONFIRM_EMAIL_FIRST,
  ESTABLISHED_ACCOUNT_DAYS,
  FLAG_RECORD_MIN,
  flagRefusal,
  flagWeight,
  FLAGS_PER_DAY,
  FLAGS_TO_HIDE,
  PRIVILEGES,
  privilegeMessage,
} from "./rules.ts";
import {
  answerBy,
  commentBy,
  flagsOn,
  logFor,
  moderationNotices,
  postBy,
  postCommentBy,
  questionBy,
  questionRow,
  resetFlagLimit,
  tagQuestionCount,
} from "#tests/support/moderation.ts";

const db = setupTestDatabase();
let author: Viewer;
let member: Viewer;
let moderator: Viewer;
let trusted: Viewer[];
beforeAll(async () => {
  // The author may flag too (so flagging their own content is refused for that reason alone).
  author = await createMember(db(), { reputation: PRIVILEGES.flag.reputation });
  member = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
  moderator = await createMember(db(), { role: "moderator" });
  trusted = await Promise.all(
    Array.from({ length: FLAGS_TO_HIDE }, () =>
      createMember(db(), {
        reputation: PRIVILEGES.trustedFlag.reputation,
        // Established: older than ESTABLISHED_ACCOUNT_DAYS.
        createdAt: new Date(Date.now() - (ESTABLISHED_ACCOUNT_DAYS + 1) * 86_400_000),
      }),
    ),
  );
});

const spam = (kind: string, id: number) => ({ kind, id, reason: "spam" });

describe("who may flag", () => {
  test("a visitor is asked to sign in; a member below the privilege is told how much is missing", async () => {
    const question = await questionBy(author);
    await expect(flagContent(null, spam("question", question.id))).rejects.toMatchObject({
      code: "unauthenticated",
    });
    const newcomer = await createMember(db(), { reputation: 0 });
    await expect(flagContent(newcomer, spam("question", question.id))).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
      message: privilegeMessage("flag", PRIVILEGES.flag.reputation),
    });
    expect(await flagsOn("question", question.id)).toHaveLength(0);
  });

  test("with the points but no confirmed e-mail, a member is told to confirm it, as the dialog says before the form", async () => {
    const question = await questionBy(author);
    const unconfirmed = await createMember(db(), {
      reputation: PRIVILEGES.flag.reputation,
      emailVerified: false,
    });
    expect(flagRefusal(unconfirmed)).toBe(CONFIRM_EMAIL_FIRST.flag);
    await expect(flagContent(unconfirmed, spam("question", question.id))).rejects.toMatchObject({
      code: "forbidden",
      message: CONFIRM_EMAIL_FIRST.flag,
    });
    // The points come first: a newcomer without either hears about the points.
    const newcomer = await createMember(db(), { reputation: 0, emailVerified: false });
    expect(flagRefusal(newcomer)).toBe(privilegeMessage("flag", PRIVILEGES.flag.reputation));
    expect(flagRefusal(author)).toBeNull();
    expect(flagRefusal(moderator)).toBeNull();
    expect(await flagsOn("question", question.id)).toHaveLength(0);
  });

  test("nobody flags what they wrote", async () => {
    const question = await questionBy(author);
    await expect(flagContent(author, spam("question", question.id))).rejects.toMatchObject({
      code: "forbidden",
      message: FLAG_MESSAGES.own,
    });
  });

  test("missing or removed content answers 404", async () => {
    const question = await questionBy(author);
    await flagContent(moderator, spam("question", question.id));
    await expect(flagContent(member, spam("question", question.id))).rejects.toMatchObject({
      code: "not_found",
    });
    for (const input of [spam("question", 0), spam("answer", 999_999), spam("bogus", 1)]) {
      await expect(flagContent(member, input)).rejects.toMatchObject({ code: "not_found" });
    }
  });
});

describe("the form's fields", () => {
  test("a reason is required, and 'other' needs a note of at most FLAG_NOTE_MAX characters", async () => {
    const question = await questionBy(author);
    const id = question.id;
    await expect(flagContent(member, { kind: "question", id, reason: "" })).rejects.toMatchObject({
      status: 400,
      field: "reason",
      message: FLAG_MESSAGES.reason,
    });
    await expect(flagContent(member, { kind: "question", id, reason: "held" })).rejects.toMatchObject({
      field: "reason",
    });
    await expect(
      flagContent(member, { kind: "question", id, reason: "other", note: "   " }),
    ).rejects.toMatchObject({ field: "note", message: FLAG_MESSAGES.note });
    await expect(
      flagContent(member, { kind: "question", id, reason: "other", note: "x".repeat(501) }),
    ).rejects.toMatchObject({ field: "note", message: FLAG_MESSAGES.noteLong });
    await flagContent(member, {
      kind: "question",
      id,
      reason: "other",
      note: "  Texto   copiado de um blog. ",
    });
    const [flag] = await flagsOn("question", id);
    expect(flag).toMatchObject({ reason: "other", note: "Texto copiado de um blog.", status: "open" });
  });

  test("a duplicate names an existing other question, by number or link; only questions are duplicates", async () => {
    const original = await questionBy(author);
    const copy = await questionBy(author);
    const base = { kind: "question", id: copy.id, reason: "duplicate" };
    await expect(flagContent(member, { ...base, duplicateOf: "" })).rejects.toMatchObject({
      field: "duplicateOf",
      message: FLAG_MESSAGES.duplicateOf,
    });
    await expect(flagContent(member, { ...base, duplicateOf: String(copy.id) })).rejects.toMatchObject({
      message: FLAG_MESSAGES.duplicateSelf,
    });
    await expect(flagContent(member, { ...base, duplicateOf: "#99999999" })).rejects.toMatchObject({
      message: FLAG_MESSAGES.duplicateMissing,
    });
    const answerId = await answerBy(author, original.id);
    await expect(
      flagContent(member, { kind: "answer", id: answerId, reason: "duplicate", duplicateOf: "1" }),
    ).rejects.toMatchObject({ field: "reason", message: FLAG_MESSAGES.duplicateOnlyQuestions });
    await flagContent(member, {
      ...base,
      duplicateOf: `https://exemplo.com/questions/${original.id}/titulo`,
    });
    const [flag] = await flagsOn("question", copy.id);
    expect(flag?.duplicateOfId).toBe(original.id);
  });

  test("question numbers are read from numbers, #numbers and addresses", () => {
    expect(questionNumberFrom("42")).toBe(42);
    expect(questionNumberFrom(" #42 ")).toBe(42);
    expect(questionNumberFrom("http://localhost:3000/questions/42#resposta-3")).toBe(42);
    expect(questionNumberFrom("/questions/42")).toBe(42);
    expect(questionNumberFrom("quarenta e dois")).toBeNull();
    expect(questionNumberFrom("0")).toBeNull();
  });
});

describe("one open flag per member per item", () => {
  test("a second flag is refused with 409, even at the same moment", async () => {
    const question = await questionBy(author);
    await flagContent(member, spam("question", question.id));
    await expect(
      flagContent(member, { kind: "question", id: question.id, reason: "offensive" }),
    ).rejects.toMatchObject({ code: "conflict", status: 409, message: FLAG_MESSAGES.already });

    const other = await questionBy(author);
    const flagger = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => flagContent(flagger, spam("question", other.id))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    }
    expect(await flagsOn("question", other.id)).toHaveLength(1);
  });

  test("every kind of content can be flagged and each is one queue item", async () => {
    const question = await questionBy(author);
    const answerId = await answerBy(author, question.id);
    const commentId = await commentBy(author, question.id);
    const post = await postBy(author);
    const postCommentId = await postCommentBy(author, post.id);
    const before = await countOpenReviewItems();
    for (const [kind, id] of [
      ["answer", answerId],
      ["comment", commentId],
      ["post", post.id],
      ["comment", postCommentId],
    ] as const) {
      await flagContent(member, { kind, id, reason: "needs_improvement" });
      await flagContent(trusted[0]!, { kind, id, reason: "needs_improvement" });
      expect(await flagsOn(kind, id)).toHaveLength(2);
    }
    expect(await countOpenReviewItems()).toBe(before + 4);
  });
});

describe("hiding at once", () => {
  test(`${FLAGS_TO_HIDE} trusted spam flags hide the item; untrusted ones do not count`, async () => {
    const question = await questionBy(author);
    const untrusted = await Promise.all([
      createMember(db(), { reputation: PRIVILEGES.voteUp.reputation }),
      createMember(db(), { reputation: PRIVILEGES.voteUp.reputation }),
    ]);
    for (const flagger of [...untrusted, ...trusted.slice(0, FLAGS_TO_HIDE - 1)]) {
      expect((await flagContent(flagger, spam("question", question.id))).hidden).toBe(false);
    }
    expect((await questionRow(question.id)).deletedAt).toBeNull();
    const last = await flagContent(trusted[FLAGS_TO_HIDE - 1]!, {
      kind: "question",
      id: question.id,
      reason: "offensive",
    });
    expect(last).toMatchObject({ hidden: true, message: FLAG_MESSAGES.hidden });
    const row = await questionRow(question.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.deletedBy).toBeNull();
    // The tag stops counting it, as a deletion would.
    expect(await tagQuestionCount(question.tagId)).toBe(0);
    const log = await logFor("question", question.id);
    expect(log).toEqual([expect.objectContaining({ action: "hide", actorId: null, subjectId: author.id })]);
    const [notice] = await moderationNotices(author.id);
    expect(notice?.title).toContain(`Sua pergunta em “${question.title}” foi ocultada`);
    expect(notice?.url).toBe(`/questions/${question.id}`);
    // Flags stay open for the review queue.
    expect((await flagsOn("question", question.id)).every((f) => f.status === "open")).toBe(true);
  });

  test("a flagger's weight follows their record: mostly declined counts nothing, a young account nothing, a long helpful record double", async () => {
    const old = new Date(Date.now() - (ESTABLISHED_ACCOUNT_DAYS + 1) * 86_400_000);
    const established = () =>
      createMember(db(), { reputation: PRIVILEGES.trustedFlag.reputation, createdAt: old });
    /** Decided flags on questions of the author, as the review queue leaves them. */
    async function record(flagger: Viewer, status: "helpful" | "declined", n: number) {
      for (let i = 0; i < n; i++) {
        const q = await questionBy(author);
        await db().insert(flags).values({
          targetKind: "question",
          targetId: q.id,
          authorId: author.id,
          reporterId: flagger.id,
          reason: "spam",
          status,
        });
      }
    }
    const [declined, young, proven, plain] = [
      await established(),
      await createMember(db(), { reputation: PRIVILEGES.trustedFlag.reputation }),
      await established(),
      await established(),
    ];
    await record(declined, "declined", FLAG_RECORD_MIN);
    await record(proven, "helpful", 10);

    // A flagger whose flags were mostly declined and one whose account is days old: nothing hidden.
    const question = await questionBy(author);
    for (const flagger of [declined, young, plain]) {
      expect((await flagContent(flagger, spam("question", question.id))).hidden, flagger.name).toBe(false);
    }
    // A proven flagger counts double: with the plain one, that makes FLAGS_TO_HIDE.
    expect((await flagContent(proven, spam("question", question.id))).hidden).toBe(true);
    expect(flagWeight({ helpful: 0, declined: FLAG_RECORD_MIN })).toBe(0);
    expect(flagWeight({ helpful: 10, declined: 2 })).toBe(2);
    expect(flagWeight({ helpful: 2, declined: 2 })).toBe(1);
  });

  test("needs-improvement flags never hide, however many", async () => {
    const question = await questionBy(author);
    for (const flagger of trusted) {
      await flagContent(flagger, { kind: "question", id: question.id, reason: "needs_improvement" });
    }
    expect((await questionRow(question.id)).deletedAt).toBeNull();
  });

  test("one moderator's spam flag hides at once, and the counters move with the row", async () => {
    const question = await questionBy(author);
    const answerId = await answerBy(author, question.id);
    const commentId = await commentBy(author, question.id);
    const post = await postBy(author);
    const postCommentId = await postCommentBy(author, post.id);
    expect((await flagContent(moderator, spam("answer", answerId))).hidden).toBe(true);
    expect((await flagContent(moderator, spam("comment", commentId))).hidden).toBe(true);
    expect((await flagContent(moderator, spam("comment", postCommentId))).hidden).toBe(true);
    const result = await flagContent(moderator, spam("post", post.id));
    expect(result).toMatchObject({ hidden: true, page: { kind: "post", id: post.id } });
    const row = await questionRow(question.id);
    expect(row).toMatchObject({ answerCount: 0, commentCount: 0 });
    const [answer] = await db().select().from(answers).where(eq(answers.id, answerId));
    expect(answer).toMatchObject({ deletedBy: null });
    expect(answer?.deletedAt).not.toBeNull();
    const [comment] = await db().select().from(comments).where(eq(comments.id, commentId));
    expect(comment?.deletedAt).not.toBeNull();
    const [postRow] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(postRow?.deletedAt).not.toBeNull();
    expect(postRow?.commentCount).toBe(0);
    const [postComment] = await db().select().from(comments).where(eq(comments.id, postCommentId));
    expect(postComment?.deletedAt).not.toBeNull();
    // The log names the moderator whose flag hid it, not "the site".
    expect(await logFor("answer", answerId)).toEqual([
      expect.objectContaining({ action: "hide", actorId: moderator.id, subjectId: author.id }),
    ]);
    const notices = await moderationNotices(author.id);
    expect(notices.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Sua resposta em"),
        expect.stringContaining("Seu comentário em"),
        expect.stringContaining("Seu post em"),
      ]),
    );
  });

  test("a moderator without two-factor sign-in flags as a member: their open flag weighs only once it is on", async () => {
    for (const turnedOnLater of [false, true]) {
      const question = await questionBy(author);
      const staff = await createMember(db(), {
        role: "moderator",
        totpSecret: null,
        reputation: PRIVILEGES.flag.reputation,
      });
      // Without it the moderator acts as a member of 15 points: the flag neither hides at once nor weighs.
      expect((await flagContent(staff, spam("question", question.id))).hidden).toBe(false);
      if (turnedOnLater) {
        await db()
          .update(users)
          .set({ totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date() })
          .where(eq(users.id, staff.id));
      }
      for (const flagger of trusted.slice(0, FLAGS_TO_HIDE - 1)) {
        await resetFlagLimit(flagger);
        await flagContent(flagger, spam("question", question.id));
      }
      expect((await questionRow(question.id)).deletedAt !== null, `2FA later: ${turnedOnLater}`).toBe(
        turnedOnLater,
      );
    }
  });

  test("trusted flags arriving at the same moment hide the item exactly once", async () => {
    const question = await questionBy(author);
    await Promise.all(trusted.map((flagger) => flagContent(flagger, spam("question", question.id))));
    expect((await questionRow(question.id)).deletedAt).not.toBeNull();
    expect((await logFor("question", question.id)).filter((e) => e.action === "hide")).toHaveLength(1);
    expect(await tagQuestionCount(question.tagId)).toBe(0);
  });
});

describe("a day's flags", () => {
  test(`the ${FLAGS_PER_DAY + 1}th flag of the day is refused with 429`, async () => {
    const flagger = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
    await resetFlagLimit(flagger);
    const question = await questionBy(author);
    for (let i = 0; i < FLAGS_PER_DAY; i++) {
      const comment = await commentBy(author, question.id);
      await flagContent(flagger, { kind: "comment", id: comment, reason: "needs_improvement" });
    }
    const comment = await commentBy(author, question.id);
    await expect(
      flagContent(flagger, { kind: "comment", id: comment, reason: "needs_improvement" }),
    ).rejects.toMatchObject({ code: "rate_limited", status: 429, message: FLAG_MESSAGES.tooMany });
  });
});
