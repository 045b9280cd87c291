// How much of everything `npm run seed:large -- --questions N` writes, in the proportions of a real
// community: a member for every ten questions, a long tail of tags, about one and a half answers per question,
// a blog post for every fifty questions. Pure, so it can be checked without a database.

export type LargePlan = {
  questions: number;
  members: number;
  tags: number;
  posts: number;
  /** Questions per transaction: each batch also writes its answers, votes, comments, tags and revisions. */
  questionBatch: number;
  postBatch: number;
  memberBatch: number;
};

const MIN_QUESTIONS = 1;
const MAX_QUESTIONS = 5_000_000;

export function planLarge(questions: number, options: { batch?: number } = {}): LargePlan {
  if (!Number.isInteger(questions) || questions < MIN_QUESTIONS || questions > MAX_QUESTIONS) {
    throw new Error(`--questions deve ser um número inteiro entre ${MIN_QUESTIONS} e ${MAX_QUESTIONS}.`);
  }
  const questionBatch = options.batch ?? 20_000;
  return {
    questions,
    members: Math.max(20, Math.ceil(questions / 10)),
    // √N grows slowly: 95 tags at a thousand questions, 3 000 at a million — most of them rarely used.
    tags: Math.min(5000, Math.max(30, Math.round(3 * Math.sqrt(questions)))),
    posts: Math.max(5, Math.ceil(questions / 50)),
    questionBatch,
    postBatch: Math.max(500, Math.floor(questionBatch / 4)),
    memberBatch: 50_000,
  };
}

/** `[from, to]` ranges (1-based, inclusive) of at most `size` items covering 1…total. */
export function batches(total: number, size: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let from = 1; from <= total; from += size) out.push([from, Math.min(total, from + size - 1)]);
  return out;
}

/** Tag names for the long tail: the heads, then head-tail pairs, then numbered pairs, `count` in all. */
export function tagNames(count: number, heads: readonly string[], tails: readonly string[]): string[] {
  const names: string[] = [];
  for (const head of heads) {
    if (names.length >= count) return names;
    names.push(head);
  }
  for (let round = 1; names.length < count; round++) {
    for (const tail of tails) {
      for (const head of heads) {
        if (names.length >= count) return names;
        names.push(round === 1 ? `${head}-${tail}` : `${head}-${tail}-${round}`);
      }
    }
  }
  return names;
}
