// Spam and abuse defences (docs/moderation.md "Defesas contra spam"): how many links a new member may put in
// one text, the administrators' lists of blocked words and e-mail domains, content held for review when
// it trips a blocked word, and the review item of a member's first question, answer or post. The writers
// (questions, answers, comments, posts) call these around their own transactions; nothing here decides whether
// someone may write at all (that is the rate limits' and the privileges' job).
import { domainToUnicode } from "node:url";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { answers, blockedTerms, flags, posts, questions, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { isModerator, requireAdmin } from "#app/lib/permissions.ts";
import { richTextToPlainText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// The notifications feature's one entry point: the author of held content is told in their notifications.
import { notify } from "#app/features/notifications/notify.server.ts";
import { logModeration } from "./moderation-log.server.ts";
import {
  BLOCKED_TERM_MAX,
  BLOCKED_TERMS_CACHE_MS,
  hasPrivilege,
  NEW_MEMBER_LINKS_MAX,
  privilegeMessage,
  missingReputation,
} from "./rules.ts";

/** Where the author of held content reads what happens next (the privileges page's section). */
const HELD_HELP_URL = "/privilegios#retidas";

export const SPAM_MESSAGES = {
  held: "Sua publicação foi retida para revisão pela moderação.",
  blockedEmailDomain: "Não é possível criar uma conta com e-mails deste domínio. Use outro endereço.",
  termRequired: "Escreva a palavra ou o domínio.",
  termTooLong: `Use no máximo ${BLOCKED_TERM_MAX} caracteres.`,
  domainInvalid: "Escreva só o domínio, por exemplo: exemplo.com.",
  termTaken: "Este termo já está na lista.",
  termNotFound: "Este termo não está mais na lista.",
  adminsOnly: "Só a administração gerencia os filtros.",
  editRefused: "Esta edição foi recusada pelos filtros de spam da moderação. Revise o texto e tente de novo.",
} as const;

/** What a member can write and the site can hold or review (the flags' target kinds). */
export type ContentTarget = "question" | "answer" | "comment" | "post";

// ------------------------------------------------------------------------------------------------- links

/** The addresses a plain-text comment shows as links (as linkify.ts turns them into anchors). */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;

/**
 * How many links a text carries: anchors of rich text plus bare addresses in its visible text (a pasted
 * address is one click away too), or the addresses of a plain-text comment.
 */
function countLinks(content: { html?: string; text?: string }): number {
  let count = 0;
  if (content.html) {
    count += content.html.match(/<a\s[^>]*href\s*=/gi)?.length ?? 0;
    // An address inside code (a fetch() call, a config file) is code, not a link anyone can click.
    const outsideAnchorsAndCode = content.html
      .replace(/<a\s[\s\S]*?<\/a>/gi, " ")
      .replace(/<pre[\s>][\s\S]*?<\/pre>/gi, " ")
      .replace(/<code[\s>][\s\S]*?<\/code>/gi, " ");
    count += richTextToPlainText(outsideAnchorsAndCode).match(URL_IN_TEXT)?.length ?? 0;
  }
  if (content.text) count += content.text.match(URL_IN_TEXT)?.length ?? 0;
  return count;
}

export function tooManyLinksMessage(found: number, missing: number): string {
  return (
    `Sua publicação tem ${found} links, e contas novas podem incluir até ${NEW_MEMBER_LINKS_MAX} por ` +
    `publicação. ${privilegeMessage("postLinksFreely", missing)}`
  );
}

/**
 * Refuses (400, next to `field`) a text with more than NEW_MEMBER_LINKS_MAX links from a member below the
 * `postLinksFreely` privilege. Links themselves are never followed by search engines: the sanitiser gives every
 * member-written anchor rel="nofollow ugc" (LINK_REL), and comments' links are made with the same rel.
 */
export function assertLinkLimit(
  member: Viewer,
  content: { html?: string; text?: string },
  field: string,
): void {
  if (hasPrivilege(member, "postLinksFreely")) return;
  const found = countLinks(content);
  if (found > NEW_MEMBER_LINKS_MAX) {
    throw new AppError(
      "validation",
      tooManyLinksMessage(found, missingReputation(member, "postLinksFreely")),
      {
        field,
      },
    );
  }
}

// ----------------------------------------------------------------------------------------- blocked terms

export type BlockedTermKind = "word" | "email_domain";
export type BlockedTerm = {
  id: number;
  kind: BlockedTermKind;
  value: string;
  createdAt: Date;
  createdBy: { handle: string; name: string } | null;
};

/**
 * Latin look-alikes from Cyrillic and Greek (lower case), after Unicode's confusables list: "саѕѕіnо" written
 * with Cyrillic letters reads as "cassino" to a person and must to the filter. Only letters that look the same;
 * digits are left alone (a "0" for an "o" would turn ordinary numbers into words).
 */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  һ: "h",
  ɡ: "g",
  ɑ: "a",
  ɩ: "i",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/**
 * The form a blocked word is matched in: without the invisible characters that split a word for the filter and
 * not for the reader (zero-width spaces and joiners, word joiners, soft hyphens: Unicode's format characters),
 * compatibility forms made plain (fullwidth "ｃａｓｓｉｎｏ", ligatures), lower case without accents, and
 * Cyrillic or Greek look-alikes read as the Latin letter. "Cassino", "cas\u00ADsino", "ｃａｓｓｉｎｏ" and
 * "саѕѕіnо" are one word.
 */
function foldText(text: string): string {
  return text
    .replace(/\p{Cf}/gu, "")
    .normalize("NFKC")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter);
}

/** A link's address as a reader would read it: percent-escapes decoded, an IDN host (xn--…) in its letters. */
function readableAddress(href: string): string {
  let decoded = href;
  try {
    decoded = decodeURIComponent(href);
  } catch {
    // A broken escape stays as written.
  }
  try {
    const url = new URL(decoded);
    return `${decoded} ${domainToUnicode(url.hostname)}`;
  } catch {
    return decoded;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type LoadedTerms = { words: RegExp | null; wordList: string[]; domains: string[] };

/**
 * Each app server keeps the lists for a few seconds (BLOCKED_TERMS_CACHE_MS): the servers share nothing but the
 * database, and a list an administrator changed reaches every server within that time without a query per
 * write. The server that changed it forgets its copy at once.
 */
let kept: { terms: LoadedTerms; until: number } | null = null;
let loading: Promise<LoadedTerms> | null = null;
/** Bumped by `forgetBlockedTerms`: a load that started before it does not keep its (older) lists. */
let generation = 0;

function keep(load: Promise<LoadedTerms>): Promise<LoadedTerms> {
  const startedIn = generation;
  return load.then((terms) => {
    if (startedIn === generation) kept = { terms, until: Date.now() + BLOCKED_TERMS_CACHE_MS };
    return terms;
  });
}

async function loadTerms(executor?: Executor): Promise<LoadedTerms> {
  const db = executor ?? (await getDb());
  const rows = await db.select({ kind: blockedTerms.kind, value: blockedTerms.value }).from(blockedTerms);
  const wordList = rows.filter((r) => r.kind === "word").map((r) => foldText(r.value.trim()));
  const domains = rows.filter((r) => r.kind === "email_domain").map((r) => r.value.toLowerCase());
  // Whole words: not preceded or followed by a letter, digit or underscore ("cassino" never trips "cassinos").
  const words = wordList.length
    ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${wordList.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`, "u")
    : null;
  return { words, wordList, domains };
}

/**
 * The lists, from this server's copy or the database; concurrent callers share one load. Inside a transaction
 * pass it as `executor`, and the lists are read in it, never by waiting on a load outside it: on the embedded
 * database a query outside a transaction waits for it to end while the transaction waits for the query — an
 * edit checked at the moment the copy expired held the whole database for good.
 */
function currentTerms(executor?: Executor): Promise<LoadedTerms> {
  if (kept && kept.until > Date.now()) return Promise.resolve(kept.terms);
  if (executor) return keep(loadTerms(executor));
  loading ??= keep(loadTerms()).finally(() => {
    loading = null;
  });
  return loading;
}

/** Forgets this server's copy of the lists (after a change here; tests with a fresh database). */
export function forgetBlockedTerms(): void {
  generation += 1;
  kept = null;
  loading = null;
}

/** The first blocked word found in the texts (rich text as HTML, comments as plain text), or null. */
/**
 * An edit of something already published is refused, not held: holding would hide a page others may already
 * read and answer. The message does not name the word (that would teach the filter to a spammer).
 */
export async function refuseBlockedEdit(
  content: { html?: string[]; text?: string[] },
  field: string,
  /** The transaction the edit runs in, if it runs in one (see `currentTerms`). */
  executor?: Executor,
): Promise<void> {
  if ((await findBlockedWord(content, executor)) !== null) {
    throw new AppError("validation", SPAM_MESSAGES.editRefused, { field });
  }
}

export async function findBlockedWord(
  content: { html?: string[]; text?: string[] },
  executor?: Executor,
): Promise<string | null> {
  const { words } = await currentTerms(executor);
  if (!words) return null;
  const pieces: string[] = [...(content.text ?? [])];
  for (const html of content.html ?? []) {
    pieces.push(richTextToPlainText(html));
    // The addresses of links too: a blocked word often hides in a domain.
    for (const match of html.matchAll(/href\s*=\s*"([^"]*)"/gi)) pieces.push(readableAddress(match[1] ?? ""));
  }
  const found = foldText(pieces.join("\n")).match(words);
  return found ? found[0] : null;
}

/** The domain of an address, lower case ("" when there is none). */
function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, "");
}

/** Whether sign-up refuses `email`: its domain, or a domain above it, is on the blocked list. */
export async function isBlockedEmailDomain(email: string): Promise<boolean> {
  const domain = domainOf(email);
  if (!domain) return false;
  const { domains } = await currentTerms();
  return domains.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
}

/** Throws the sign-up refusal (400, next to the e-mail field) for an address of a blocked domain. */
export async function assertEmailDomainAllowed(email: string, field = "email"): Promise<void> {
  if (await isBlockedEmailDomain(email)) {
    throw new AppError("validation", SPAM_MESSAGES.blockedEmailDomain, { field });
  }
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** The value as stored: a word trimmed (spaces collapsed), a domain without "@", scheme or trailing dot. */
function normaliseTerm(kind: BlockedTermKind, raw: string): string {
  const value = raw.replace(/\s+/g, " ").trim();
  if (!value) throw new AppError("validation", SPAM_MESSAGES.termRequired, { field: "value" });
  if (Array.from(value).length > BLOCKED_TERM_MAX) {
    throw new AppError("validation", SPAM_MESSAGES.termTooLong, { field: "value" });
  }
  if (kind === "word") return value;
  const domain = value
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^.*@/, "")
    .replace(/\/.*$/, "")
    .replace(/\.$/, "");
  if (!DOMAIN.test(domain)) throw new AppError("validation", SPAM_MESSAGES.domainInvalid, { field: "value" });
  return domain;
}

/** Both lists, newest first within each kind (administrators). */
export async function listBlockedTerms(viewer: Viewer | null): Promise<BlockedTerm[]> {
  requireAdmin(viewer, SPAM_MESSAGES.adminsOnly);
  const db = await getDb();
  const rows = await db
    .select({
      id: blockedTerms.id,
      kind: blockedTerms.kind,
      value: blockedTerms.value,
      createdAt: blockedTerms.createdAt,
      handle: users.handle,
      name: users.name,
    })
    .from(blockedTerms)
    .leftJoin(users, eq(users.id, blockedTerms.createdBy))
    .orderBy(asc(blockedTerms.kind), desc(blockedTerms.createdAt), desc(blockedTerms.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as BlockedTermKind,
    value: r.value,
    createdAt: r.createdAt,
    createdBy: r.handle && r.name ? { handle: r.handle, name: r.name } : null,
  }));
}

/** Adds a word or a domain (administrators), logged as blocked_term_added. */
export async function addBlockedTerm(
  viewer: Viewer | null,
  input: { kind: BlockedTermKind; value: string },
): Promise<{ id: number; value: string }> {
  const admin = requireAdmin(viewer, SPAM_MESSAGES.adminsOnly);
  const value = normaliseTerm(input.kind, input.value);
  const db = await getDb();
  const added = await db.transaction(async (tx) => {
    // A word is matched folded (case and accents aside): "CUPOM IMPERDIVEL" is "cupom imperdível" already.
    if (input.kind === "word") {
      const words = await tx
        .select({ value: blockedTerms.value })
        .from(blockedTerms)
        .where(eq(blockedTerms.kind, "word"));
      if (words.some((word) => foldText(word.value.trim()) === foldText(value))) {
        throw new AppError("conflict", SPAM_MESSAGES.termTaken, { field: "value" });
      }
    }
    const [row] = await tx
      .insert(blockedTerms)
      .values({ kind: input.kind, value, createdBy: admin.id })
      .onConflictDoNothing()
      .returning({ id: blockedTerms.id });
    if (!row) throw new AppError("conflict", SPAM_MESSAGES.termTaken, { field: "value" });
    await logModeration(tx, {
      actorId: admin.id,
      action: "blocked_term_added",
      reason: `${input.kind === "word" ? "Palavra" : "Domínio de e-mail"}: ${value}`,
    });
    return { id: row.id, value };
  });
  forgetBlockedTerms();
  return added;
}

/** Removes a word or a domain (administrators), logged as blocked_term_removed. */
export async function removeBlockedTerm(viewer: Viewer | null, id: number): Promise<void> {
  const admin = requireAdmin(viewer, SPAM_MESSAGES.adminsOnly);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blockedTerms)
      .where(eq(blockedTerms.id, id))
      .returning({ kind: blockedTerms.kind, value: blockedTerms.value });
    if (!row) throw new AppError("not_found", SPAM_MESSAGES.termNotFound);
    await logModeration(tx, {
      actorId: admin.id,
      action: "blocked_term_removed",
      reason: `${row.kind === "word" ? "Palavra" : "Domínio de e-mail"}: ${row.value}`,
    });
  });
  forgetBlockedTerms();
}

// ------------------------------------------------------------------------------------- held and reviewed

/**
 * Records content the writer saved hidden (deleted_at set, deleted_by null) because it tripped `word`: an open
 * `held` review item, the log entry, and the author's notification. Call inside the writer's transaction.
 */
export async function recordHeld(
  tx: Executor,
  item: { kind: ContentTarget; id: number; authorId: number; word: string },
): Promise<void> {
  const reason = `Palavra bloqueada: ${item.word}`;
  await tx.insert(flags).values({
    targetKind: item.kind,
    targetId: item.id,
    authorId: item.authorId,
    reporterId: null,
    reason: "held",
    note: reason,
  });
  await logModeration(tx, {
    actorId: null,
    action: "hold",
    target: { kind: item.kind, id: item.id },
    subjectId: item.authorId,
    reason,
  });
  await notify(tx, {
    userId: item.authorId,
    kind: "moderation",
    title: SPAM_MESSAGES.held,
    url: HELD_HELP_URL,
  });
}

/**
 * Opens a `first_post` review item when `item` is its author's first question, first answer or first post
 * (moderators' own writing is not reviewed). The content stays published. Call inside the writer's
 * transaction, after its insert.
 */
export async function recordFirstPost(
  tx: Executor,
  author: Viewer,
  item: { kind: "question" | "answer" | "post"; id: number },
): Promise<boolean> {
  if (isModerator(author)) return false;
  const table = { question: questions, answer: answers, post: posts }[item.kind];
  const [earlier] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.authorId, author.id), ne(table.id, item.id)))
    .limit(1);
  if (earlier) return false;
  await tx.insert(flags).values({
    targetKind: item.kind,
    targetId: item.id,
    authorId: author.id,
    reporterId: null,
    reason: "first_post",
  });
  return true;
}
