// Questions and answers made through the site's own forms (as form posts), for specs that need them in place
// before the part they test.
import { expect, type Page } from "@playwright/test";

export type QuestionFields = { title: string; description: string; details: string; tags: string };

/** Asks a question as the signed-in member; returns its address (`/questions/{id}`). */
export async function askQuestion(page: Page, fields: QuestionFields): Promise<string> {
  const response = await page.request.post("/ask-a-question", { form: fields, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const question = response.headers().location ?? "";
  expect(question).toMatch(/^\/questions\/\d+$/);
  return question;
}

/** Answers `question` as the signed-in member; `body` is HTML (as the editor sends it). */
export async function answerQuestion(page: Page, question: string, body: string): Promise<void> {
  const response = await page.request.post(question, {
    form: { intent: "answer", "body-format": "html", body },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
}
