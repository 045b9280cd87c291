// E-mail that survives a crash (ADR 048). A change that causes an e-mail writes it to `mail_outbox` in its own
// transaction (`queueMail`); a sender on every app server claims due rows with `FOR UPDATE SKIP LOCKED` (so two
// servers never send one row twice), sends them (mail.server.ts: SMTP, or the outbox folder), and retries a
// failure with back-off until MAIL_MAX_ATTEMPTS, after which the row keeps its last error for administrators.
// A row may also be a job whose message is made when it is sent (a password reset: the forgot form's request
// does the same work whether or not the address has an account).
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { mailOutbox } from "#db/schema.ts";
import { getDb, type Executor } from "./db.server.ts";
import { logger } from "./logger.server.ts";
import { sendMail, type MailMessage } from "./mail.server.ts";

/** Tries before a message is given up on (kept, with its error, for administrators). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How often each app server looks for due e-mails (a queued e-mail is also sent at once, see `queueMail`). */
const POLL_MS = 1_000;
/**
 * A claimed row not marked sent or failed within this (its server died mid-send) is tried again. Short, so a
 * crash delays an e-mail by seconds; a send slower than this may leave twice, which is better than never.
 */
const CLAIM_SECONDS = 30;
const BATCH = 10;

/** The wait before try number `attempts + 1`: 30 s, 1 min, 2 min… up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Writes an e-mail to the outbox, inside the caller's transaction: it leaves if and when that commits. */
export async function queueMail(executor: Executor, message: MailMessage): Promise<void> {
  await executor.insert(mailOutbox).values({
    kind: "mail",
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
  });
  nudge();
}

/** Writes a job whose message `kind`'s renderer (registerMailRenderer) makes when it is sent. */
export async function queueMailJob(
  executor: Executor,
  kind: string,
  recipient: string,
  payload: Record<string, string>,
): Promise<void> {
  await executor.insert(mailOutbox).values({ kind, recipient, payload });
  nudge();
}

/** Makes a job's message when it is sent; null when there is nothing to send (the address has no account). */
export type MailRenderer = (job: {
  recipient: string;
  payload: Record<string, string>;
}) => Promise<MailMessage | null>;

type Row = typeof mailOutbox.$inferSelect;

/** Claims up to BATCH due rows for this server: each is this server's until sent, failed or CLAIM_SECONDS. */
async function claimDue(): Promise<Row[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/**
 * Sends what is due now, once; returns how many rows it handled. The sender calls it on a timer; tests call it
 * directly.
 */
export async function deliverDueMail(): Promise<number> {
  const rows = await claimDue();
  const db = await getDb();
  for (const row of rows) {
    try {
      const message =
        row.kind === "mail"
          ? {
              to: row.recipient,
              subject: row.subject,
              text: row.text,
              ...(row.html ? { html: row.html } : {}),
              ...(row.headers ? { headers: row.headers } : {}),
            }
          : await render(row);
      if (message) await sendMail(message);
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const gaveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .update(mailOutbox)
        .set({
          lastError,
          ...(gaveUp
            ? { failedAt: new Date() }
            : { nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` }),
        })
        .where(eq(mailOutbox.id, row.id));
      logger[gaveUp ? "error" : "warn"](
        { id: row.id, kind: row.kind, attempts: row.attempts, err: error },
        gaveUp ? "e-mail given up after its last try" : "e-mail not sent; it will be tried again",
      );
    }
  }
  return rows.length;
}

function render(row: Row): Promise<MailMessage | null> {
  const renderer = renderers.get(row.kind);
  if (!renderer) throw new Error(`no renderer for e-mails of kind "${row.kind}"`);
  return renderer({ recipient: row.recipient, payload: row.payload ?? {} });
}

const renderers = new Map<string, MailRenderer>();

/** Declares how jobs of `kind` become e-mails; the module that queues them registers it when it loads. */
export function registerMailRenderer(kind: string, renderer: MailRenderer): void {
  renderers.set(kind, renderer);
}

// ------------------------------------------------------------------------------------------- the sender

let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | null = null;
let again = false;

/** One pass at a time per process; a nudge during a pass runs another right after it. */
function pass(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        while ((await deliverDueMail()) === BATCH);
      } while (again);
    } catch (error) {
      logger.error({ err: error }, "the e-mail sender's pass failed");
    } finally {
      running = null;
    }
  })();
  return running;
}

/** After a queueing transaction commits, the row is due at once: look soon rather than at the next tick. */
function nudge() {
  if (timer) setTimeout(() => void pass(), 20);
}

/** Starts this process's sender (app start-up). */
export function startMailSender(): void {
  timer ??= setInterval(() => void pass(), POLL_MS);
  timer.unref();
  void pass();
}

/** Stops the sender after a last pass (shutdown): what is still due waits in the table for the next start. */
export async function stopMailSender(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await sendDueMailNow();
}

/** Sends everything due now and waits for it (shutdown; tests that read what was sent). */
export async function sendDueMailNow(): Promise<void> {
  await running;
  await pass();
}

/** E-mails given up on, newest first, for administrators. */
export async function failedMail(limit = 20) {
  const db = await getDb();
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      failedAt: mailOutbox.failedAt,
    })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(desc(mailOutbox.failedAt))
    .limit(limit);
}

/** "Tentar de novo" on a failed e-mail (the SMTP server is back, the address was fixed): due now, attempts reset. */
export async function retryFailedMail(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(mailOutbox)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.id, id), isNotNull(mailOutbox.failedAt)))
    .returning({ id: mailOutbox.id });
  if (rows.length > 0) nudge();
  return rows.length > 0;
}

/** "Descartar": a failed e-mail no one will send (a mailbox that does not exist). */
export async function discardFailedMail(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.id, id), isNotNull(mailOutbox.failedAt)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** How many e-mails were given up on (the administrators' page counts them all, lists the newest). */
export async function failedMailCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt));
  return row?.n ?? 0;
}
