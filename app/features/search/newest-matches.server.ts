// The newest full-text matches of a table, found through text indexes that also hold each row's id bucket
// (ADR 018): the candidates that question and post search rank.
import { sql, type SQL } from "drizzle-orm";
import { shortCache } from "#app/lib/short-cache.server.ts";
import { SEARCH_ID_BUCKET } from "#db/schema.ts";
import { searchDb, tsQuery } from "./search-statements.server.ts";

/** A table with a bucketed text index. */
export type MatchedTable = "questions" | "answers" | "posts";

/** At most this many newest full-text matches (per source) are ranked: relevance among recent content. */
const TEXT_CANDIDATES = 500;
/** The first look: the newest ten thousand rows, where a common word already has its candidates. */
const FIRST_WINDOW = 10_000;

/** The id bucket exactly as the text indexes spell it, so the planner matches them. */
const idBucket = sql.raw(`(id / ${SEARCH_ID_BUCKET})`);

/** The newest id of each searched table, re-read every few seconds (see `newestMatches`). */
const newestIds = shortCache<number>(10_000, 10);

function newestId(table: MatchedTable): Promise<number> {
  return newestIds.get(table, async () => {
    const result = await (
      await searchDb()
    ).execute<{ max: number | null }>(sql`select max(id) as max from ${sql.raw(table)}`);
    return Number(result.rows[0]?.max ?? 0);
  });
}

/**
 * The ids of the newest rows of `table` matching the text (for answers, their questions' ids), at most
 * TEXT_CANDIDATES. A text index yields matches in no useful order, so sorting all matches of a common word by
 * date would read them all (90 000 questions hold "banco de dados" in a million), and walking the primary key
 * backwards reads every row for a rare word. So the newest ten thousand ids are searched first: a common word
 * stops there. Otherwise how many matched there tells how far back its candidates reach: the second look
 * covers about twice that span, or the whole table when the word is rare (a rare word has few matches to
 * read anyway); a second look that still falls short is followed by the whole table.
 *
 * Each look is one scan of the text index, which also holds each row's id bucket (db/schema.ts,
 * SEARCH_ID_BUCKET): GIN intersects the span's buckets with the word's entries, skipping the word's older rows
 * instead of collecting them. The newest id comes from a cache: an old value only widens the span (nothing
 * newer is ever cut off). Ordering by `id + 0` keeps the planner from walking the primary key.
 */
export async function newestMatches(
  table: MatchedTable,
  text: string,
  extra: SQL = sql`true`,
  { limit = TEXT_CANDIDATES, firstWindow = FIRST_WINDOW } = {},
): Promise<number[]> {
  const db = await searchDb();
  const from = sql.raw(table);
  const matchedId = sql.raw(table === "answers" ? "question_id" : "id");
  const maxId = await newestId(table);
  const look = async (window: number | null) => {
    const range =
      window === null
        ? sql`true`
        : sql`${idBucket} >= ${Math.floor(Math.max(0, maxId - window) / SEARCH_ID_BUCKET)}`;
    const result = await db.execute<{ matched_id: number }>(sql`
      select ${matchedId} as matched_id from ${from}
      where ${range} and search @@ ${tsQuery(text)} and ${extra}
      order by id + 0 desc limit ${limit}`);
    return result.rows.map((r) => Number(r.matched_id));
  };

  if (maxId <= firstWindow) return look(null);
  const first = await look(firstWindow);
  if (first.length >= limit) return first;
  // Twice the span that should hold `limit` matches at the density just seen; none seen: the whole table.
  const reach = first.length > 0 ? (2 * limit * firstWindow) / first.length : Infinity;
  if (reach < maxId / 2) {
    const second = await look(Math.ceil(reach));
    if (second.length >= limit) return second;
  }
  return look(null);
}
