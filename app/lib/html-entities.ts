// Character references in text that came out of HTML (a stored body, a snippet of one) back to characters. A
// reference to no character (`&#x110000;`, `&#0;`, a surrogate) stays as it was written: one member's text must
// never throw while another member's page is built. Plain-text fields (titles, names) are never decoded.
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

function character(code: number): string | undefined {
  const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : undefined;
}

export function decodeHtmlEntities(text: string, named: Record<string, string> = NAMED): string {
  return text.replace(/&(#x[\da-f]{1,8}|#\d{1,9}|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const hex = name[1] === "x" || name[1] === "X";
      return character(hex ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)) ?? whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}
