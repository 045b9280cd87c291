// What each operation of the REST API does (ADR 036): one handler per operation of the table, each calling the
// same feature functions as the site's pages and actions — so permissions, privileges, suspensions, rate
// limits, spam defences and the sanitiser are the site's — and naming what it changed for visitors' pages as
// the site's actions do (ADR 028). Input arrives parsed by the operation's schemas; the answer is checked
// against its response schema by the tests.
import { href, type RouterContextProvider } from "react-router";
import { getProfile } from "#app/features/accounts/profiles.server.ts";
import { openApiDocument } from "#app/features/api/document.ts";
import {
  keyCursorAfter,
  offsetCursorAt,
  OFFSET_MAX,
  readKeyCursor,
  readOffsetCursor,
} from "#app/features/api/cursor.ts";
import { peekContentRate } from "#app/lib/content-rate-limits.server.ts";
import { markdownFieldToHtml } from "#app/features/api/markdown.server.ts";
import type { z } from "zod";
import type * as s from "#app/features/api/schemas.ts";
import { linksOfPost } from "#app/features/posts/answer-posts.server.ts";
import { listPostComments, type PostComment } from "#app/features/posts/comments.server.ts";
import { listPostsByKey, type PostCardData } from "#app/features/posts/lists.server.ts";
import { createPost, getPostPage } from "#app/features/posts/posts.server.ts";
import { answerInfo } from "#app/features/questions/answer-list.server.ts";
import { acceptAnswer, ANSWER_MESSAGES, createAnswer } from "#app/features/questions/answers.server.ts";
import { QUESTION_MESSAGES } from "#app/features/questions/messages.ts";
import { addComment, type CommentView } from "#app/features/questions/comments.server.ts";
import { isFavorite, toggleFavorite } from "#app/features/questions/favorites.server.ts";
import { parseTagField, QUESTION_FILTERS } from "#app/features/questions/list-query.ts";
import { getQuestion } from "#app/features/questions/question-detail.server.ts";
import {
  listQuestionsByKey,
  questionKeyTypes,
  type QuestionPreview,
} from "#app/features/questions/question-list.server.ts";
import { loadQuestionPage, type AnswerOnPage } from "#app/features/questions/question-page.server.ts";
import type { AnswerOrder } from "#app/features/questions/answer-orders.ts";
import type { AuthorSummary } from "#app/features/questions/question-rows.server.ts";
import { createQuestion } from "#app/features/questions/question-writes.server.ts";
import { castVote } from "#app/features/questions/votes.server.ts";
import { MARK_END, MARK_START } from "#app/features/search/search-query.ts";
import { decodeHtmlEntities } from "#app/lib/html-entities.ts";
import { search } from "#app/features/search/search.server.ts";
import { findSameError } from "#app/features/errors/error-index.server.ts";
import {
  getTagBySlug,
  listTagDirectory,
  type TagDirectoryEntry,
} from "#app/features/tags/tag-directory.server.ts";
import { clientIpContext } from "#app/lib/context.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { generatedAvatarUrl } from "#app/lib/generated-avatar.ts";
import { sanitizeRichText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Handlers } from "./dispatch.server.ts";

// ------------------------------------------------------------------------------------------- presenting

const absolute = (path: string) => `${publicUrl()}${path}`;
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

type MemberRef = z.input<typeof s.memberRefSchema>;

function memberRef(author: {
  id: number;
  handle: string;
  name: string;
  avatarUrl?: string | null;
  reputation?: number;
}): MemberRef {
  return {
    id: author.id,
    handle: author.handle,
    name: author.name,
    ...(author.avatarUrl !== undefined
      ? { avatar_url: absolute(author.avatarUrl ?? generatedAvatarUrl(author.handle)) }
      : {}),
    ...(author.reputation !== undefined ? { reputation: author.reputation } : {}),
    url: absolute(href("/u/:handle", { handle: author.handle })),
  };
}

function avatarAbsolute(url: string): string {
  return /^https?:\/\//.test(url) ? url : absolute(url);
}

function authorRef(author: AuthorSummary): MemberRef {
  const ref = memberRef(author);
  return { ...ref, avatar_url: avatarAbsolute(author.avatarUrl ?? generatedAvatarUrl(author.handle)) };
}

const questionUrl = (id: number) => absolute(href("/questions/:id", { id: String(id) }));
const tagRefs = (tags: { name: string; slug: string }[]) => tags.map(({ name, slug }) => ({ name, slug }));

function state(q: {
  closedAt: Date | string | null;
  closeReason: string | null;
  duplicateOfId: number | null;
  locked: boolean;
}): z.input<typeof s.questionStateSchema> {
  const closed = q.closedAt !== null;
  return {
    closed,
    close_reason: closed
      ? ((q.closeReason as z.input<typeof s.questionStateSchema>["close_reason"]) ?? null)
      : null,
    duplicate_of_id: closed ? q.duplicateOfId : null,
    locked: q.locked,
  };
}

function questionSummary(q: QuestionPreview): z.input<typeof s.questionSummarySchema> {
  return {
    id: q.id,
    title: q.title,
    excerpt: q.excerpt,
    tags: tagRefs(q.tags),
    author: authorRef(q.author),
    score: q.score,
    answer_count: q.answerCount,
    view_count: q.viewCount,
    has_accepted_answer: q.hasAcceptedAnswer,
    bounty: q.bounty ? { amount: q.bounty.amount, expires_at: iso(q.bounty.expiresAt) } : null,
    state: {
      closed: q.closed !== null,
      close_reason: (q.closeReason as z.input<typeof s.questionStateSchema>["close_reason"]) ?? null,
      duplicate_of_id: q.duplicateOfId,
      locked: q.locked,
    },
    created_at: iso(q.createdAt),
    last_activity_at: iso(q.lastActivityAt),
    url: questionUrl(q.id),
  };
}

function comment(c: Omit<CommentView, "canDelete">): z.input<typeof s.commentSchema> {
  return {
    id: c.id,
    body: c.body,
    body_html: c.html,
    author: memberRef(c.author),
    created_at: iso(c.createdAt),
  };
}

function answer(a: AnswerOnPage): z.input<typeof s.answerSchema> {
  return {
    id: a.id,
    question_id: a.questionId,
    body_html: sanitizeRichText(a.body),
    score: a.score,
    accepted: a.accepted,
    comment_count: a.commentCount,
    author: authorRef(a.author),
    comments: a.comments.map(comment),
    created_at: iso(a.createdAt),
    updated_at: isoOrNull(a.updatedAt),
    versions: a.versions,
    outdated_since: a.outdatedSince,
    url: `${questionUrl(a.questionId)}#resposta-${a.id}`,
    post: a.post && !a.deletedAt ? linkedPost(a.post) : null,
  };
}

function linkedPost(p: { id: number; slug: string; title: string }): z.input<typeof s.linkedPostSchema> {
  return { id: p.id, slug: p.slug, title: p.title, url: absolute(href("/blog/:slug", { slug: p.slug })) };
}

function postSummary(
  p: PostCardData,
  tags: { name: string; slug: string }[],
): z.input<typeof s.postSummarySchema> {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    category: p.category,
    tags: tagRefs(tags),
    author: memberRef({ ...p.author, avatarUrl: p.author.avatarUrl }),
    like_count: p.likeCount,
    comment_count: p.commentCount,
    reading_minutes: p.readingMinutes,
    created_at: iso(p.createdAt),
    url: absolute(href("/blog/:slug", { slug: p.slug })),
  };
}

function postComment(c: PostComment & { replies?: PostComment[] }): z.input<typeof s.postCommentSchema> {
  return {
    id: c.id,
    body: c.removed ? "" : c.body,
    removed: c.removed,
    author: c.author && !c.removed ? memberRef(c.author) : null,
    created_at: iso(c.createdAt),
    replies: (c.replies ?? []).map(postComment),
  };
}

function tag(t: TagDirectoryEntry): z.input<typeof s.tagSchema> {
  return {
    name: t.name,
    slug: t.slug,
    description: t.description,
    question_count: t.questionCount,
    post_count: t.postCount,
    url: absolute(href("/questions/tagged/:tag", { tag: t.slug })),
  };
}

const unmark = (text: string) => text.split(MARK_START).join("").split(MARK_END).join("");
/** A snippet cut from a stored body, as plain text: no highlight marks, and `&lt;` is `<` again. */
const plainSnippet = (snippet: string) => decodeHtmlEntities(unmark(snippet));

// --------------------------------------------------------------------------------------------- helpers

function member(viewer: Viewer | null): Viewer {
  // The dispatcher lets no write through without a token; the feature functions check again.
  if (!viewer) throw new AppError("unauthenticated", "Envie um token de acesso.");
  return viewer;
}

async function loadPage(viewer: Viewer | null, id: number, order: AnswerOrder) {
  const page = await loadQuestionPage(viewer, id, order);
  if (!page) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
  return page;
}

/** Sets the viewer's vote to `value` (the site's button toggles; the API says what it wants). */
async function setVote(
  viewer: Viewer,
  target: { kind: "question" | "answer"; id: number },
  value: -1 | 0 | 1,
  context: Readonly<RouterContextProvider>,
): Promise<{ score: number; vote: -1 | 0 | 1 }> {
  const outcome = await castVote(viewer, target, value, { set: true, ip: context.get(clientIpContext) });
  return { score: outcome.score, vote: outcome.myVote };
}

// ------------------------------------------------------------------------------------------- handlers

export const handlers: Handlers = {
  async getOpenApiDocument() {
    return openApiDocument(publicUrl()) as unknown as z.input<typeof s.openApiDocumentSchema>;
  },

  async listQuestions({ viewer, query }) {
    const filters = QUESTION_FILTERS.filter((f) =>
      (query.filter ?? "")
        .split(",")
        .map((v) => v.trim())
        .includes(f),
    );
    const list = `questions:${query.sort}`;
    const { items, next } = await listQuestionsByKey(
      viewer,
      {
        sort: query.sort,
        filters,
        followedTags: false,
        tags: parseTagField(query.tags),
        status: query.status,
      },
      { after: readKeyCursor(list, query.cursor, questionKeyTypes(query.sort)), limit: query.limit },
    );
    return { items: items.map(questionSummary), next_cursor: next ? keyCursorAfter(list, next) : null };
  },

  async createQuestion({ viewer, body, context }) {
    const author = member(viewer);
    // A new question: its author's profile at once, the lists a few seconds later (as /ask-a-question).
    writeChanges(context, topic.member(author.id));
    // A question about a post is listed under it (ADR 043).
    if (body.about_post_id !== undefined) writeChanges(context, topic.post(body.about_post_id));
    // A member the write would refuse is refused before the Markdown costs anything.
    await peekContentRate(author, "question");
    const sender = `member:${author.id}`;
    const { id, held } = await createQuestion(author, {
      title: body.title,
      description: await markdownFieldToHtml(body.description, "description", sender),
      details: await markdownFieldToHtml(body.details, "details", sender),
      tags: body.tags,
      aboutPostId: body.about_post_id ?? null,
    });
    return { id, url: questionUrl(id), held };
  },

  async getQuestion({ viewer, params, query }) {
    const page = await loadPage(viewer, params.id, query.order);
    const q = page.question;
    return {
      id: q.id,
      title: q.title,
      description_html: sanitizeRichText(q.description),
      details_html: sanitizeRichText(q.details),
      tags: tagRefs(q.tags),
      author: authorRef(q.author),
      score: q.score,
      answer_count: q.answerCount,
      comment_count: q.commentCount,
      view_count: q.viewCount,
      favorite_count: q.favoriteCount,
      accepted_answer_id: q.acceptedAnswerId,
      bounty: q.bounty ? { amount: q.bounty.amount, expires_at: iso(q.bounty.expiresAt) } : null,
      state: state({ ...q, locked: q.lockedAt !== null }),
      created_at: iso(q.createdAt),
      updated_at: isoOrNull(q.updatedAt),
      last_activity_at: iso(q.lastActivityAt),
      url: questionUrl(q.id),
      about_post: q.aboutPost ? linkedPost(q.aboutPost) : null,
      comments: q.comments.map(comment),
      answers: page.answers.map(answer),
      viewer: viewer ? { vote: q.myVote, favorited: q.favorited } : null,
    };
  },

  async listAnswers({ viewer, params, query }) {
    const page = await loadPage(viewer, params.id, query.order);
    return { items: page.answers.map(answer), next_cursor: null };
  },

  async createAnswer({ viewer, params, body, context }) {
    writeChanges(context, topic.question(params.id));
    const author = member(viewer);
    await peekContentRate(author, "answer");
    const { id, held } = await createAnswer(
      author,
      params.id,
      await markdownFieldToHtml(body.body, "body", `member:${author.id}`),
      { versions: body.versions ?? [] },
    );
    return { id, url: `${questionUrl(params.id)}#resposta-${id}`, held };
  },

  async commentOnQuestion({ viewer, params, body, context }) {
    writeChanges(context, topic.question(params.id));
    const { id, held } = await addComment(member(viewer), { kind: "question", id: params.id }, body.body);
    return { id, url: `${questionUrl(params.id)}#comentario-${id}`, held };
  },

  async commentOnAnswer({ viewer, params, body, context }) {
    const { id, questionId, held } = await addComment(
      member(viewer),
      { kind: "answer", id: params.id },
      body.body,
    );
    writeChanges(context, topic.question(questionId));
    return { id, url: `${questionUrl(questionId)}#comentario-${id}`, held };
  },

  async voteOnQuestion({ viewer, params, body, context }) {
    const question = await getQuestion(viewer, params.id);
    if (!question || question.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    writeChanges(context, topic.question(params.id));
    return setVote(member(viewer), { kind: "question", id: params.id }, body.value, context);
  },

  async voteOnAnswer({ viewer, params, body, context }) {
    const info = await answerInfo(params.id);
    if (!info) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    writeChanges(context, topic.question(info.questionId));
    return setVote(member(viewer), { kind: "answer", id: params.id }, body.value, context);
  },

  async acceptAnswer({ viewer, params, context }) {
    const asker = member(viewer);
    const info = await answerInfo(params.id);
    if (!info) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    writeChanges(context, topic.question(info.questionId));
    if (info.acceptedAnswerId === params.id) {
      if (info.questionAuthorId !== asker.id)
        throw new AppError("forbidden", ANSWER_MESSAGES.acceptOnlyAsker);
      return { question_id: info.questionId, accepted_answer_id: params.id };
    }
    const { questionId, accepted } = await acceptAnswer(asker, params.id);
    return { question_id: questionId, accepted_answer_id: accepted ? params.id : null };
  },

  async unacceptAnswer({ viewer, params, context }) {
    const asker = member(viewer);
    const info = await answerInfo(params.id);
    if (!info) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    writeChanges(context, topic.question(info.questionId));
    if (info.acceptedAnswerId !== params.id) {
      if (info.questionAuthorId !== asker.id)
        throw new AppError("forbidden", ANSWER_MESSAGES.acceptOnlyAsker);
      return { question_id: info.questionId, accepted_answer_id: info.acceptedAnswerId };
    }
    // Accepting the accepted answer again takes the mark back (the site's toggle).
    const { questionId } = await acceptAnswer(asker, params.id);
    return { question_id: questionId, accepted_answer_id: null };
  },

  async favoriteQuestion({ viewer, params, context }) {
    const who = member(viewer);
    writeChanges(context, topic.question(params.id));
    if ((await isFavorite(who, params.id)) && (await getQuestion(who, params.id))) return { favorited: true };
    return { favorited: await toggleFavorite(who, params.id) };
  },

  async unfavoriteQuestion({ viewer, params, context }) {
    const who = member(viewer);
    writeChanges(context, topic.question(params.id));
    if (!(await isFavorite(who, params.id))) {
      if (!(await getQuestion(who, params.id)))
        throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
      return { favorited: false };
    }
    return { favorited: await toggleFavorite(who, params.id) };
  },

  async listPosts({ viewer, query }) {
    const list = "posts:new";
    const { items, tags, next } = await listPostsByKey(viewer, {
      category: query.category,
      tagSlug: query.tag,
      // Posts are paged by their creation time.
      after: readKeyCursor(list, query.cursor, ["timestamptz"]),
      limit: query.limit,
    });
    return {
      items: items.map((p) => postSummary(p, tags.get(p.id) ?? [])),
      next_cursor: next ? keyCursorAfter(list, next) : null,
    };
  },

  async createPost({ viewer, body, context }) {
    const author = member(viewer);
    // A new post: its author's profile at once, the blog's lists a few seconds later (as /write-a-post).
    writeChanges(context, topic.member(author.id));
    await peekContentRate(author, "post");
    const { id, slug, held } = await createPost(author, {
      title: body.title,
      description: body.description ?? "",
      category: body.category,
      tags: body.tags ?? [],
      body: await markdownFieldToHtml(body.body, "body", `member:${author.id}`),
      bodyFormat: "html",
    });
    return { id, slug, url: absolute(href("/blog/:slug", { slug })), held };
  },

  async getPost({ viewer, params }) {
    const post = await getPostPage(viewer, params.slug);
    if (!post) throw new AppError("not_found", "Post não encontrado.");
    const [comments, links] = await Promise.all([
      listPostComments(viewer, post.id),
      linksOfPost(post.id, post.fromAnswerId),
    ]);
    return {
      ...postSummary(
        {
          ...post,
          author: { ...post.author },
          favorited: post.viewer.favorited,
        },
        post.tags,
      ),
      body_html: sanitizeRichText(post.body),
      cover_url: post.coverUrl ? avatarAbsolute(post.coverUrl) : null,
      favorite_count: post.favoriteCount,
      updated_at: isoOrNull(post.updatedAt),
      comments: comments.map(postComment),
      from_answer: links.from
        ? {
            question_id: links.from.questionId,
            answer_id: links.from.answerId,
            url: `${questionUrl(links.from.questionId)}#resposta-${links.from.answerId}`,
          }
        : null,
      questions_about: links.questionsAbout.map((q) => ({
        id: q.id,
        title: q.title,
        answered: q.answered,
        url: questionUrl(q.id),
      })),
      questions_about_count: links.questionsAboutCount,
    };
  },

  async getMember({ params }) {
    const found = await getProfile(params.handle.replace(/^@/, ""));
    if (found.status !== "found") throw new AppError("not_found", "Membro não encontrado.");
    const p = found.profile;
    return {
      id: p.id,
      handle: p.handle,
      name: p.name,
      role_line: p.roleLine,
      bio: p.bio,
      avatar_url: avatarAbsolute(p.avatarUrl ?? generatedAvatarUrl(p.handle)),
      role: p.role,
      reputation: p.reputation,
      member_since: iso(p.memberSince),
      counts: p.counts,
      url: absolute(href("/u/:handle", { handle: p.handle })),
    };
  },

  async getTokenOwner({ token }) {
    if (!token) throw new AppError("unauthenticated", "Envie um token de acesso.");
    const v = token.viewer;
    return {
      member: {
        ...memberRef(v),
        avatar_url: avatarAbsolute(v.avatarUrl ?? generatedAvatarUrl(v.handle)),
        reputation: v.reputation,
      },
      scopes: token.scopes,
    };
  },

  async listTags({ query }) {
    const list = `tags:${query.sort}:${query.filter ?? ""}:${query.limit}`;
    const offset = readOffsetCursor(list, query.cursor);
    const found = await listTagDirectory({
      sort: query.sort,
      filter: query.filter,
      offset,
      limit: query.limit,
    });
    const nextOffset = offset + found.tags.length;
    return {
      items: found.tags.map(tag),
      next_cursor:
        nextOffset < found.total && nextOffset < OFFSET_MAX ? offsetCursorAt(list, nextOffset) : null,
    };
  },

  async getTag({ params }) {
    const found = await getTagBySlug(params.slug);
    if (!found) throw new AppError("not_found", "Tag não encontrada.");
    return tag(found);
  },

  async search({ query }) {
    const list = `search:${query.type}:${query.q}:${query.limit}`;
    const offset = readOffsetCursor(list, query.cursor);
    const page = Math.floor(offset / query.limit) + 1;
    const results = await search(query.q, query.type, page, query.limit);
    if (results.timedOut) {
      throw new AppError("conflict", "A busca demorou demais. Refine os termos e tente de novo.");
    }
    const nextOffset = offset + results.page.items.length;
    const items = results.page.items.map((hit) => {
      const title = hit.kind === "members" ? hit.name : hit.kind === "tags" ? hit.name : unmark(hit.title);
      const snippet =
        hit.kind === "questions" || hit.kind === "posts"
          ? plainSnippet(hit.snippet)
          : hit.kind === "members"
            ? hit.roleLine
            : hit.description;
      return { kind: hit.kind, title, snippet, url: absolute(hit.url) };
    });
    return {
      items,
      next_cursor:
        results.page.items.length === query.limit &&
        nextOffset < results.page.total &&
        nextOffset < OFFSET_MAX
          ? offsetCursorAt(list, nextOffset)
          : null,
    };
  },

  async findErrorMatches({ query }) {
    const { signatures, matches } = await findSameError(query.text, { limit: query.limit });
    return {
      signatures: signatures.map((sig) => ({ signature: sig.signature, weight: sig.weight })),
      items: matches.map((m) => ({
        id: m.id,
        title: m.title,
        url: absolute(m.url),
        answer_count: m.answerCount,
        has_accepted_answer: m.hasAcceptedAnswer,
        closed: m.closed,
        match: m.match,
        line: m.line,
        error_signatures: m.signatures,
      })),
    };
  },
};
