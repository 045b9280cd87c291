// URL slugs for tags and posts: "Programação em C" → "programacao-em-c". Shared by client and server.

/** Letters that Unicode normalisation does not split into a base letter plus an accent. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
};

/**
 * Lower case, accents removed, every run of other characters turned into one "-", no "-" at either end.
 * With `maxLength`, the slug is cut at the last "-" that fits (or hard-cut when one word is too long).
 * May return "" (e.g. for "!!!" or text in a non-Latin script): callers pick a fallback.
 */
export function slugify(text: string, options: { maxLength?: number } = {}): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const max = options.maxLength;
  if (max === undefined || slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastDash = cut.lastIndexOf("-");
  return (lastDash > 0 ? cut.slice(0, lastDash) : slug.slice(0, max)).replace(/-+$/, "");
}
