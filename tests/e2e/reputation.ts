// Voting and flagging need a confirmed e-mail and 15 points (app/features/moderation/rules.ts). A spec whose
// member votes or flags earns them as a member would: the member confirms the address from the e-mail, asks two
// questions, and the suite's administrator (an established member) finds both useful.
import type { Browser, Page } from "@playwright/test";
import type { Credentials } from "./auth.ts";
import { randomIp } from "./auth.ts";
import { expect } from "./fixtures.ts";
import { signInAsAdmin } from "./moderators.ts";
import { waitForMail } from "./outbox.ts";
import { askQuestion } from "./questions.ts";

/** Confirms the address of the member signed in on `page` with the link of their sign-up e-mail. */
export async function confirmEmail(page: Page, member: Credentials): Promise<void> {
  const mail = await waitForMail(member.email, /Confirme/);
  const link = mail.text.match(/\/confirmar-email\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the e-mail to ${member.email}`);
  const confirmed = await page.request.post(link, { form: {}, headers: { "X-Forwarded-For": randomIp() } });
  expect(await confirmed.text()).toContain("E-mail confirmado!");
}

/** The member signed in on `page` confirms their e-mail and earns 21 points: they may vote up and flag. */
export async function earnVotingRights(page: Page, member: Credentials, browser: Browser): Promise<void> {
  await confirmEmail(page, member);
  await earnPoints(page, member, browser);
}

/** The member signed in on `page` earns 21 points (two questions the administrator finds useful). */
export async function earnPoints(page: Page, member: Credentials, browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    for (const n of [1, 2]) {
      const question = await askQuestion(page, {
        title: `Pergunta ${n} de ${member.name} sobre JavaScript`,
        description: "Um problema descrito com texto suficiente para passar pela validação.",
        details: "Tentei de tudo e esperava que funcionasse logo na primeira vez.",
        tags: "javascript",
      });
      const vote = await admin.request.post(question, {
        form: { intent: "vote", kind: "question", value: "1" },
        headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": randomIp() },
        maxRedirects: 0,
      });
      expect(vote.status(), await vote.text()).toBeLessThan(400);
    }
  } finally {
    await context.close();
  }
}
