// The blog posts a question page links to (ADR 043): the post the question asks about ("Pergunta sobre o
// post …") and the published posts made from its answers ("Virou post: …"). Read with the shared page
// (question-page-cache.server.ts), whose version also covers these posts' rows.
import { sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server.ts";

export type LinkedPost = { id: number; slug: string; title: string };

export type QuestionPostLinks = {
  aboutPost: LinkedPost | null;
  /** By answer id: the published (not deleted) post made from it. */
  answerPosts: Map<number, LinkedPost>;
};

export async function postLinksOfQuestion(questionId: number): Promise<QuestionPostLinks> {
  const db = await getDb();
  const [row] = await db
    .select({
      about: sql<LinkedPost | null>`(select json_build_object('id', p.id, 'slug', p.slug, 'title', p.title)
        from posts p where p.id = q.about_post_id and p.deleted_at is null)`,
      fromAnswers: sql<{ answerId: number; id: number; slug: string; title: string }[] | null>`(select
          json_agg(json_build_object('answerId', p.from_answer_id, 'id', p.id, 'slug', p.slug, 'title', p.title)
            order by p.id desc)
        from posts p where p.deleted_at is null
          and p.from_answer_id in (select a.id from answers a where a.question_id = q.id))`,
    })
    .from(sql`questions q`)
    .where(sql`q.id = ${questionId}`);
  const answerPosts = new Map<number, LinkedPost>();
  // Oldest last, so the first post made from an answer wins.
  for (const p of row?.fromAnswers ?? [])
    answerPosts.set(p.answerId, { id: p.id, slug: p.slug, title: p.title });
  return { aboutPost: row?.about ?? null, answerPosts };
}
