// Badges, as on Stack Overflow: a new member asks their first question, the bell tells them of their first
// badge, their profile's Medalhas lists it, and the badges page says how to earn every badge and who has it.
import { randomBytes } from "node:crypto";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

test("a first question earns a bronze badge, told by the bell and shown on the profile and on /medalhas", async ({
  page,
}) => {
  const stamp = randomBytes(4).toString("hex");
  const member = await signUp(page, { name: `Clara Medalha ${stamp}` });
  // The ask form's own fields, as a member fills them.
  const ask = await page.request.post("/ask-a-question", {
    form: {
      title: `Como configurar o ESLint com TypeScript? ${stamp}`,
      description: "Instalei o ESLint num projeto TypeScript e ele não reconhece os tipos do projeto.",
      details: "Esperava que o lint entendesse os tipos; recebo erros de parsing em todo arquivo.",
      tags: "javascript",
    },
    maxRedirects: 0,
  });
  expect(ask.status()).toBe(302);

  // The badge is checked once the question is saved; the notifications page lists it.
  await expect
    .poll(async () => {
      await page.goto("/notifications");
      return page.getByText("Você ganhou a medalha “Primeira pergunta” (bronze)").count();
    })
    .toBe(1);
  await page.getByRole("link", { name: /Você ganhou a medalha “Primeira pergunta”/ }).click();
  await expect(page).toHaveURL(/\/medalhas#primeira-pergunta$/);
  const badge = page.locator("#primeira-pergunta");
  await expect(badge.getByRole("heading", { name: /Primeira pergunta/ })).toBeVisible();
  await expect(badge).toContainText("Fez a primeira pergunta.");
  await expect(badge.getByRole("link", { name: member.name })).toBeVisible();

  // Their profile counts it and lists it in Medalhas.
  await badge.getByRole("link", { name: member.name }).click();
  await expect(page.getByText("Medalhas:")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Medalhas", exact: true }).click();
  await expect(
    page.getByRole("list", { name: "Medalhas" }).getByRole("link", { name: "Primeira pergunta" }),
  ).toBeVisible();

  // Beside their name on their question: one bronze.
  await page.goto(ask.headers().location ?? "/");
  const asker = page.getByText("Perguntou em").locator("xpath=..");
  await expect(asker).toContainText("medalha de bronze: 1");
});
