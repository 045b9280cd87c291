// Reads the e-mails the e2e server wrote to DATA_DIR/outbox (SMTP_URL is unset there).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eDataDir } from "../../playwright.config.ts";

export type SentMail = { to: string; subject: string; text: string; html?: string; sentAt: string };

async function readOutbox(): Promise<SentMail[]> {
  const dir = path.join(e2eDataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as SentMail),
  );
  return mails.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** Waits for the newest e-mail sent to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject?: RegExp): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox()).filter(
          (m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(m.subject)),
        );
        found = mails.at(-1);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the e-mail's text that starts with the site's origin. */
export function linkIn(mail: SentMail): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return match[0];
}
