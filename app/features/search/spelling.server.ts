// Misspelt words corrected to the site's own vocabulary, its tag names (ADR 033): `recat` → react, `pandsa` →
// pandas, `dokcer` → docker. Trigram similarity alone misses these — swapping two neighbouring letters of a short
// word changes half its trigrams — so trigrams only find the candidates, through the tag names' GIN index, and
// an edit distance that counts a swap as one edit chooses among them.
import { sql } from "drizzle-orm";
import { textTerms } from "./search-query.ts";
import { searchDb } from "./search-statements.server.ts";

/**
 * Far looser than pg_trgm's 0.6: a swap inside a six-letter word leaves it 0.29 similar (`dokcer`, docker). The
 * edit distance, not this, decides; the tag names' trigram index keeps the loose look cheap.
 */
const CANDIDATE_SIMILARITY = 0.25;
/** Shorter words are left alone: at three letters one edit reaches too many other words. */
const MIN_WORD_LENGTH = 4;

/** Lower case without accents, as the search configuration compares words. */
const folded = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Edits from one word to the other — insertion, deletion, substitution, or a swap of two neighbours (optimal
 * string alignment) — or `max + 1` once it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** One edit for words up to seven letters, two for longer ones. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/**
 * The text with each plain word that is not a word of a tag name but is within an edit or two of one replaced
 * by it (the most used tag's word on a tie); null when no word changed. Phrases and `-palavra` stay as typed.
 */
export async function correctedText(text: string): Promise<string | null> {
  const { groups } = textTerms(text);
  const words = [...new Set(groups.flat().map(folded))].filter(
    (w) => w.length >= MIN_WORD_LENGTH && /^\p{L}+$/u.test(w),
  );
  if (words.length === 0) return null;
  const db = await searchDb();
  const found = await db.transaction(async (tx) => {
    // A transaction of its own (a savepoint inside a search's): the looser threshold ends with it.
    const before = await tx.execute<{ previous: string }>(
      // Unset until pg_trgm is first used on the connection: its default then.
      sql`select coalesce(current_setting('pg_trgm.word_similarity_threshold', true), '0.6') as previous`,
    );
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`,
    );
    const rows = await tx.execute<{ word: string; name: string; uses: number }>(sql`
      select w.word, t.name, t.question_count + t.post_count as uses
      from unnest(string_to_array(${words.join(" ")}::text, ' ')) as w(word)
      join tags t on w.word <% t.name`);
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${before.rows[0]?.previous ?? "0.6"}, true)`,
    );
    return rows.rows;
  });

  const best = new Map<string, { word: string; edits: number; uses: number }>();
  for (const row of found) {
    for (const candidate of folded(row.name).split(/[^\p{L}\p{N}]+/u)) {
      if (candidate.length < MIN_WORD_LENGTH - 1) continue;
      const edits = candidate === row.word ? 0 : editDistance(row.word, candidate, allowedEdits(row.word));
      if (edits > allowedEdits(row.word)) continue;
      const known = best.get(row.word);
      const uses = Number(row.uses);
      if (!known || edits < known.edits || (edits === known.edits && uses > known.uses)) {
        best.set(row.word, { word: candidate, edits, uses });
      }
    }
  }
  let changed = false;
  const corrected = text.replace(/-?"[^"]*"?|\S+/g, (token) => {
    const match = best.get(folded(token));
    if (!match || match.edits === 0) return token;
    changed = true;
    return match.word;
  });
  return changed ? corrected : null;
}
