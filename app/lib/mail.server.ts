// Sends e-mail over SMTP when SMTP_URL is set; otherwise writes each message to DATA_DIR/outbox/ as JSON and
// logs it, so every flow (verification, reset, newsletter) works offline and tests can read what was sent.
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe` on newsletter e-mails (nodemailer passes them through). */
  headers?: Record<string, string>;
};

type Transport = { sendMail: (message: MailMessage & { from: string }) => Promise<unknown> };
let transport: Promise<Transport> | undefined;

async function smtpTransport(url: string): Promise<Transport> {
  const nodemailer = await import("nodemailer");
  return nodemailer.createTransport(url);
}

export function outboxDir() {
  return path.resolve(env().DATA_DIR, "outbox");
}

export async function sendMail(message: MailMessage): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (SMTP_URL) {
    transport ??= smtpTransport(SMTP_URL);
    await (await transport).sendMail({ ...message, from: MAIL_FROM });
    logger.info({ to: message.to, subject: message.subject }, "e-mail sent");
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.json`);
  // Written beside and renamed into place: whoever reads the folder sees a whole message or none.
  const partial = `${file}.partial`;
  await writeFile(
    partial,
    JSON.stringify({ ...message, from: MAIL_FROM, sentAt: new Date().toISOString() }, null, 2),
  );
  await rename(partial, file);
  logger.info(
    { to: message.to, subject: message.subject, file },
    "e-mail written to the outbox (SMTP_URL unset)",
  );
}
