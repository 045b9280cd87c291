// Awarding badges (rules.ts): a member's badges are checked against what they did, read in one statement, a
// moment after each of their writes and whenever their reputation moves (a vote, an acceptance: the ledger asks
// for it). A check finds every badge earned and not yet held, so a check that did not run (a crash between a
// write and its check) is made up by the next; the unique key on (member, badge, tag) keeps each one from being
// given twice. Each new badge is told in the notifications.
import { desc, eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { badgeAwards, memberVisitDays, tags, users } from "#db/schema.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { runInBackground } from "#app/lib/background-work.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { activeMembersOnly } from "#app/lib/removed-members.server.ts";
import {
  BADGES,
  DEVOTED_DAYS,
  GOOD_ANSWER_SCORE,
  GOOD_QUESTION_SCORE,
  GREAT_ANSWER_SCORE,
  REGULAR_DAYS,
  TAG_BADGE_KEYS,
  TAG_BADGE_SCORES,
  badgeOf,
  type BadgeTier,
} from "./rules.ts";
import { href } from "react-router";

type Earned = { badge: string; tagId: number | null };

/** What `memberId` has earned, by the rules of rules.ts, in one statement. */
async function earnedBy(executor: Executor, memberId: number): Promise<Earned[]> {
  const result = await executor.execute<Record<string, unknown>>(sql`
    select
      exists (select 1 from questions q where q.author_id = ${memberId} and q.deleted_at is null)
        as "primeira-pergunta",
      exists (select 1 from answers a where a.author_id = ${memberId} and a.deleted_at is null)
        as "primeira-resposta",
      exists (select 1 from answers a join questions q on q.accepted_answer_id = a.id
        where a.author_id = ${memberId} and a.deleted_at is null and q.author_id <> ${memberId})
        as "resposta-aceita",
      exists (select 1 from questions q join answers a on a.id = q.accepted_answer_id
        where q.author_id = ${memberId} and a.author_id <> ${memberId}) as "aceitou-resposta",
      exists (select 1 from revisions r where r.editor_id = ${memberId} and exists (select 1 from revisions p
        where p.target_kind = r.target_kind and p.target_id = r.target_id and p.id < r.id)) as "primeira-edicao",
      exists (select 1 from flags f where f.reporter_id = ${memberId} and f.status = 'helpful')
        as "sinalizacao-util",
      exists (select 1 from questions q where q.author_id = ${memberId} and q.deleted_at is null
        and q.score >= ${GOOD_QUESTION_SCORE}) as "boa-pergunta",
      exists (select 1 from answers a where a.author_id = ${memberId} and a.deleted_at is null
        and a.score >= ${GOOD_ANSWER_SCORE}) as "boa-resposta",
      exists (select 1 from answers a where a.author_id = ${memberId} and a.deleted_at is null
        and a.score >= ${GREAT_ANSWER_SCORE}) as "otima-resposta",
      -- The longest run of days in a row: days minus their rank are equal along a run.
      (select coalesce(max(n), 0) from (select count(*) as n from (select v.day - (row_number()
        over (order by v.day))::int as run from member_visit_days v where v.user_id = ${memberId}) d
        group by run) r)::int as streak,
      (select coalesce(json_agg(json_build_array(s.tag_id, s.score)), '[]'::json) from (
        select qt.tag_id, sum(a.score)::int as score from answers a
          join question_tags qt on qt.question_id = a.question_id
        where a.author_id = ${memberId} and a.deleted_at is null and a.score > 0
        group by qt.tag_id having sum(a.score) >= ${TAG_BADGE_SCORES.bronze}) s) as tag_scores`);
  const row = result.rows[0] ?? {};
  const earned: Earned[] = [];
  for (const badge of BADGES) if (row[badge.key] === true) earned.push({ badge: badge.key, tagId: null });
  const streak = Number(row.streak ?? 0);
  if (streak >= REGULAR_DAYS) earned.push({ badge: "presenca-constante", tagId: null });
  if (streak >= DEVOTED_DAYS) earned.push({ badge: "parte-da-casa", tagId: null });
  for (const [tagId, score] of (row.tag_scores ?? []) as [number, number][]) {
    for (const tier of Object.keys(TAG_BADGE_SCORES) as BadgeTier[]) {
      if (score >= TAG_BADGE_SCORES[tier]) earned.push({ badge: TAG_BADGE_KEYS[tier], tagId });
    }
  }
  return earned;
}

/**
 * Gives each member of `memberIds` the badges they earned and do not hold yet, and tells them. Run inside the
 * write's transaction (the reputation ledger) or after it (a member's own writes).
 */
export async function awardBadges(executor: Executor, memberIds: number[]): Promise<void> {
  for (const memberId of [...new Set(memberIds)].sort((a, b) => a - b)) {
    const earned = await earnedBy(executor, memberId);
    if (earned.length === 0) continue;
    const given = await executor
      .insert(badgeAwards)
      .values(earned.map((e) => ({ userId: memberId, badge: e.badge, tagId: e.tagId })))
      .onConflictDoNothing()
      .returning({ badge: badgeAwards.badge, tagId: badgeAwards.tagId });
    if (given.length === 0) continue;
    const won = (tier: BadgeTier) => given.filter((g) => badgeOf(g.badge)?.tier === tier).length;
    await executor
      .update(users)
      .set({
        goldBadges: sql`${users.goldBadges} + ${won("ouro")}`,
        silverBadges: sql`${users.silverBadges} + ${won("prata")}`,
        bronzeBadges: sql`${users.bronzeBadges} + ${won("bronze")}`,
      })
      .where(eq(users.id, memberId));
    const tagNames = await tagNamesOf(
      executor,
      given.map((g) => g.tagId),
    );
    for (const award of given) {
      const badge = badgeOf(award.badge, award.tagId === null ? null : tagNames.get(award.tagId));
      if (!badge) continue;
      await notify(executor, {
        userId: memberId,
        kind: "badge",
        actorId: null,
        title: `Você ganhou a medalha “${badge.name}” (${badge.tier})`,
        url: `${href("/medalhas")}#${award.badge}`,
        quiet: true,
      });
    }
  }
}

/** Checks `memberId`'s badges now, in a transaction of its own. */
export async function checkBadgesOf(memberId: number): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => awardBadges(tx, [memberId]));
}

/**
 * How long after a write its author's (or its receiver's) badges are checked: a burst of writes by one member
 * (an answer, then its edits; ten votes on their answers) makes one check, which sees them all.
 */
const CHECK_AFTER_MS = 2_000;
/** The checks waiting for their moment. Under Vitest none runs by itself: a test runs them when it says. */
const scheduled = new Map<number, NodeJS.Timeout | null>();
const byTimer = process.env.NODE_ENV !== "test";

/**
 * Checks these members' badges in a moment, once the write that asked has committed (one check per member at
 * a time; a write after a check began asks for the next). A check that fails, or one a restart drops, is made
 * up by the member's next write or their next day on the site.
 */
export function checkBadgesSoon(memberIds: number[]): void {
  for (const memberId of memberIds) {
    if (scheduled.has(memberId)) continue;
    if (!byTimer) {
      scheduled.set(memberId, null);
      continue;
    }
    const timer = setTimeout(() => {
      scheduled.delete(memberId);
      runInBackground(() => checkBadgesOf(memberId));
    }, CHECK_AFTER_MS);
    timer.unref();
    scheduled.set(memberId, timer);
  }
}

/** Runs the checks waiting for their moment now (tests, and a server that is stopping). */
export async function checkScheduledBadgesNow(): Promise<void> {
  const members = [...scheduled.keys()];
  for (const timer of scheduled.values()) if (timer) clearTimeout(timer);
  scheduled.clear();
  for (const memberId of members) await checkBadgesOf(memberId);
}

async function tagNamesOf(executor: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Days already recorded, per app server: a member's visit is written once a day, not on every page. */
const visitsRecorded = new LRUCache<string, true>({ max: 20_000 });

/** Today (UTC) counts as a day the member came to the site. Returns whether a new day was recorded. */
export async function recordVisit(memberId: number, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const key = `${memberId}:${day}`;
  if (visitsRecorded.has(key)) return false;
  visitsRecorded.set(key, true);
  const db = await getDb();
  const added = await db
    .insert(memberVisitDays)
    .values({ userId: memberId, day })
    .onConflictDoNothing()
    .returning({ day: memberVisitDays.day });
  return added.length > 0;
}

export type AwardedBadge = {
  badge: string;
  name: string;
  tier: BadgeTier;
  tag: { name: string; slug: string } | null;
  at: Date;
};

/** A member's badges, the newest first (the profile's "Medalhas"). */
export async function badgesOf(memberId: number): Promise<AwardedBadge[]> {
  const db = await getDb();
  const rows = await db
    .select({
      badge: badgeAwards.badge,
      at: badgeAwards.createdAt,
      tagName: tags.name,
      tagSlug: tags.slug,
    })
    .from(badgeAwards)
    .leftJoin(tags, eq(tags.id, badgeAwards.tagId))
    .where(eq(badgeAwards.userId, memberId))
    .orderBy(desc(badgeAwards.createdAt), desc(badgeAwards.id));
  return rows.flatMap((r) => {
    const badge = badgeOf(r.badge, r.tagName);
    if (!badge) return [];
    return [
      {
        badge: r.badge,
        ...badge,
        tag: r.tagName && r.tagSlug ? { name: r.tagName, slug: r.tagSlug } : null,
        at: r.at,
      },
    ];
  });
}

const RECENT_HOLDERS = 5;

/**
 * The badges page: every badge with how many members hold it and the latest few (tag badges together per
 * tier). Removed members are left out.
 */
export async function badgeCatalogue(): Promise<
  Map<string, { holders: number; recent: { handle: string; name: string; tag: string | null }[] }>
> {
  const db = await getDb();
  const [counts, recent] = await Promise.all([
    db
      .select({ badge: badgeAwards.badge, holders: sql<number>`count(distinct ${badgeAwards.userId})::int` })
      .from(badgeAwards)
      .innerJoin(users, eq(users.id, badgeAwards.userId))
      .where(activeMembersOnly())
      .groupBy(badgeAwards.badge),
    db.execute<{ badge: string; handle: string; name: string; tag: string | null }>(sql`
      select r.badge, r.handle, r.name, r.tag from (
        select b.badge, users.handle, users.name, t.name as tag,
          row_number() over (partition by b.badge order by b.created_at desc, b.id desc) as n
        from badge_awards b join users on users.id = b.user_id left join tags t on t.id = b.tag_id
        where ${activeMembersOnly()}) r
      where r.n <= ${RECENT_HOLDERS}`),
  ]);
  const catalogue = new Map<
    string,
    { holders: number; recent: { handle: string; name: string; tag: string | null }[] }
  >();
  for (const c of counts) catalogue.set(c.badge, { holders: c.holders, recent: [] });
  for (const r of recent.rows) {
    catalogue.get(r.badge)?.recent.push({ handle: r.handle, name: r.name, tag: r.tag });
  }
  return catalogue;
}
