// Newsletter subscriptions: one row per normalised address, confirmed through a link sent by e-mail, and left
// with one click from any newsletter e-mail (ADR 024). The form is open to anyone, so it is rate-limited per
// client address, per mailbox and for the whole site, and neither its answer nor its timing says whether an
// address is subscribed.
import { createHash, timingSafeEqual } from "node:crypto";
import { eq, isNull, sql } from "drizzle-orm";
import { newsletterSubscriptions } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { queueMail } from "#app/lib/mail-outbox.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";
// The shared counters of the accounts feature (its public rate-limit functions).
import {
  assertRateLimit,
  hitRateLimit,
  RATE_LIMITS,
  RateLimitError,
  type RateLimitRule,
} from "#app/lib/rate-limits.server.ts";
// The accounts' background runner: the request never waits for the mail server (and shutdown settles it).
import { runInBackground } from "#app/lib/background-work.server.ts";

export type SubscribeOutcome = "confirmation_sent" | "already_confirmed";

/** Who asked: the client address the form came from (rate limits). */
export type Sender = { ip: string };

export const NEWSLETTER_MESSAGES = {
  tooManyForAddress:
    "Este e-mail já foi informado várias vezes hoje. Confira a caixa de entrada (e o spam) ou tente de novo amanhã.",
  tooManyForSite: "Recebemos muitas inscrições na última hora. Tente de novo daqui a pouco, por favor.",
} as const;

/**
 * Confirmations the whole site sends an hour, whoever asks (ADR 024): a botnet, with a fresh client address
 * and a fresh mailbox per request, cannot use the form as a mail cannon. Counted after the per-client and
 * per-mailbox limits, so refused requests do not use it up.
 */
export const NEWSLETTER_SITE_LIMIT: RateLimitRule = {
  name: "newsletter:site",
  limit: 200,
  windowSeconds: 3600,
};

const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for the per-address limit: lower-cased, without a `+tag`, and for
 * Gmail without dots (ana.b+1@gmail.com and anab@googlemail.com are one inbox). Only the limit uses it: the
 * subscription keeps the address as typed.
 */
export function mailboxOf(email: string): string {
  const normalised = email.trim().toLowerCase();
  const at = normalised.lastIndexOf("@");
  if (at <= 0) return normalised;
  let local = normalised.slice(0, at).split("+", 1)[0]!;
  let domain = normalised.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local || normalised.slice(0, at)}@${domain}`;
}

/**
 * `email` must already be normalised by `newsletterSchema`. Throws a `RateLimitError` (429) past the limits;
 * attempts are counted before the address is looked up, so a refusal says nothing about a subscription, and
 * the e-mail leaves in the background, so a new and a confirmed address take the same time.
 */
export async function subscribe(email: string, sender: Sender): Promise<SubscribeOutcome> {
  await assertRateLimit(RATE_LIMITS.newsletterPerIp, sender.ip);
  const perAddress = await hitRateLimit(RATE_LIMITS.newsletterPerAddress, mailboxOf(email));
  if (!perAddress.allowed) {
    throw new RateLimitError(NEWSLETTER_MESSAGES.tooManyForAddress, perAddress.retryAfterSeconds);
  }
  const perSite = await hitRateLimit(NEWSLETTER_SITE_LIMIT, "all");
  if (!perSite.allowed) {
    throw new RateLimitError(NEWSLETTER_MESSAGES.tooManyForSite, perSite.retryAfterSeconds);
  }
  const db = await getDb();
  const { token, hash } = createToken();
  // Insert, or rotate the token of a pending subscription so the newest e-mail's link is the one that works.
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({ email, tokenHash: hash })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { tokenHash: hash },
      setWhere: isNull(newsletterSubscriptions.confirmedAt),
    })
    .returning({ id: newsletterSubscriptions.id });
  // No row back: the address exists and is already confirmed (the conditional update did not apply).
  if (!row) return "already_confirmed";
  const link = `${publicUrl()}/newsletter/confirmar/${token}`;
  runInBackground(() =>
    sendNewsletterMail(
      { id: row.id, email, tokenHash: hash },
      {
        subject: "Confirme sua inscrição na Suporte de Domingo",
        text: [
          "Olá!",
          "",
          "Recebemos um pedido para enviar as atualizações da Suporte de Domingo para este e-mail.",
          `Para confirmar, abra este link e aperte "Confirmar inscrição": ${link}`,
          "",
          "Se não foi você, é só ignorar esta mensagem.",
        ].join("\n"),
      },
    ),
  );
  return "confirmation_sent";
}

export type ConfirmationLinkState = "pending" | "confirmed" | "invalid";

/** What the confirmation link names, without changing it (opening the link only shows the button). */
export async function confirmationLinkState(token: string): Promise<ConfirmationLinkState> {
  const db = await getDb();
  const [row] = await db
    .select({ confirmedAt: newsletterSubscriptions.confirmedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.tokenHash, hashToken(token)));
  if (!row) return "invalid";
  return row.confirmedAt ? "confirmed" : "pending";
}

/** Confirms the subscription the link names (its button's POST); pressing it again keeps the first date. */
export async function confirmSubscription(token: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, now())` })
    .where(eq(newsletterSubscriptions.tokenHash, hashToken(token)))
    .returning({ id: newsletterSubscriptions.id });
  return Boolean(row);
}

// ------------------------------------------------------------------------------------------ unsubscribe

type SubscriptionRow = { id: number; email: string; tokenHash: string };

/**
 * The token of the one-click unsubscribe link: the row's id and a digest of its stored token hash. Nothing new
 * to store, stable once confirmed, and only whoever holds the e-mail (or the database) can make it.
 */
function unsubscribeToken(row: Pick<SubscriptionRow, "id" | "tokenHash">): string {
  const digest = createHash("sha256").update(`newsletter-unsubscribe:${row.tokenHash}`).digest("base64url");
  return `${row.id}.${digest}`;
}

function unsubscribeUrl(row: Pick<SubscriptionRow, "id" | "tokenHash">): string {
  return `${publicUrl()}/newsletter/cancelar/${unsubscribeToken(row)}`;
}

/**
 * Every newsletter e-mail goes through here: the unsubscribe link in the text and the `List-Unsubscribe`
 * headers (RFC 2369 and RFC 8058's one-click POST) that mail clients turn into their own button.
 */
async function sendNewsletterMail(row: SubscriptionRow, mail: { subject: string; text: string }) {
  const url = unsubscribeUrl(row);
  await queueMail(await getDb(), {
    to: row.email,
    subject: mail.subject,
    text: `${mail.text}\n\n--\nPara não receber mais e-mails da newsletter: ${url}`,
    headers: {
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

async function subscriptionByUnsubscribeToken(token: string) {
  const id = Number(token.split(".", 1)[0]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      tokenHash: newsletterSubscriptions.tokenHash,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  if (!row) return null;
  const expected = Buffer.from(unsubscribeToken(row));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}

/** Whether the unsubscribe link still names a subscription (the page shows the button only then). */
export async function isUnsubscribeLinkValid(token: string): Promise<boolean> {
  return (await subscriptionByUnsubscribeToken(token)) !== null;
}

/** Deletes the subscription the link names; false when there is none (a wrong link, or already left). */
export async function unsubscribe(token: string): Promise<boolean> {
  const row = await subscriptionByUnsubscribeToken(token);
  if (!row) return false;
  const db = await getDb();
  const deleted = await db
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, row.id))
    .returning({ id: newsletterSubscriptions.id });
  return deleted.length > 0;
}

// ------------------------------------------------------------------------------- a member's own address

/** The subscription of `email`, if any (a member's data export). */
export async function subscriptionOf(email: string, executor?: Executor) {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({
      email: newsletterSubscriptions.email,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      createdAt: newsletterSubscriptions.createdAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, sql`lower(${email})`));
  return row ?? null;
}

/** Forgets the subscription of `email` (account removal); call inside the removing transaction. */
export async function removeSubscriptionOf(executor: Executor, email: string): Promise<void> {
  await executor
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, sql`lower(${email})`));
}
