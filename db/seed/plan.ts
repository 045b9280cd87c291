// Turns the demo content (./content) into rows, keyed by handles, tag names and slugs instead of ids, with
// every date and every denormalised counter worked out. Pure: no database, so it can be checked alone.
// Rich text is stored as the editor's writes are: through prepareRichText (sanitised, code highlighted).
import { prepareRichText, richTextToPlainText } from "../../app/lib/sanitize.server.ts";
import { slugify } from "../../app/lib/slug.ts";
import { FOLLOWS, MEMBERS, TAG_FOLLOWS } from "./content/members.ts";
import { QUESTIONS, type SeedVotes } from "./content/questions.ts";
import { POSTS } from "./content/posts.ts";
import { COMMON_TAGS, PREDEFINED_TAGS, RECOMMENDED_TOPICS } from "./content/tags.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const WORDS_PER_MINUTE = 200;
export const UPVOTE_REPUTATION = 10;
export const DOWNVOTE_REPUTATION = -2;

export type PlannedMember = {
  handle: string;
  name: string;
  email: string;
  roleLine: string;
  bio: string;
  reputation: number;
  createdAt: Date;
  lastActiveAt: Date;
};
export type PlannedTag = {
  name: string;
  slug: string;
  description: string;
  suggestedRank: number | null;
  recommendedRank: number | null;
  questionCount: number;
  postCount: number;
  createdAt: Date;
};
/** A question is known by its fixed id, an answer by the id of its question (one answer per question here). */
export type PlannedTarget = { kind: "question"; questionId: number } | { kind: "answer"; questionId: number };
export type PlannedQuestion = {
  id: number;
  author: string;
  title: string;
  description: string;
  details: string;
  tags: string[];
  score: number;
  answerCount: number;
  commentCount: number;
  viewCount: number;
  favoriteCount: number;
  createdAt: Date;
  lastActivityAt: Date;
};
export type PlannedAnswer = {
  questionId: number;
  author: string;
  body: string;
  score: number;
  createdAt: Date;
};
export type PlannedVote = { voter: string; target: PlannedTarget; value: 1 | -1; createdAt: Date };
export type PlannedReputationEvent = {
  member: string;
  delta: number;
  /** `past`: a veteran's reputation from before the demo's content (SeedMember.pastReputation), with no target. */
  reason: "upvote" | "downvote" | "past";
  target: PlannedTarget | null;
  createdAt: Date;
};
export type PlannedComment = { target: PlannedTarget; author: string; body: string; createdAt: Date };
export type PlannedPostComment = {
  author: string;
  body: string;
  createdAt: Date;
  replies: { author: string; body: string; createdAt: Date }[];
};
export type PlannedPost = {
  slug: string;
  author: string;
  title: string;
  description: string;
  body: string;
  category: "design" | "desenvolvimento" | "ux" | "ui";
  coverUrl: string | null;
  featuredRank: number | null;
  tags: string[];
  likeCount: number;
  commentCount: number;
  favoriteCount: number;
  readingMinutes: number;
  createdAt: Date;
  likes: { member: string; createdAt: Date }[];
  comments: PlannedPostComment[];
};
export type PlannedFavorite = {
  member: string;
  target: { kind: "question"; questionId: number } | { kind: "post"; slug: string };
  createdAt: Date;
};

export type DemoPlan = {
  members: PlannedMember[];
  tags: PlannedTag[];
  questions: PlannedQuestion[];
  answers: PlannedAnswer[];
  votes: PlannedVote[];
  reputationEvents: PlannedReputationEvent[];
  comments: PlannedComment[];
  posts: PlannedPost[];
  favorites: PlannedFavorite[];
  follows: { follower: string; followee: string; createdAt: Date }[];
  tagFollows: { member: string; tag: string; createdAt: Date }[];
};

/** Words of the visible text of an HTML text. */
export function countWords(html: string): number {
  const text = richTextToPlainText(html);
  return text === "" ? 0 : text.split(" ").length;
}

/** Reading time at ~200 words a minute (rounded), never less than one minute: as the posts feature does. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.round(countWords(html) / WORDS_PER_MINUTE));
}

export function planDemo(now: Date = new Date()): DemoPlan {
  const nowMs = now.getTime();
  const ago = (days: number) => new Date(nowMs - days * DAY);
  /** `hours` after `from`, but never in the future (a minute before now at the latest). */
  const after = (from: Date, hours: number) =>
    new Date(Math.min(from.getTime() + hours * HOUR, nowMs - MINUTE));
  /** The i-th of n moments spread between `from` and now. */
  const spread = (from: Date, i: number, n: number) =>
    new Date(from.getTime() + ((i + 1) / (n + 1)) * (nowMs - MINUTE - from.getTime()));

  const memberByHandle = new Map(MEMBERS.map((m) => [m.handle, m]));
  const joined = new Map(MEMBERS.map((m) => [m.handle, ago(m.joinedDaysAgo)]));
  const lastActive = new Map(MEMBERS.map((m) => [m.handle, ago(m.lastSeenDaysAgo)]));
  const reputation = new Map(MEMBERS.map((m) => [m.handle, 1]));
  const member = (handle: string) => {
    if (!memberByHandle.has(handle)) throw new Error(`demo seed: unknown member "${handle}"`);
    return handle;
  };
  const touch = (handle: string, at: Date) => {
    const seen = lastActive.get(member(handle));
    if (!seen || seen < at) lastActive.set(handle, at);
    const since = joined.get(handle);
    if (since && at < since) throw new Error(`demo seed: ${handle} acts before joining`);
  };

  // ------------------------------------------------------------------------------------------------ tags
  const allTags = [
    ...PREDEFINED_TAGS.map((t, i) => ({ ...t, suggestedRank: i + 1, recommendedRank: null })),
    ...RECOMMENDED_TOPICS.map((t, i) => ({ ...t, suggestedRank: null, recommendedRank: i + 1 })),
    ...COMMON_TAGS.map((t) => ({ ...t, suggestedRank: null, recommendedRank: null })),
  ];
  const tagByName = new Map(allTags.map((t) => [t.name, t]));
  const tag = (name: string) => {
    if (!tagByName.has(name)) throw new Error(`demo seed: unknown tag "${name}"`);
    return name;
  };
  const questionCount = new Map<string, number>();
  const postCount = new Map<string, number>();
  const bump = (counts: Map<string, number>, names: string[]) => {
    if (new Set(names).size !== names.length)
      throw new Error(`demo seed: repeated tag in ${names.join(", ")}`);
    for (const name of names) counts.set(tag(name), (counts.get(name) ?? 0) + 1);
  };

  // --------------------------------------------------------------------------------- votes & reputation
  const votes: PlannedVote[] = [];
  const reputationEvents: PlannedReputationEvent[] = [];
  for (const m of MEMBERS) {
    if (!m.pastReputation) continue;
    reputation.set(m.handle, (reputation.get(m.handle) ?? 1) + m.pastReputation);
    reputationEvents.push({
      member: m.handle,
      delta: m.pastReputation,
      reason: "past",
      target: null,
      createdAt: after(joined.get(m.handle)!, 1),
    });
  }
  const castVotes = (target: PlannedTarget, author: string, createdAt: Date, seedVotes: SeedVotes) => {
    const voters = [
      ...seedVotes.up.map((v) => [v, 1] as const),
      ...seedVotes.down.map((v) => [v, -1] as const),
    ];
    if (new Set(voters.map(([v]) => v)).size !== voters.length) throw new Error("demo seed: double vote");
    voters.forEach(([voter, value], i) => {
      if (member(voter) === author) throw new Error(`demo seed: ${voter} votes on their own post`);
      const at = spread(createdAt, i, voters.length);
      touch(voter, at);
      votes.push({ voter, target, value, createdAt: at });
      const delta = value === 1 ? UPVOTE_REPUTATION : DOWNVOTE_REPUTATION;
      reputation.set(author, (reputation.get(author) ?? 1) + delta);
      reputationEvents.push({
        member: author,
        delta,
        reason: value === 1 ? "upvote" : "downvote",
        target,
        createdAt: at,
      });
    });
    return voters.reduce((sum, [, value]) => sum + value, 0);
  };

  // -------------------------------------------------------------------------------- questions & answers
  const questions: PlannedQuestion[] = [];
  const answers: PlannedAnswer[] = [];
  const comments: PlannedComment[] = [];
  const favorites: PlannedFavorite[] = [];
  QUESTIONS.forEach((q, index) => {
    const id = index + 1;
    const createdAt = ago(q.daysAgo);
    touch(q.author, createdAt);
    bump(questionCount, q.tags);
    const target: PlannedTarget = { kind: "question", questionId: id };
    const score = castVotes(target, q.author, createdAt, q.votes);
    let lastActivityAt = createdAt;
    if (q.answer) {
      const answeredAt = after(createdAt, q.answer.hoursAfter);
      touch(q.answer.author, answeredAt);
      const answerScore = castVotes(
        { kind: "answer", questionId: id },
        q.answer.author,
        answeredAt,
        q.answer.votes,
      );
      answers.push({
        questionId: id,
        author: q.answer.author,
        body: prepareRichText(q.answer.body),
        score: answerScore,
        createdAt: answeredAt,
      });
      lastActivityAt = answeredAt;
    }
    for (const c of q.comments) {
      const at = after(createdAt, c.hoursAfter);
      touch(c.author, at);
      comments.push({ target, author: c.author, body: c.body, createdAt: at });
    }
    q.favoritedBy.forEach((handle, i) => {
      const at = spread(createdAt, i, q.favoritedBy.length);
      touch(handle, at);
      favorites.push({ member: handle, target: { kind: "question", questionId: id }, createdAt: at });
    });
    questions.push({
      id,
      author: member(q.author),
      title: q.title,
      description: prepareRichText(q.description),
      details: prepareRichText(q.details),
      tags: q.tags,
      score,
      answerCount: q.answer ? 1 : 0,
      commentCount: q.comments.length,
      viewCount: q.viewCount,
      favoriteCount: q.favoritedBy.length,
      createdAt,
      lastActivityAt,
    });
  });

  // ----------------------------------------------------------------------------------------------- posts
  const slugs = new Set<string>();
  const featured = new Set<number>();
  // Oldest first, so post ids grow with time like real ones.
  const posts: PlannedPost[] = [...POSTS]
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .map((p, index) => {
      const slug = slugify(p.title, { maxLength: 80 });
      if (!slug || slugs.has(slug)) throw new Error(`demo seed: bad or repeated slug "${slug}"`);
      slugs.add(slug);
      if (p.featuredRank) {
        if (featured.has(p.featuredRank)) throw new Error("demo seed: repeated featured rank");
        featured.add(p.featuredRank);
      }
      const createdAt = ago(p.daysAgo);
      touch(p.author, createdAt);
      bump(postCount, p.tags);
      const others = MEMBERS.map((m) => m.handle).filter((h) => h !== member(p.author));
      if (p.likes > others.length) throw new Error(`demo seed: too many likes on "${p.title}"`);
      const likes = Array.from({ length: p.likes }, (_, i) => {
        const handle = others[(index * 3 + i) % others.length] as string;
        const at = spread(createdAt, i, p.likes);
        touch(handle, at);
        return { member: handle, createdAt: at };
      });
      const postComments = (p.comments ?? []).map((c) => {
        const at = after(createdAt, c.hoursAfter);
        touch(c.author, at);
        const replies = (c.replies ?? []).map((r) => {
          const replyAt = after(createdAt, r.hoursAfter);
          if (replyAt <= at) throw new Error("demo seed: a reply must come after its comment");
          touch(r.author, replyAt);
          return { author: r.author, body: r.body, createdAt: replyAt };
        });
        return { author: c.author, body: c.body, createdAt: at, replies };
      });
      const favoritedBy = p.favoritedBy ?? [];
      favoritedBy.forEach((handle, i) => {
        const at = spread(createdAt, i, favoritedBy.length);
        touch(handle, at);
        favorites.push({ member: handle, target: { kind: "post", slug }, createdAt: at });
      });
      return {
        slug,
        author: p.author,
        title: p.title,
        description: p.description,
        body: prepareRichText(p.body),
        category: p.category,
        coverUrl: p.cover ? `/images/covers/${p.cover}.svg` : null,
        featuredRank: p.featuredRank ?? null,
        tags: p.tags,
        likeCount: likes.length,
        commentCount: postComments.reduce((sum, c) => sum + 1 + c.replies.length, 0),
        favoriteCount: favoritedBy.length,
        readingMinutes: readingMinutes(p.body),
        createdAt,
        likes,
        comments: postComments,
      };
    });

  // -------------------------------------------------------------------------------------------- follows
  const follows = FOLLOWS.map(([follower, followee], i) => {
    if (member(follower) === member(followee)) throw new Error("demo seed: a member follows themself");
    const since = new Date(Math.max(joined.get(follower)!.getTime(), joined.get(followee)!.getTime()));
    return { follower, followee, createdAt: spread(since, i % 5, 5) };
  });
  const tagFollows = TAG_FOLLOWS.map(([handle, name]) => ({
    member: member(handle),
    tag: tag(name),
    createdAt: after(joined.get(handle)!, 2),
  }));

  // ------------------------------------------------------------------------------------ members & tags
  const members: PlannedMember[] = MEMBERS.map((m) => ({
    handle: m.handle,
    name: m.name,
    email: `${m.handle}@exemplo.com.br`,
    roleLine: m.roleLine,
    bio: m.bio,
    reputation: reputation.get(m.handle)!,
    createdAt: joined.get(m.handle)!,
    lastActiveAt: lastActive.get(m.handle)!,
  }));
  const oldestMember = Math.min(...members.map((m) => m.createdAt.getTime()));
  const tags: PlannedTag[] = allTags.map((t) => ({
    name: t.name,
    slug: slugify(t.name),
    description: t.description,
    suggestedRank: t.suggestedRank,
    recommendedRank: t.recommendedRank,
    questionCount: questionCount.get(t.name) ?? 0,
    postCount: postCount.get(t.name) ?? 0,
    createdAt: new Date(oldestMember),
  }));
  if (new Set(tags.map((t) => t.slug)).size !== tags.length) throw new Error("demo seed: repeated tag slug");

  return {
    members,
    tags,
    questions,
    answers,
    votes,
    reputationEvents,
    comments,
    posts,
    favorites,
    follows,
    tagFollows,
  };
}
