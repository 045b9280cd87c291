// Versions an answer was tested on: parsed into a sortable key so they compare as versions, not as strings
// (3.9 < 3.13, 9 < 19, 1.9 < 1.10.2), and the rules that read them: when an answer "pode estar
// desatualizada", the order "funcionam na versão mais nova primeiro" and whether it applies to the reader's
// version. No validation library: the question page imports this.

/** Tag + version pairs one answer may name (one per tag of the question). */
export const ANSWER_VERSIONS_MAX = 5;
/** Members' "não funciona mais na versão X" marks that make an answer outdated (the author's own counts at once). */
export const OUTDATED_MARKS_TO_SHOW = 3;
/** Longest version text kept ("2024.10.1-lts" is 13). */
export const VERSION_TEXT_MAX = 24;
/** Numeric parts compared: major.minor.patch.build. */
const VERSION_PARTS_MAX = 4;

export const VERSION_MESSAGES = {
  invalid: "Informe a versão como números separados por ponto (ex.: 19, 3.13 ou 1.10.2), com até 4 partes.",
  tagNotOnQuestion: "Escolha uma das tags da pergunta.",
  tooMany: `Informe no máximo ${ANSWER_VERSIONS_MAX} versões.`,
  oneVersionPerTag: "Informe só uma versão por tag.",
  notNewer: "Marque uma versão mais nova do que a versão em que a resposta foi testada.",
  markNeedsVersion: "Diga em qual versão a resposta deixou de funcionar.",
  noMarkToRetract: "Você não marcou esta resposta como desatualizada.",
} as const;

export type VersionKey = number[];
export type TaggedVersion = { tag: string; version: string };
/** Where an answer may have stopped working: a tag of the question and the version. */
export type OutdatedSince = TaggedVersion;

/**
 * "v19", "19", "3.13", "1.10.2", "24.0.0-rc.1" (suffix after the numbers ignored for comparing) → the
 * normalised text and its key; null when it is not a version.
 */
export function parseVersion(input: string): { version: string; key: VersionKey } | null {
  const text = input.trim().replace(/^v(?=\d)/i, "");
  if (text.length === 0 || text.length > VERSION_TEXT_MAX) return null;
  const match = /^(\d{1,6}(?:\.\d{1,6}){0,3})(?:[-+][0-9A-Za-z.-]+)?$/.exec(text);
  if (!match?.[1]) return null;
  const key = match[1].split(".").map(Number);
  if (key.length > VERSION_PARTS_MAX || key.some((n) => !Number.isSafeInteger(n))) return null;
  return { version: text, key };
}

/** Compares two keys part by part; a missing part counts as 0 (18 == 18.0). */
export function compareVersionKeys(a: VersionKey, b: VersionKey): number {
  for (let i = 0; i < VERSION_PARTS_MAX; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** Compares two version texts (an unparseable one sorts first). */
export function compareVersions(a: string, b: string): number {
  const ka = parseVersion(a)?.key;
  const kb = parseVersion(b)?.key;
  if (!ka || !kb) return ka ? 1 : kb ? -1 : 0;
  return compareVersionKeys(ka, kb);
}

/** A tag name as tags are written (lower case, trimmed). */
export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase();
}

/** One mark: who, on which tag, at which version. */
export type OutdatedMark = { memberId: number; tag: string; version: string };

/**
 * The rule: per tag, the author's own mark, or `OUTDATED_MARKS_TO_SHOW` marks from members, make the answer
 * "pode estar desatualizada desde" the lowest version the rule reached (the author's version, or the version of
 * the Nth lowest mark: by then N members said it fails at or below it). Of several tags, the first by name.
 */
export function outdatedSince(marks: OutdatedMark[], authorId: number): OutdatedSince | null {
  const byTag = new Map<string, OutdatedMark[]>();
  for (const mark of marks) byTag.set(mark.tag, [...(byTag.get(mark.tag) ?? []), mark]);
  for (const tag of [...byTag.keys()].sort()) {
    const sorted = [...(byTag.get(tag) ?? [])].sort((a, b) => compareVersions(a.version, b.version));
    const reached: string[] = [];
    const own = sorted.find((m) => m.memberId === authorId);
    if (own) reached.push(own.version);
    const nth = sorted[OUTDATED_MARKS_TO_SHOW - 1];
    if (nth) reached.push(nth.version);
    if (reached.length > 0) {
      const lowest = reached.sort(compareVersions)[0] ?? "";
      return { tag, version: lowest };
    }
  }
  return null;
}

/** The newest version an answer was tested on (of any tag), as a key for the order; null if none. */
function newestTestedKey(versions: TaggedVersion[]): VersionKey | null {
  let best: VersionKey | null = null;
  for (const v of versions) {
    const key = parseVersion(v.version)?.key;
    if (key && (!best || compareVersionKeys(key, best) > 0)) best = key;
  }
  return best;
}

/**
 * "Funcionam na versão mais nova primeiro": answers not outdated first, then by the newest version they were
 * tested on (highest first; untested last), ties keep the given order (the votes order).
 */
export function byNewestVersion<A extends { versions: TaggedVersion[]; outdatedSince: OutdatedSince | null }>(
  list: A[],
): A[] {
  const keyed = list.map((answer, index) => ({ answer, index, key: newestTestedKey(answer.versions) }));
  keyed.sort((a, b) => {
    const outdated = Number(Boolean(a.answer.outdatedSince)) - Number(Boolean(b.answer.outdatedSince));
    if (outdated !== 0) return outdated;
    if (a.key && b.key) {
      const diff = compareVersionKeys(b.key, a.key);
      if (diff !== 0) return diff;
    } else if (a.key || b.key) return a.key ? -1 : 1;
    return a.index - b.index;
  });
  return keyed.map((k) => k.answer);
}

/** The reader's version: `?versao=node@24` in the address (tag@version). */
export function parseReaderVersion(value: string | null | undefined): TaggedVersion | null {
  if (!value) return null;
  const at = value.lastIndexOf("@");
  if (at <= 0) return null;
  const tag = normaliseTag(value.slice(0, at));
  const parsed = parseVersion(value.slice(at + 1));
  return tag && parsed ? { tag, version: parsed.version } : null;
}

/** Whether an answer applies to the reader's version: "yes", "no" or null (it names no version of that tag). */
export type Applicability = "applies" | "other-version" | "outdated" | null;

/**
 * An answer applies to the reader's version when it was tested on the same major version of that tag at or
 * below the reader's (19.0 applies to 19.2, not to 18 nor 20), and it is not marked outdated on that tag at or
 * below the reader's version. Marked outdated at or below it: "outdated"; tested on another major or a newer
 * minor: "other-version"; no version of that tag: null (nothing is said).
 */
export function applicability(
  answer: { versions: TaggedVersion[]; outdatedSince: OutdatedSince | null },
  reader: TaggedVersion,
): Applicability {
  const readerKey = parseVersion(reader.version)?.key;
  if (!readerKey) return null;
  const since = answer.outdatedSince;
  const sinceKey = since && since.tag === reader.tag ? parseVersion(since.version)?.key : undefined;
  if (sinceKey && compareVersionKeys(sinceKey, readerKey) <= 0) return "outdated";
  const tested = answer.versions.find((v) => v.tag === reader.tag);
  const testedKey = tested ? parseVersion(tested.version)?.key : undefined;
  if (!testedKey) return null;
  return testedKey[0] === readerKey[0] && compareVersionKeys(testedKey, readerKey) <= 0
    ? "applies"
    : "other-version";
}

/** "react 19" */
export function versionLabel(v: TaggedVersion): string {
  return `${v.tag} ${v.version}`;
}
