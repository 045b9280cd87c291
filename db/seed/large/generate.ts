// The synthetic community of `npm run seed:large`, generated inside the database (PGlite or PostgreSQL) with
// `generate_series`, arrays of Portuguese words and temporary staging tables, one transaction per batch.
// Every denormalised counter (score, answer_count, comment_count, like_count, tags' counts, reputation) is
// worked out in SQL from the staged rows before the counted rows are written, so each row is written once and
// every counter is exact; the reputation ledger gets one event per vote and acceptance, as the app writes it.
// Ids above the largest existing one are given explicitly, then every sequence is moved past them.
import { sql } from "drizzle-orm";
import type { Database } from "../../../app/lib/db.server.ts";
import { slugify } from "../../../app/lib/slug.ts";
import { tags } from "../../schema.ts";
import { batches, planLarge, tagNames, type LargePlan } from "./plan.ts";
import * as W from "./words.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Runner = Database | Transaction;

export type Progress = (message: string) => void;

export type LargeSeedResult = {
  plan: LargePlan;
  /** A question with exactly twenty answers, for the benchmark's question page. */
  busyQuestionId: number;
  /** A post of this run, for the benchmark's post page. */
  postSlug: string;
  totals: Record<string, number>;
  seconds: number;
};

const POOL = { question: 0, answer: 4000, comment: 8000, post: 10000, size: 4000, comments: 2000 };
/** Three years of history, ending now. */
const SPAN_SECONDS = 3 * 365 * 24 * 3600;

/** A SQL text[] literal; the lists are our own constants, quoted anyway. */
function arr(list: readonly string[]): string {
  return `array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}
/** A random element of a SQL text[] literal. */
function pick(list: readonly string[]): string {
  return `(${arr(list)})[1 + floor(random() * ${list.length})::int]`;
}

async function run(db: Runner, text: string) {
  await db.execute(sql.raw(text));
}
async function one<T extends Record<string, unknown>>(db: Runner, text: string): Promise<T> {
  const result = await db.execute<T>(sql.raw(text));
  const row = result.rows[0];
  if (!row) throw new Error(`seed:large: no row from ${text.slice(0, 60)}`);
  return row as T;
}
async function maxId(db: Runner, table: string): Promise<number> {
  return Number((await one<{ m: number }>(db, `select coalesce(max(id), 0)::int as m from ${table}`)).m);
}

export async function seedLarge(
  db: Database,
  questionCount: number,
  progress: Progress = () => {},
  options: { batch?: number } = {},
): Promise<LargeSeedResult> {
  const started = performance.now();
  const plan = planLarge(questionCount, options);
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  progress(
    `plano: ${plan.questions} perguntas, ${plan.members} membros, ${plan.tags} tags, ${plan.posts} posts`,
  );

  await buildPools(db);
  progress(`textos-base prontos (${elapsed()})`);

  // ---------------------------------------------------------------------------------------------- members
  const memberBase = await maxId(db, "users");
  for (const [from, to] of batches(plan.members, plan.memberBatch)) {
    await insertMembers(db, memberBase, from, to);
    progress(`membros ${to}/${plan.members} (${elapsed()})`);
  }

  // ------------------------------------------------------------------------------------------------- tags
  await insertTags(db, plan.tags);
  const tagCount = await buildTagRanks(db);
  progress(`tags: ${tagCount} no total (${elapsed()})`);

  // -------------------------------------------------------------------------------------------- questions
  const questionBase = await maxId(db, "questions");
  const ctx: BatchContext = {
    memberBase,
    members: plan.members,
    tagCount,
    questionBase,
    questions: plan.questions,
  };
  for (const [from, to] of batches(plan.questions, plan.questionBatch)) {
    await db.transaction(async (tx) => insertQuestionBatch(tx, ctx, from, to));
    progress(`perguntas ${to}/${plan.questions} (${elapsed()})`);
  }

  // ------------------------------------------------------------------------------------------------ posts
  const postBase = await maxId(db, "posts");
  for (const [from, to] of batches(plan.posts, plan.postBatch)) {
    await db.transaction(async (tx) =>
      insertPostBatch(tx, { ...ctx, postBase, posts: plan.posts }, from, to),
    );
    progress(`posts ${to}/${plan.posts} (${elapsed()})`);
  }

  // ------------------------------------------------------------------------------------- totals and tidy
  await finish(db, memberBase, questionBase, postBase);
  progress(`contadores, sequências e estatísticas (${elapsed()})`);

  const totals = await one<Record<string, number>>(
    db,
    `select (select count(*) from users)::int as membros, (select count(*) from tags)::int as tags,
      (select count(*) from questions)::int as perguntas, (select count(*) from answers)::int as respostas,
      (select count(*) from votes)::int as votos,
      (select count(*) from comments where target_kind <> 'post')::int as comentarios,
      (select count(*) from posts)::int as posts, (select count(*) from post_likes)::int as curtidas,
      (select count(*) from comments where target_kind = 'post')::int as comentarios_em_posts`,
  );
  const busy = await one<{ id: number }>(
    db,
    `select id from questions where id > ${questionBase} and answer_count = 20 order by id limit 1`,
  );
  const post = await one<{ slug: string }>(db, `select slug from posts where id = ${postBase + 1}`);
  return {
    plan,
    busyQuestionId: Number(busy.id),
    postSlug: post.slug,
    totals,
    seconds: (performance.now() - started) / 1000,
  };
}

// ------------------------------------------------------------------------------------------- text pools

/**
 * Sentences made once per run and picked by row: questions, answers, comments and post paragraphs join a
 * pool row instead of drawing forty words each, which keeps a million rows to a few minutes.
 */
async function buildPools(db: Database) {
  await run(db, `drop table if exists seed_large_pool`);
  await run(db, `drop table if exists seed_large_tag_rank`);
  await run(db, `create table seed_large_pool (i int primary key, s text not null)`);
  const question = `${pick(W.OPENERS)} || ' ' || ${pick(W.VERBS)} || ' ' || ${pick(W.NOUNS)} || ' ' ||
    ${pick(W.COMPLEMENTS)} || ', ' || ${pick(W.SENTENCE_TAILS)} || ' Uso ' || ${pick(W.TAG_HEADS)} ||
    ' e ' || ${pick(W.TAG_HEADS)} || ' no projeto.'`;
  const answer = `${pick(W.ANSWER_OPENERS)} || ' ' || ${pick(W.ANSWER_MIDDLES)} || '. Para ' ||
    ${pick(W.VERBS)} || ' ' || ${pick(W.NOUNS)} || ' ' || ${pick(W.COMPLEMENTS)} || ', revise também ' ||
    ${pick(W.NOUNS)} || ' e ' || ${pick(W.NOUNS)} || '.'`;
  const comment = `${pick([
    "Obrigado, funcionou!",
    "Você testou com a versão mais nova?",
    "Isso resolveu metade do problema.",
    "Pode mostrar a mensagem de erro completa?",
    "Boa explicação, vou tentar aqui.",
    "Aqui deu certo depois de limpar o cache.",
    "Tem um exemplo mínimo que reproduz?",
    "Acho que falta um detalhe:",
  ])} || ' ' || ${pick(W.ANSWER_MIDDLES)} || '.'`;
  const post = `${pick(W.ANSWER_OPENERS)} || ' ' || ${pick(W.ANSWER_MIDDLES)} || '. ' || ${pick(W.OPENERS)}
    || ' ' || ${pick(W.VERBS)} || ' ' || ${pick(W.NOUNS)} || ' ' || ${pick(W.COMPLEMENTS)} || ' com ' ||
    ${pick(W.TAG_HEADS)} || ', e o caminho mais curto foi ' || ${pick(W.VERBS)} || ' ' || ${pick(W.NOUNS)} || '.'`;
  await run(
    db,
    `insert into seed_large_pool (i, s)
      select ${POOL.question} + g, ${question} from generate_series(0, ${POOL.size - 1}) g
      union all select ${POOL.answer} + g, ${answer} from generate_series(0, ${POOL.size - 1}) g
      union all select ${POOL.comment} + g, ${comment} from generate_series(0, ${POOL.comments - 1}) g
      union all select ${POOL.post} + g, ${post} from generate_series(0, ${POOL.size - 1}) g`,
  );
}

/** A random pool index of one kind, as SQL. */
function poolIndex(kind: "question" | "answer" | "comment" | "post"): string {
  const size = kind === "comment" ? POOL.comments : POOL.size;
  return `${POOL[kind]} + floor(random() * ${size})::int`;
}

// ------------------------------------------------------------------------------------------------ members

async function insertMembers(db: Database, base: number, from: number, to: number) {
  const first = pick(W.FIRST_NAMES);
  const last = pick(W.LAST_NAMES);
  await run(
    db,
    `with m as (
      select ${base} + g as id, ${first} as first, ${last} as last,
        now() - make_interval(secs => ${SPAN_SECONDS} * random()) as created_at
      from generate_series(${from}, ${to}) g
    )
    insert into users (id, handle, name, email, email_verified_at, password_hash, role, role_line, bio,
      reputation, created_at, last_active_at)
    select id,
      lower(translate(first || '-' || last, 'áàâãéêíóôõúçÁÉÍÓÚÇ', 'aaaaeeioooucAEIOUC')) || '-' || id,
      first || ' ' || last,
      'membro' || id || '@exemplo.com.br', created_at, null, 'member', ${pick(W.ROLE_LINES)},
      'Trabalho com ' || ${pick(W.TAG_HEADS)} || ' e gosto de ' || ${pick(W.VERBS)} || ' ' || ${pick(W.NOUNS)} || '.',
      1, created_at, created_at + (now() - created_at) * random()
    from m`,
  );
}

// --------------------------------------------------------------------------------------------------- tags

async function insertTags(db: Database, count: number) {
  const existing = await db.select({ name: tags.name, slug: tags.slug }).from(tags);
  const names = new Set(existing.map((t) => t.name.toLowerCase()));
  const slugs = new Set(existing.map((t) => t.slug));
  const wanted = tagNames(count, W.TAG_HEADS, W.TAG_TAILS).filter((name) => !names.has(name.toLowerCase()));
  const rows = wanted.map((name) => {
    const base = slugify(name.replace(/#/g, "-sharp").replace(/\+/g, "p"), { maxLength: 40 }) || "tag";
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    return { name, slug, description: `Perguntas e artigos sobre ${name}.` };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(tags)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/** Tag popularity: rank 1 is the most used; questions draw ranks with a power law (a long tail). */
async function buildTagRanks(db: Database): Promise<number> {
  await run(
    db,
    `create table seed_large_tag_rank as
      select (row_number() over (order by coalesce(suggested_rank, 1000), id))::int as rank, id as tag_id, name
      from tags`,
  );
  await run(db, `alter table seed_large_tag_rank add primary key (rank)`);
  return Number((await one<{ n: number }>(db, `select count(*)::int as n from seed_large_tag_rank`)).n);
}

/** A tag rank drawn from a long tail: a few tags carry most questions. */
function tagRank(tagCount: number): string {
  return `least(${tagCount}, 1 + floor(${tagCount} * power(random(), 3))::int)`;
}

// ---------------------------------------------------------------------------------------------- questions

type BatchContext = {
  memberBase: number;
  members: number;
  tagCount: number;
  questionBase: number;
  questions: number;
};

/** A seeded member, active ones (low numbers) more often. */
function member(ctx: BatchContext, exponent = 1.6): string {
  return `${ctx.memberBase} + least(${ctx.members}, 1 + floor(${ctx.members} * power(random(), ${exponent}))::int)`;
}

async function insertQuestionBatch(tx: Transaction, ctx: BatchContext, from: number, to: number) {
  const answerBase = await maxId(tx, "answers");
  const title = `${pick(["Como", "Por que não consigo", "Qual o jeito certo de", "É possível", "Ajuda para"])}
    || ' ' || ${pick(W.VERBS)} || ' ' || ${pick(W.NOUNS)} || ' ' || ${pick(W.COMPLEMENTS)} || ' com ' ||
    ${pick(W.TAG_HEADS)} || '?'`;
  // The questions of this batch, with everything decided: author, date, how many answers and comments.
  await run(
    tx,
    `create temp table sq on commit drop as
      select ${ctx.questionBase} + k as id, k, ${member(ctx)} as author_id,
        now() - make_interval(secs => ${SPAN_SECONDS}::float8 * (${ctx.questions} - k) / ${ctx.questions}
          + 3600 + random() * 600) as created_at,
        ${title} as title,
        case when k = 1 then 20 else floor(random() * 4)::int end as n_answers,
        floor(random() * random() * 4)::int as n_comments,
        floor(power(random(), 2) * 8)::int as n_votes,
        random() < 0.45 as accept,
        random() < 0.3 as with_code,
        ${poolIndex("question")} as p1, ${poolIndex("question")} as p2, ${poolIndex("question")} as p3,
        floor(power(random(), 3) * 3000)::int as view_count
      from generate_series(${from}, ${to}) k`,
  );
  await run(
    tx,
    `create temp table sa on commit drop as
      select ${answerBase} + (row_number() over (order by q.id, j))::int as id, q.id as question_id, j,
        q.author_id as question_author_id, ${member(ctx, 1.3)} as author_id,
        least(now(), q.created_at + make_interval(secs => j * 1800 + random() * 86400)) as created_at,
        floor(random() * random() * 3)::int as n_comments,
        floor(power(random(), 2) * 5)::int as n_votes,
        ${poolIndex("answer")} as p1, ${poolIndex("answer")} as p2
      from sq q cross join lateral generate_series(1, q.n_answers) j`,
  );
  // One vote per member and target, never on one's own post.
  await run(
    tx,
    `create temp table sv on commit drop as
      select distinct on (target_kind, target_id, user_id) * from (
        select 'question'::target_kind as target_kind, q.id as target_id, q.author_id as owner_id,
          ${member(ctx, 1.2)} as user_id, case when random() < 0.88 then 1 else -1 end as value,
          q.created_at + make_interval(secs => random() * 86400) as created_at
        from sq q cross join lateral generate_series(1, q.n_votes) j
        union all
        select 'answer'::target_kind, a.id, a.author_id, ${member(ctx, 1.2)},
          case when random() < 0.9 then 1 else -1 end, a.created_at + make_interval(secs => random() * 86400)
        from sa a cross join lateral generate_series(1, a.n_votes) j
      ) v where user_id <> owner_id
      order by target_kind, target_id, user_id`,
  );
  await run(
    tx,
    `create temp table ss on commit drop as
      select target_kind, target_id, sum(value)::int as score from sv group by 1, 2`,
  );
  // The accepted answer: the first or second answer of 45 % of the answered questions.
  await run(
    tx,
    `create temp table sacc on commit drop as
      select a.question_id, a.id as answer_id, a.author_id, a.question_author_id, q.created_at
      from sq q join sa a on a.question_id = q.id and a.j = least(q.n_answers, 1 + q.id % 2)
      where q.accept`,
  );
  await run(
    tx,
    `create temp table sqt on commit drop as
      select distinct on (question_id, tag_id) question_id, tag_id, name, position from (
        select q.id as question_id, r.tag_id, r.name, (j - 1)::smallint as position
        from sq q cross join lateral generate_series(1, 1 + floor(random() * 4)::int) j
        join seed_large_tag_rank r on r.rank = ${tagRank(ctx.tagCount)}
      ) t order by question_id, tag_id, position`,
  );

  await run(
    tx,
    `insert into questions (id, author_id, title, description, details, score, answer_count, comment_count,
        view_count, accepted_answer_id, created_at, last_activity_at)
      select q.id, q.author_id, q.title,
        '<p>' || p1.s || '</p><p>' || p2.s || '</p>' ||
          case when q.with_code then '<pre><code class="language-javascript">const resultado = await ' ||
            'buscar(' || q.k || ');\nconsole.log(resultado);</code></pre>' else '' end,
        '<p>' || p3.s || '</p>',
        coalesce(s.score, 0), q.n_answers, q.n_comments, q.view_count, acc.answer_id, q.created_at,
        greatest(q.created_at, coalesce(last.at, q.created_at))
      from sq q
      join seed_large_pool p1 on p1.i = q.p1 join seed_large_pool p2 on p2.i = q.p2
      join seed_large_pool p3 on p3.i = q.p3
      left join ss s on s.target_kind = 'question' and s.target_id = q.id
      left join sacc acc on acc.question_id = q.id
      left join (select question_id, max(created_at) as at from sa group by 1) last on last.question_id = q.id`,
  );
  await run(
    tx,
    `insert into question_tags (question_id, tag_id, position) select question_id, tag_id, position from sqt`,
  );
  await run(
    tx,
    `insert into answers (id, question_id, author_id, body, score, comment_count, created_at)
      select a.id, a.question_id, a.author_id, '<p>' || p1.s || '</p><p>' || p2.s || '</p>',
        coalesce(s.score, 0), a.n_comments, a.created_at
      from sa a join seed_large_pool p1 on p1.i = a.p1 join seed_large_pool p2 on p2.i = a.p2
      left join ss s on s.target_kind = 'answer' and s.target_id = a.id`,
  );
  await run(
    tx,
    `insert into votes (user_id, target_kind, target_id, value, created_at)
      select user_id, target_kind, target_id, value, created_at from sv`,
  );
  await run(
    tx,
    `insert into comments (target_kind, target_id, author_id, body, created_at)
      select 'question'::target_kind, q.id, ${member(ctx)}, p.s, q.created_at + make_interval(secs => c.n * 600)
      from sq q cross join lateral generate_series(1, q.n_comments) c(n)
      join seed_large_pool p on p.i = ${POOL.comment} + (q.id * 7 + c.n * 13) % ${POOL.comments}
      union all
      select 'answer', a.id, ${member(ctx)}, p.s, a.created_at + make_interval(secs => c.n * 600)
      from sa a cross join lateral generate_series(1, a.n_comments) c(n)
      join seed_large_pool p on p.i = ${POOL.comment} + (a.id * 11 + c.n * 17) % ${POOL.comments}`,
  );
  // Every saved state is a revision, the first one included (as the ask and answer forms write them).
  await run(
    tx,
    `insert into revisions (target_kind, target_id, editor_id, title, body, details, tags, created_at)
      select 'question'::target_kind, q.id, q.author_id, q.title, q.description, q.details,
        coalesce(t.names, '[]'::jsonb), q.created_at
      from questions q
      left join (select question_id, jsonb_agg(name order by position) as names from sqt group by 1) t
        on t.question_id = q.id
      where q.id between ${ctx.questionBase + from} and ${ctx.questionBase + to}
      union all
      select 'answer', a.id, a.author_id, null, a.body, null, null, a.created_at
      from answers a where a.id > ${answerBase}`,
  );
  // The reputation ledger, as votes.server.ts and answers.server.ts write it.
  await run(
    tx,
    `insert into reputation_events (user_id, delta, reason, target_kind, target_id, created_at)
      select owner_id, case when value = 1 then 10 else -2 end, case when value = 1 then 'upvote' else 'downvote' end,
        target_kind, target_id, created_at
      from sv
      union all
      select author_id, 15, 'accepted', 'answer', answer_id, created_at + interval '2 days'
      from sacc where author_id <> question_author_id`,
  );
}

// ------------------------------------------------------------------------------------------------- posts

async function insertPostBatch(
  tx: Transaction,
  ctx: BatchContext & { postBase: number; posts: number },
  from: number,
  to: number,
) {
  await run(
    tx,
    `create temp table sp on commit drop as
      select ${ctx.postBase} + k as id, k, ${member(ctx, 2)} as author_id,
        now() - make_interval(secs => ${SPAN_SECONDS}::float8 * (${ctx.posts} - k) / ${ctx.posts}
          + 7200 + random() * 600) as created_at,
        ${pick(W.POST_TITLES)} || ' ' || ${pick(W.TAG_HEADS)} || ': como ' || ${pick(W.VERBS)} || ' ' ||
          ${pick(W.NOUNS)} || ' ' || ${pick(W.COMPLEMENTS)} as title,
        (${arr(W.CATEGORIES)})[1 + floor(random() * ${W.CATEGORIES.length})::int]::post_category as category,
        floor(power(random(), 2) * 40)::int as n_likes,
        floor(power(random(), 2) * 6)::int as n_comments,
        ${poolIndex("post")} as p1, ${poolIndex("post")} as p2, ${poolIndex("post")} as p3,
        ${poolIndex("post")} as p4, ${poolIndex("post")} as p5
      from generate_series(${from}, ${to}) k`,
  );
  await run(
    tx,
    `create temp table spl on commit drop as
      select distinct on (post_id, user_id) * from (
        select p.id as post_id, p.author_id as owner_id, ${member(ctx, 1.2)} as user_id,
          least(now(), p.created_at + make_interval(secs => random() * 86400 * 20)) as created_at
        from sp p cross join lateral generate_series(1, p.n_likes) j
      ) l where user_id <> owner_id order by post_id, user_id`,
  );
  // A fifth of the comments are replies to the first comment of the post (one level, as the blog allows).
  await run(
    tx,
    `create temp table spc on commit drop as
      select p.id as post_id, j, ${member(ctx)} as author_id, p.created_at + make_interval(secs => j * 3600) as created_at,
        ${poolIndex("comment")} as pi, j > 1 and random() < 0.2 as reply
      from sp p cross join lateral generate_series(1, p.n_comments) j`,
  );
  await run(
    tx,
    `insert into posts (id, slug, author_id, title, description, body, category, like_count, comment_count,
        reading_minutes, created_at)
      select p.id,
        trim(both '-' from left(regexp_replace(lower(translate(p.title, 'áàâãéêíóôõúçÁÉÍÓÚÇ', 'aaaaeeioooucAEIOUC')),
          '[^a-z0-9]+', '-', 'g'), 60)) || '-' || p.id,
        p.author_id, p.title, p1.s,
        '<p>' || p1.s || '</p><h2>Contexto</h2><p>' || p2.s || ' ' || p3.s || '</p><h2>Na prática</h2><p>' ||
          p4.s || '</p><pre><code class="language-javascript">export function exemplo() {\n  return ' || p.k ||
          ';\n}</code></pre><p>' || p5.s || '</p>',
        p.category, coalesce(l.n, 0), p.n_comments, 2, p.created_at
      from sp p join seed_large_pool p1 on p1.i = p.p1 join seed_large_pool p2 on p2.i = p.p2
      join seed_large_pool p3 on p3.i = p.p3 join seed_large_pool p4 on p4.i = p.p4
      join seed_large_pool p5 on p5.i = p.p5
      left join (select post_id, count(*)::int as n from spl group by 1) l on l.post_id = p.id`,
  );
  await run(
    tx,
    `insert into post_tags (post_id, tag_id, position)
      select distinct on (post_id, tag_id) post_id, tag_id, position from (
        select p.id as post_id, r.tag_id, (j - 1)::smallint as position
        from sp p cross join lateral generate_series(1, 1 + floor(random() * 3)::int) j
        join seed_large_tag_rank r on r.rank = ${tagRank(ctx.tagCount)}
      ) t order by post_id, tag_id, position`,
  );
  await run(
    tx,
    `insert into post_likes (user_id, post_id, created_at) select user_id, post_id, created_at from spl`,
  );
  await run(
    tx,
    `insert into comments (target_kind, target_id, parent_id, author_id, body, created_at)
      select 'post', c.post_id, null, c.author_id, p.s, c.created_at
      from spc c join seed_large_pool p on p.i = c.pi where not c.reply`,
  );
  await run(
    tx,
    `insert into comments (target_kind, target_id, parent_id, author_id, body, created_at)
      select 'post', c.post_id,
        (select min(pc.id) from comments pc where pc.target_kind = 'post' and pc.target_id = c.post_id),
        c.author_id, p.s, c.created_at
      from spc c join seed_large_pool p on p.i = c.pi where c.reply`,
  );
}

// ------------------------------------------------------------------------------------------------ finish

async function finish(db: Database, memberBase: number, questionBase: number, postBase: number) {
  // Tags' counters move by what this run added (the demo's own counts stay as their writers keep them).
  await run(
    db,
    `update tags t set question_count = t.question_count + c.n
      from (select tag_id, count(*)::int as n from question_tags where question_id > ${questionBase} group by 1) c
      where c.tag_id = t.id`,
  );
  await run(
    db,
    `update tags t set post_count = t.post_count + c.n
      from (select tag_id, count(*)::int as n from post_tags where post_id > ${postBase} group by 1) c
      where c.tag_id = t.id`,
  );
  // users.reputation = 1 + the ledger, for the members of this run (the only ones its events reach).
  await run(
    db,
    `update users u set reputation = 1 + c.total
      from (select user_id, sum(delta)::int as total from reputation_events where user_id > ${memberBase}
        group by 1) c
      where c.user_id = u.id and u.id > ${memberBase}`,
  );
  for (const table of ["users", "tags", "questions", "answers", "posts"]) {
    await run(
      db,
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) + 1 from ${table}), false)`,
    );
  }
  await run(db, `drop table if exists seed_large_pool`);
  await run(db, `drop table if exists seed_large_tag_rank`);
  // VACUUM, not just ANALYZE: bulk-loaded pages are not yet all-visible, so index-only scans would still
  // visit the heap, and GIN pending lists would be scanned on every search until autovacuum came by.
  await run(db, `vacuum analyze`);
}
