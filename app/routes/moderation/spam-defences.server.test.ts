// Spam and abuse defences through the real writers: new members' link limit and nofollow links,
// administrators' blocked words (content held hidden, a `held` review item, the log, the author told) and
// e-mail domains (sign-up refused), first-post review items, and the rate limits' messages.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  answers,
  blockedTerms,
  comments,
  flags,
  moderationLog,
  notifications,
  posts,
  questions,
  tags,
} from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { signUp } from "#app/features/accounts/accounts.server.ts";
import { contentRateLimitedMessage } from "#app/lib/content-rate-limits.server.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import {
  addBlockedTerm,
  findBlockedWord,
  forgetBlockedTerms,
  isBlockedEmailDomain,
  listBlockedTerms,
  removeBlockedTerm,
  SPAM_MESSAGES,
  tooManyLinksMessage,
} from "#app/features/moderation/spam-defences.server.ts";
import { addPostComment } from "#app/features/posts/comments.server.ts";
import { getPostPage } from "#app/features/posts/posts.server.ts";
import { publish } from "#tests/support/posts.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { addComment } from "#app/features/questions/comments.server.ts";
import { getQuestion } from "#app/features/questions/question-detail.server.ts";
import { askAs, questionInput } from "#tests/support/questions.ts";
import type { Viewer } from "#app/lib/viewer.ts";

const db = setupTestDatabase();
let admin: Viewer;
let asker: Viewer;
beforeAll(async () => {
  forgetBlockedTerms();
  admin = await createMember(db(), { role: "admin", name: "Administração" });
  asker = await createMember(db(), { reputation: 500 });
});
beforeEach(async () => {
  await db().delete(blockedTerms);
  forgetBlockedTerms();
});

const newcomer = () => createMember(db(), { reputation: 1 });
const THREE_LINKS = "<p>Links: https://a.example, https://b.example e https://c.example.</p>";

async function reviewItems(kind: string, id: number) {
  return db()
    .select()
    .from(flags)
    .where(and(eq(flags.targetKind, kind as "question"), eq(flags.targetId, id)));
}

describe("links of new members", () => {
  test("more than NEW_MEMBER_LINKS_MAX links is refused next to the field; at the privilege it is allowed", async () => {
    const questionId = await askAs(asker);
    const fresh = await newcomer();
    const message = tooManyLinksMessage(3, PRIVILEGES.postLinksFreely.reputation - 1);
    await expect(createAnswer(fresh, questionId, THREE_LINKS)).rejects.toMatchObject({
      status: 400,
      field: "body",
      message,
    });
    expect(message).toMatch(/até 2 por publicação.*Faltam 14 pontos/);
    const comment = "Veja https://a.example e https://b.example e https://c.example também.";
    await expect(addComment(fresh, { kind: "question", id: questionId }, comment)).rejects.toMatchObject({
      field: "body",
    });
    const post = await publish(asker);
    await expect(addPostComment(fresh, post.id, { body: comment })).rejects.toMatchObject({ field: "body" });
    await expect(
      askAs(fresh, questionInput({ details: `${THREE_LINKS}<p>Tentei de tudo, sem sucesso.</p>` })),
    ).rejects.toMatchObject({ status: 400, field: "details" });
    await expect(publish(fresh, { body: `${THREE_LINKS}${THREE_LINKS}` })).rejects.toMatchObject({
      field: "body",
    });
    // Two links are fine for anyone; the privilege lifts the limit.
    await expect(
      createAnswer(
        fresh,
        questionId,
        '<p>Veja <a href="https://a.example">a</a> e https://b.example, os dois.</p>',
      ),
    ).resolves.toMatchObject({ held: false });
    const trusted = await createMember(db(), { reputation: PRIVILEGES.postLinksFreely.reputation });
    await expect(createAnswer(trusted, questionId, THREE_LINKS)).resolves.toMatchObject({ held: false });
  });

  test("addresses inside code are code, not links: a newcomer's pasted fetch() calls go through", async () => {
    const questionId = await askAs(asker);
    const fresh = await newcomer();
    const code =
      '<pre><code class="language-javascript">await fetch("https://api.example/a");\nawait fetch("https://api.example/b");\nawait fetch("https://api.example/c");</code></pre>' +
      "<p>Chamo <code>https://api.example/d</code> também.</p>";
    await expect(createAnswer(fresh, questionId, code)).resolves.toMatchObject({ held: false });
  });

  test("members' links are stored rel=nofollow ugc", async () => {
    const questionId = await askAs(asker);
    const { id } = await createAnswer(
      await newcomer(),
      questionId,
      '<p>Veja o <a href="https://exemplo.com.br" rel="follow">site</a> com a explicação completa.</p>',
    );
    const [row] = await db().select({ body: answers.body }).from(answers).where(eq(answers.id, id));
    expect(row?.body).toContain('rel="nofollow ugc noopener"');
    expect(row?.body).not.toContain('rel="follow"');
  });
});

describe("the administrators' lists", () => {
  test("only administrators list, add and remove; both changes are logged", async () => {
    await expect(addBlockedTerm(asker, { kind: "word", value: "cassino" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(listBlockedTerms(asker)).rejects.toMatchObject({ status: 403 });
    await expect(addBlockedTerm(null, { kind: "word", value: "cassino" })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    const { id } = await addBlockedTerm(admin, { kind: "word", value: "  Cassino  " });
    await expect(addBlockedTerm(admin, { kind: "word", value: "CASSINO" })).rejects.toMatchObject({
      status: 409,
      field: "value",
      message: SPAM_MESSAGES.termTaken,
    });
    await expect(
      addBlockedTerm(admin, { kind: "email_domain", value: "não é domínio" }),
    ).rejects.toMatchObject({ status: 400, field: "value", message: SPAM_MESSAGES.domainInvalid });
    await expect(addBlockedTerm(admin, { kind: "word", value: " " })).rejects.toMatchObject({ status: 400 });
    await addBlockedTerm(admin, { kind: "email_domain", value: "@Spam.Example." });
    expect((await listBlockedTerms(admin)).map((t) => [t.kind, t.value, t.createdBy?.name])).toEqual([
      ["email_domain", "spam.example", "Administração"],
      ["word", "Cassino", "Administração"],
    ]);
    await removeBlockedTerm(admin, id);
    await expect(removeBlockedTerm(admin, id)).rejects.toMatchObject({ status: 404 });
    const log = await db()
      .select({ action: moderationLog.action, reason: moderationLog.reason, actorId: moderationLog.actorId })
      .from(moderationLog)
      .orderBy(desc(moderationLog.id))
      .limit(3);
    expect(log).toEqual([
      { action: "blocked_term_removed", reason: "Palavra: Cassino", actorId: admin.id },
      { action: "blocked_term_added", reason: "Domínio de e-mail: spam.example", actorId: admin.id },
      { action: "blocked_term_added", reason: "Palavra: Cassino", actorId: admin.id },
    ]);
  });

  test("a word is stored once however it is written: matched folded, accents and case make no other word", async () => {
    const { id } = await addBlockedTerm(admin, { kind: "word", value: "cupom imperdível" });
    await expect(addBlockedTerm(admin, { kind: "word", value: "CUPOM IMPERDIVEL" })).rejects.toMatchObject({
      status: 409,
      field: "value",
      message: SPAM_MESSAGES.termTaken,
    });
    expect(
      (await listBlockedTerms(admin)).filter((t) => t.value.toLowerCase().startsWith("cupom")),
    ).toHaveLength(1);
    await removeBlockedTerm(admin, id);
  });

  test("blocked words match whole words, without regard to case or accents", async () => {
    await addBlockedTerm(admin, { kind: "word", value: "cassíno" });
    await addBlockedTerm(admin, { kind: "word", value: "ganhe já" });
    expect(await findBlockedWord({ text: ["Jogue no CASSINO hoje"] })).toBe("cassino");
    expect(await findBlockedWord({ text: ["Os cassinos e o cassinoteca"] })).toBeNull();
    expect(await findBlockedWord({ text: ["Ganhe ja muito dinheiro"] })).toBe("ganhe ja");
    expect(await findBlockedWord({ html: ['<p><a href="https://meu-cassino.example">site</a></p>'] })).toBe(
      "cassino",
    );
  });

  test("blocked words are found through invisible characters, fullwidth letters, look-alikes and encoded links", async () => {
    await addBlockedTerm(admin, { kind: "word", value: "apostaganha" });
    const disguised = [
      "apos\u200Btaganha", // zero-width space
      "apos\u00ADtaganha", // soft hyphen
      "apos\u2060taganha", // word joiner
      "apos\u200Dtaganha", // zero-width joiner
      "ａｐｏｓｔａｇａｎｈａ", // fullwidth
      "аpоstаgаnhа", // Cyrillic а and о
      "APOSTAGANHA",
    ];
    for (const text of disguised) expect(await findBlockedWord({ text: [text] }), text).toBe("apostaganha");
    // In a link: percent-encoded, and as an internationalised host (xn--).
    expect(
      await findBlockedWord({ html: ['<p><a href="https://exemplo.com/%61postaganha">aqui</a></p>'] }),
    ).toBe("apostaganha");
    expect(
      await findBlockedWord({
        html: [`<p><a href="https://${new URL("https://аpostaganha.com").hostname}/">aqui</a></p>`],
      }),
    ).toBe("apostaganha");
    // Ordinary text is left alone: digits are not letters.
    expect(await findBlockedWord({ text: ["ap0stag4nha 2024 e o código em python"] })).toBeNull();
  });

  test("a list changed by another server is read again within a few seconds (here: at once after a change)", async () => {
    expect(await findBlockedWord({ text: ["pílulas baratas"] })).toBeNull();
    await addBlockedTerm(admin, { kind: "word", value: "pílulas" });
    expect(await findBlockedWord({ text: ["pílulas baratas"] })).toBe("pilulas");
  });
});

describe("content with a blocked word is held for review", () => {
  async function expectHeld(kind: string, id: number, authorId: number) {
    const items = await reviewItems(kind, id);
    expect(items).toMatchObject([
      { reason: "held", status: "open", reporterId: null, authorId, note: "Palavra bloqueada: cassino" },
    ]);
    const [log] = await db()
      .select()
      .from(moderationLog)
      .where(
        and(
          eq(moderationLog.action, "hold"),
          eq(moderationLog.targetKind, kind),
          eq(moderationLog.targetId, id),
        ),
      );
    expect(log).toMatchObject({ actorId: null, targetKind: kind, subjectId: authorId });
    const told = await db()
      .select({ title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, authorId));
    expect(told).toContainEqual({ kind: "moderation", title: SPAM_MESSAGES.held });
  }

  test("a question: hidden (deleted_by null), not on its tags, nobody told but the author", async () => {
    await addBlockedTerm(admin, { kind: "word", value: "cassino" });
    const author = await newcomer();
    const id = await askAs(author, {
      title: "Qual o melhor cassino online para ganhar?",
      tags: ["tag-retida"],
    });
    const [row] = await db().select().from(questions).where(eq(questions.id, id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.deletedBy).toBeNull();
    expect(await getQuestion(null, id)).toBeNull();
    const [tag] = await db().select({ n: tags.questionCount }).from(tags).where(eq(tags.name, "tag-retida"));
    expect(tag?.n ?? 0).toBe(0);
    await expectHeld("question", id, author.id);
    // Held content is in the queue already: no first-post item besides.
    expect((await reviewItems("question", id)).map((f) => f.reason)).toEqual(["held"]);
  });

  test("an answer, a comment, a post and a post comment", async () => {
    await addBlockedTerm(admin, { kind: "word", value: "Cassino" });
    const author = await newcomer();
    const questionId = await askAs(asker);
    const answer = await createAnswer(author, questionId, "<p>Jogue no cassino, é garantido.</p>");
    expect(answer.held).toBe(true);
    const [question] = await db()
      .select({ answerCount: questions.answerCount })
      .from(questions)
      .where(eq(questions.id, questionId));
    expect(question?.answerCount).toBe(0);
    const [answerRow] = await db().select().from(answers).where(eq(answers.id, answer.id));
    expect(answerRow).toMatchObject({ deletedBy: null });
    expect(answerRow?.deletedAt).not.toBeNull();
    await expectHeld("answer", answer.id, author.id);

    const comment = await addComment(
      author,
      { kind: "question", id: questionId },
      "Visite o CASSINO do meu primo agora mesmo",
    );
    expect(comment.held).toBe(true);
    const [commentRow] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(commentRow?.deletedAt).not.toBeNull();
    await expectHeld("comment", comment.id, author.id);

    const post = await publish(author, { title: "O cassino que paga bem" });
    expect(post.held).toBe(true);
    const [postRow] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(postRow?.deletedAt).not.toBeNull();
    expect(await getPostPage(null, post.slug)).toBeNull();
    await expectHeld("post", post.id, author.id);

    const host = await publish(asker);
    const postComment = await addPostComment(author, host.id, { body: "Meu cassino é o melhor de todos." });
    expect(postComment.held).toBe(true);
    const [postCommentRow] = await db().select().from(comments).where(eq(comments.id, postComment.id));
    expect(postCommentRow?.deletedAt).not.toBeNull();
    const [hostRow] = await db().select({ n: posts.commentCount }).from(posts).where(eq(posts.id, host.id));
    expect(hostRow?.n).toBe(0);
    await expectHeld("comment", postComment.id, author.id);
  });

  test("without a blocked word nothing is held: a newcomer asks at once", async () => {
    await addBlockedTerm(admin, { kind: "word", value: "cassino" });
    const author = await newcomer();
    const id = await askAs(author);
    expect(await getQuestion(null, id)).not.toBeNull();
  });
});

describe("first posts of new members", () => {
  test("the first question, answer and post each open a first_post item, published; later ones do not", async () => {
    const author = await newcomer();
    const q1 = await askAs(author);
    const q2 = await askAs(author);
    expect(await reviewItems("question", q1)).toMatchObject([
      { reason: "first_post", status: "open", reporterId: null, authorId: author.id },
    ]);
    expect(await reviewItems("question", q2)).toEqual([]);
    expect(await getQuestion(null, q1)).not.toBeNull();

    const a1 = await createAnswer(
      author,
      q2,
      "<p>Primeira resposta. (com texto o bastante para uma resposta)</p>",
    );
    const a2 = await createAnswer(
      author,
      q2,
      "<p>Segunda resposta. (com texto o bastante para uma resposta)</p>",
    );
    expect((await reviewItems("answer", a1.id)).map((f) => f.reason)).toEqual(["first_post"]);
    expect(await reviewItems("answer", a2.id)).toEqual([]);

    const p1 = await publish(author);
    expect((await reviewItems("post", p1.id)).map((f) => f.reason)).toEqual(["first_post"]);
  });

  test("moderators' first posts are not reviewed", async () => {
    const moderator = await createMember(db(), { role: "moderator" });
    const id = await askAs(moderator);
    expect(await reviewItems("question", id)).toEqual([]);
  });
});

describe("sign-up with a blocked e-mail domain", () => {
  test("is refused next to the e-mail field, subdomains too; other domains sign up", async () => {
    await addBlockedTerm(admin, { kind: "email_domain", value: "spam.example" });
    expect(await isBlockedEmailDomain("x@mail.SPAM.example")).toBe(true);
    expect(await isBlockedEmailDomain("x@notspam.example")).toBe(false);
    const meta = { ip: "10.9.0.1", userAgent: "vitest", origin: "https://sdd.test" };
    for (const email of ["robo@spam.example", "robo@mail.spam.example"]) {
      await expect(signUp({ email, password: "senha-forte-1" }, meta)).rejects.toMatchObject({
        status: 400,
        field: "email",
        message: SPAM_MESSAGES.blockedEmailDomain,
      });
    }
    await expect(
      signUp({ email: "pessoa@notspam.example", password: "senha-forte-1" }, meta),
    ).resolves.toMatchObject({ viewer: { email: "pessoa@notspam.example" } });
  });
});

describe("rate limits", () => {
  test("their messages say what was posted too often, and that new accounts have lower limits", () => {
    expect(contentRateLimitedMessage("comment", 600, true)).toBe(
      "Você publicou muitos comentários em pouco tempo. Tente de novo em 10 minutos. Contas novas têm um limite menor nos primeiros dias.",
    );
    expect(contentRateLimitedMessage("question", 60, false)).toMatch(/muitas perguntas/);
    expect(contentRateLimitedMessage("answer", 60, false)).toMatch(/muitas respostas/);
    expect(contentRateLimitedMessage("post", 60, false)).toMatch(/muitos posts/);
  });
});
