// The errors a text carries (ADR 041): error codes, exception names and the error message as a template, with
// paths, line numbers, ids, numbers and quoted values normalised away, so that two traces of the same error
// from different machines give the same signatures. Pure: used by the server when content is written and
// searched, and by the ask form to decide whether the details look like an error at all.
import { decodeHtmlEntities } from "#app/lib/html-entities.ts";

type SignatureKind = "code" | "sqlstate" | "exc" | "msg" | "tpl" | "http";

export type ErrorSignature = {
  /** `code:ERR_MODULE_NOT_FOUND`, `sqlstate:42P01`, `exc:java.lang.NullPointerException`, `msg:…`, `http:404`. */
  signature: string;
  /** How much a shared signature says: a code is strong, a generic `Error` weak. */
  weight: number;
  /** The line of the text it came from (shown beside a match), trimmed and cut to a readable length. */
  line: string;
};

/** At most this many signatures per text (a long log says the same few things many times). */
const MAX_SIGNATURES = 12;
/** Only this much of a text is read (the ask form sends no more either). */
export const MAX_ERROR_TEXT = 20_000;
const MAX_LINE = 200;
/**
 * What is read of one line, and of one message: an error's name and message come first, and a cap keeps every
 * pattern's work per line bounded (a 2,000-character line of "a-a-a-…" cost 27 ms each uncapped).
 */
const MAX_SCANNED_LINE = 400;
const MAX_MESSAGE = 300;
const MAX_TEMPLATE_WORDS = 14;

/** `tpl` is a message's template without the name it came with: `erro:"…"` finds a message however it was raised. */
const WEIGHTS: Record<SignatureKind, number> = { code: 5, sqlstate: 5, msg: 4, exc: 2, tpl: 2, http: 1 };
/** Names every runtime uses for everything: they say little on their own. */
const GENERIC_NAMES = new Set([
  "error",
  "exception",
  "system.exception",
  "java.lang.exception",
  "java.lang.runtimeexception",
  "runtimeerror",
  "uncaughtexception",
]);

/** errno names (Node, libc, Python's OSError) that are worth a code of their own. */
const ERRNO =
  /\b(ENOENT|EACCES|EADDRINUSE|EADDRNOTAVAIL|ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EPERM|EEXIST|EISDIR|ENOTDIR|EMFILE|ENFILE|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ENOTEMPTY|ENOSPC|EBUSY|EROFS|ELIFECYCLE|ERESOLVE|EINTEGRITY|ENOMEM)\b/g;

const CODE_PATTERNS: { pattern: RegExp; kind: SignatureKind; value: (m: RegExpExecArray) => string }[] = [
  { pattern: /\b(ERR_[A-Z0-9_]{3,60})\b/g, kind: "code", value: (m) => m[1] ?? "" },
  { pattern: ERRNO, kind: "code", value: (m) => m[1] ?? "" },
  { pattern: /\b(TS\d{4,5})\b/g, kind: "code", value: (m) => m[1] ?? "" },
  { pattern: /\b(CS\d{4})\b/g, kind: "code", value: (m) => m[1] ?? "" },
  { pattern: /\b(ORA-\d{5})\b/g, kind: "code", value: (m) => m[1] ?? "" },
  { pattern: /\b(PLS-\d{5})\b/g, kind: "code", value: (m) => m[1] ?? "" },
  { pattern: /\b(?:MySQL\s+)?ERROR (\d{4}) \(\w{5}\)/g, kind: "code", value: (m) => `MYSQL-${m[1] ?? ""}` },
  {
    // SQLSTATE 42P01, SQLState: 42P01, SQLSTATE[42S02], and node-postgres' `code: '42P01'`.
    pattern: /\bSQLSTATE[\s[:=]{0,4}['"]?([0-9A-Z]{5})\b|\bcode:\s*'([0-9][0-9A-Z]{4})'/gi,
    kind: "sqlstate",
    value: (m) => (m[1] ?? m[2] ?? "").toUpperCase(),
  },
  {
    pattern:
      /\b(?:status(?:\s+code)?|HTTP(?:\/\d(?:\.\d)?)?|response code|statusCode)\s*[:=]?\s*([45]\d\d)\b|\b([45]\d\d) (?:Not Found|Bad Request|Unauthorized|Forbidden|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout|Method Not Allowed|Conflict|Too Many Requests|Unprocessable (?:Entity|Content))\b/gi,
    kind: "http",
    value: (m) => m[1] ?? m[2] ?? "",
  },
];

/** An exception's name: qualified (java.lang.NullPointerException, System.IO.IOException) or not (KeyError). */
const EXCEPTION = String.raw`(?:[A-Za-z_][\w$]*\.)*(?:[A-Z][\w$]*?)?(?:Error|Exception)`;
/** `Name: message` or `Name [CODE]: message` somewhere in a line. */
const NAMED_LINE = new RegExp(String.raw`(?:^|[\s(:'"])(${EXCEPTION})(?:\s*\[[A-Z0-9_]+\])?:\s+(\S.*)$`);
/** A bare name at the end of a line (Python's `KeyError` without a message, `Caused by: x.YException`). */
const BARE_NAME = new RegExp(String.raw`(?:^|[\s:])(${EXCEPTION})\s*$`);
/** Lines led by a severity instead of a name: Go's panic, PHP's fatal error, PostgreSQL's ERROR, tsc's error. */
const KEYWORD_LINE =
  /^(?:.*?\s)??(panic|fatal error|fatal|error|erro)(?:\s+(?:TS|CS)\d{4,5})?:\s+(?:(?:Uncaught|Unhandled)\s+)?(\S.*)$/i;
const CODE_LINE = /\b(ORA-\d{5}|PLS-\d{5}|TS\d{4,5}|CS\d{4}):\s+(\S.*)$/;

/** Lines that are only frames or positions (`at x (file:1:2)`, `File "…", line 3`, `#0 …`): never messages. */
const FRAME_LINE =
  /^\s*(?:at\s|\.\.\.\s*\d+\s+more|File\s+"|#\d+\s|goroutine\s|created by\s|\^+\s*$|~+\s*$|LINE\s+\d+:|Stack trace:|thrown in\s)/i;

/** The references stored HTML uses, a no-break space read as a plain one. */
const PLAIN_ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text of stored HTML: tags out, block ends as new lines, entities decoded. */
export function plainTextOf(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(?:p|div|pre|li|h[1-6]|blockquote|tr)>/gi, "\n")
    .replace(/<[^>]*>/g, "");
  return decodeHtmlEntities(text, PLAIN_ENTITIES);
}

/**
 * A message as a template: URLs, paths (with their line and column), quoted values, hex, uuids and numbers
 * become `*`; case and punctuation go. Null when too little is left to tell errors apart.
 */
export function messageTemplate(message: string): string | null {
  const words = message
    .slice(0, MAX_MESSAGE)
    // A scheme is short: bounded, so a long run of letters and dashes is not tried from every position.
    .replace(/\b[a-z][\w+.-]{0,30}:\/\/\S+/gi, " * ")
    .replace(/\bwebpack-internal:\S+/gi, " * ")
    // Quoted values: '…', "…", `…`, “…”, ‘…’ (one line at most).
    .replace(/'[^'\n]*'|"[^"\n]*"|`[^`\n]*`|“[^”\n]*”|‘[^’\n]*’/g, " * ")
    // The first sentence is the message; what follows is often the code it points at.
    .replace(/\.\s.*$/s, " ")
    // Windows and Unix paths, with a line/column tail.
    .replace(/\b[A-Za-z]:\\[^\s'"()]*/g, " * ")
    .replace(/(?:^|[\s(=])(?:\.{0,2}\/|~\/)[^\s'"()]*/g, " * ")
    .replace(
      /[\w.-]+\.(?:js|mjs|cjs|ts|tsx|jsx|py|java|cs|go|php|rb|rs|kt|c|cpp|h|sql|json|ya?ml)(?::\d+)*\b/gi,
      " * ",
    )
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, " * ")
    .replace(/\b0x[0-9a-f]+\b/gi, " * ")
    .replace(/\b[0-9a-f]{12,}\b/gi, " * ")
    .replace(/\d+(?:[.,]\d+)*/g, " * ")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_*]+/gu, " ")
    .replace(/\*(?:\s*\*)+/g, "*")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_TEMPLATE_WORDS);
  // Two words at least that say something (not placeholders, not one letter).
  if (words.filter((w) => w !== "*" && w.length > 1 && /\p{L}/u.test(w)).length < 2) return null;
  return words.join(" ");
}

/** "error" and "erro" are one severity, "fatal error" and "fatal" another; codes are lower-cased. */
function severityOf(word: string): string {
  return word
    .toLowerCase()
    .replace(/^erro$/, "error")
    .replace(/^fatal$/, "fatal error");
}

/**
 * Frames and messages on lines of their own, also when the text came as one line (a trace pasted into the
 * search box loses its new lines): a break before `at fn (`, `File "`, `goroutine N` and `Name: ` of an
 * exception, so that a trace gives the same signatures however it was pasted. Each run of blanks is tried
 * from its start only (`(?<![ \t])`): otherwise a long run of spaces costs quadratic time (20,000 took 1.7 s).
 */
function splitFrames(text: string): string {
  return text
    .replace(
      /(?<![ \t])[ \t]+(?=at (?:async )?[\w$.<>[\]-]+(?: \[as [\w$]+\])? ?\(|at (?:node|file):|at \/|at [A-Za-z]:\\)/g,
      "\n",
    )
    .replace(
      /(?<![ \t])[ \t]+(?=File "|goroutine \d|Caused by:|Stack trace:|Traceback \(|LINE \d+:|Position: \d|Found \d+ errors?\b)/g,
      "\n",
    )
    .replace(new RegExp(String.raw`(?<![ \t])[ \t]+(?=${EXCEPTION}(?:\s*\[[A-Z0-9_]+\])?:\s)`, "g"), "\n");
}

function shortLine(line: string): string {
  const trimmed = line.trim().replace(/\s+/g, " ");
  return trimmed.length > MAX_LINE ? `${trimmed.slice(0, MAX_LINE - 1)}…` : trimmed;
}

/** The signatures of a text (plain text: call plainTextOf on HTML first), strongest first, at most 12. */
export function extractErrorSignatures(text: string): ErrorSignature[] {
  const found = new Map<string, ErrorSignature>();
  /** Signatures whose line is the error's message, not a frame or a source line that names the code. */
  const onErrorLine = new Set<string>();
  let errorLine = false;
  const add = (kind: SignatureKind, value: string, line: string, weight = WEIGHTS[kind]) => {
    if (!value) return;
    const signature = `${kind}:${value}`;
    if (found.has(signature) && (onErrorLine.has(signature) || !errorLine)) return;
    found.set(signature, { signature, weight, line: shortLine(line) });
    if (errorLine) onErrorLine.add(signature);
  };
  const lines = splitFrames(text.slice(0, MAX_ERROR_TEXT)).split(/\r?\n/);
  const addMessage = (severity: string, template: string, line: string) => {
    add("msg", `${severity} ${template}`, line);
    add("tpl", template, line);
  };
  for (const whole of lines) {
    if (whole.length > 2000 || !whole.trim()) continue;
    const line = whole.slice(0, MAX_SCANNED_LINE);
    errorLine = !FRAME_LINE.test(line) && [NAMED_LINE, CODE_LINE, KEYWORD_LINE].some((p) => p.test(line));
    for (const { pattern, kind, value } of CODE_PATTERNS) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(line); m; m = pattern.exec(line)) add(kind, value(m), line);
    }
    if (FRAME_LINE.test(line)) continue;
    const named = NAMED_LINE.exec(line);
    if (named) {
      const name = named[1] ?? "";
      const lower = name.toLowerCase();
      add("exc", name, line, GENERIC_NAMES.has(lower) ? 0.5 : name.includes(".") ? 3 : WEIGHTS.exc);
      const message = named[2] ?? "";
      const template = messageTemplate(message);
      if (template) addMessage(lower.split(".").at(-1) ?? lower, template, line);
      // A wrapped message (`PSQLException: ERROR: relation … does not exist`) is also the message it wraps.
      const inner = CODE_LINE.exec(message) ?? KEYWORD_LINE.exec(message);
      const innerTemplate = inner ? messageTemplate(inner[2] ?? "") : null;
      if (inner && innerTemplate) addMessage(severityOf(inner[1] ?? ""), innerTemplate, line);
      continue;
    }
    const coded = CODE_LINE.exec(line);
    if (coded) {
      const template = messageTemplate(coded[2] ?? "");
      if (template) addMessage(severityOf(coded[1] ?? ""), template, line);
      continue;
    }
    const keyword = KEYWORD_LINE.exec(line);
    if (keyword) {
      const template = messageTemplate(keyword[2] ?? "");
      if (template) addMessage(severityOf(keyword[1] ?? ""), template, line);
      continue;
    }
    const bare = BARE_NAME.exec(line);
    if (bare) {
      const name = bare[1] ?? "";
      add(
        "exc",
        name,
        line,
        GENERIC_NAMES.has(name.toLowerCase()) ? 0.5 : name.includes(".") ? 3 : WEIGHTS.exc,
      );
    }
  }
  return [...found.values()].sort((a, b) => b.weight - a.weight).slice(0, MAX_SIGNATURES);
}

/** The most a text's signatures can score together (a match needs a good part of it). */
export function totalWeight(signatures: ErrorSignature[]): number {
  return signatures.reduce((sum, s) => sum + s.weight, 0);
}

/** A text worth looking up: one signature that is more than a generic name or a status. */
export function looksLikeAnError(signatures: ErrorSignature[]): boolean {
  return signatures.some((s) => s.weight >= WEIGHTS.exc);
}

/**
 * The signatures of the `erro:"…"` operator's value: the error it names, or, for a bare message
 * (`erro:"Cannot read properties of undefined"`), that message whatever raised it.
 */
export function errorQuerySignatures(value: string): ErrorSignature[] {
  // A SQLSTATE typed alone (`erro:42P01`): five characters, a digit first, a digit or a capital in the rest.
  if (/^\s*[0-9][0-9A-Z]{4}\s*$/.test(value) && /\d.*[A-Z]|\d{5}/.test(value)) {
    return [{ signature: `sqlstate:${value.trim()}`, weight: WEIGHTS.sqlstate, line: value.trim() }];
  }
  const own = extractErrorSignatures(value);
  if (looksLikeAnError(own)) return own;
  const asMessage = extractErrorSignatures(`Error: ${value.replace(/\s+/g, " ").trim()}`).filter((s) =>
    s.signature.startsWith("tpl:"),
  );
  return [...own, ...asMessage].slice(0, MAX_SIGNATURES);
}

/**
 * A whole search query that is a pasted error (several lines, or one line that is an error message with a
 * code or an exception name): searched by its signatures instead of full text on the noise.
 */
export function pastedError(query: string): ErrorSignature[] | null {
  const signatures = extractErrorSignatures(query);
  if (!looksLikeAnError(signatures)) return null;
  const multiLine = /\n/.test(query.trim());
  const strong = signatures.some((s) => s.weight >= WEIGHTS.msg);
  return multiLine || strong ? signatures : null;
}
