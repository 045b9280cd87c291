// Reading the moderation log: /moderacao/registro, for moderators. Newest first through
// moderation_log_created_idx (the action and member filters have their own indexes), a page at a time in SQL,
// each line with the link to what it was about, resolved in the same statement.
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import type { ModerationAction } from "./moderation-log.server.ts";
import { MODERATION_LOG_PAGE_SIZE } from "./rules.ts";
import { isModerator } from "#app/lib/permissions.ts";

export type ModerationLogFilters = {
  action?: ModerationAction | null;
  /** Handles, with or without the @. */
  moderator?: string | null;
  member?: string | null;
};

type Person = { handle: string; name: string } | null;

export type ModerationLogLine = {
  id: number;
  createdAt: Date;
  action: string;
  actor: Person;
  subject: Person;
  targetKind: string | null;
  targetId: number | null;
  /** Where the target is on the site, when it can still be linked. */
  targetUrl: string | null;
  reason: string;
};

const handleOf = (value: string | null | undefined) =>
  (value ?? "").trim().replace(/^@/, "").toLowerCase().slice(0, 60);

export async function listModerationLog(
  viewer: Viewer | null,
  filters: ModerationLogFilters,
  page: number,
): Promise<{ lines: ModerationLogLine[]; totalPages: number }> {
  if (!isModerator(viewer)) throw new AppError("not_found", "Página não encontrada.");
  const where: SQL[] = [];
  if (filters.action) where.push(sql`l.action = ${filters.action}`);
  const moderator = handleOf(filters.moderator);
  if (moderator) where.push(sql`l.actor_id = (select id from users where handle = ${moderator})`);
  const member = handleOf(filters.member);
  if (member) where.push(sql`l.subject_id = (select id from users where handle = ${member})`);
  const condition = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const offset = (page - 1) * MODERATION_LOG_PAGE_SIZE;
  const db = await getDb();
  const [rows, counted] = await Promise.all([
    db.execute<{
      id: number;
      created_at: string | Date;
      action: string;
      target_kind: string | null;
      target_id: number | null;
      reason: string;
      actor_handle: string | null;
      actor_name: string | null;
      subject_handle: string | null;
      subject_name: string | null;
      target_url: string | null;
    }>(sql`
      select l.id, l.created_at, l.action, l.target_kind, l.target_id, l.reason,
        a.handle as actor_handle, a.name as actor_name, s.handle as subject_handle, s.name as subject_name,
        case l.target_kind
          when 'question' then '/questions/' || l.target_id
          when 'answer' then (select '/questions/' || an.question_id || '#resposta-' || an.id
            from answers an where an.id = l.target_id)
          when 'comment' then (select case c.target_kind
                when 'post' then (select '/blog/' || p.slug from posts p where p.id = c.target_id)
                else '/questions/' || coalesce(ca.question_id, c.target_id)
              end || '#comentario-' || c.id
            from comments c left join answers ca on c.target_kind = 'answer' and ca.id = c.target_id
            where c.id = l.target_id)
          when 'post' then (select '/blog/' || p.slug from posts p where p.id = l.target_id)
          when 'user' then (select '/u/' || u.handle from users u where u.id = l.target_id)
          when 'tag' then (select '/questions/tagged/' || t.slug from tags t where t.id = l.target_id)
        end as target_url
      from moderation_log l
      left join users a on a.id = l.actor_id
      left join users s on s.id = l.subject_id
      ${condition}
      order by l.created_at desc, l.id desc
      limit ${MODERATION_LOG_PAGE_SIZE} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from moderation_log l ${condition}`),
  ]);
  const total = Number(counted.rows[0]?.n ?? 0);
  return {
    totalPages: Math.max(1, Math.ceil(total / MODERATION_LOG_PAGE_SIZE)),
    lines: rows.rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      action: r.action,
      actor: r.actor_handle ? { handle: r.actor_handle, name: r.actor_name ?? "" } : null,
      subject: r.subject_handle ? { handle: r.subject_handle, name: r.subject_name ?? "" } : null,
      targetKind: r.target_kind,
      targetId: r.target_id,
      targetUrl: r.target_url,
      reason: r.reason,
    })),
  };
}
