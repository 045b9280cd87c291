// A moderator suspends a member for 3 days with a reason: the member sees why and until when on every page,
// their writes are refused with that message (an answer posted straight to the server, a comment from the
// page), and the moderation log lists the suspension with its reason.
import { randomBytes } from "node:crypto";
import { randomIp, signIn, signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { makeModerator, ownHandle, signInAsAdmin } from "./moderators.ts";
import { askQuestion } from "./questions.ts";
import { enableTwoFactor } from "./two-factor.ts";

test("a moderator suspends a member, who reads but cannot write, and the log keeps it", async ({ page }) => {
  // Four people (the administrator, a moderator, the member) and three pages each: a long journey.
  test.slow();
  const stamp = randomBytes(4).toString("hex");
  const reason = `Respostas ofensivas repetidas ${stamp}`;

  const member = await signUp(page, { name: `Membro Suspenso ${stamp}` });
  const memberHandle = await ownHandle(page);
  const moderator = await signUp(page, { name: `Moderação ${stamp}` });
  // Moderators hold their powers only with two-factor sign-in on (ADR 049).
  await enableTwoFactor(page, moderator);
  const moderatorHandle = await ownHandle(page);
  await signInAsAdmin(page);
  await makeModerator(page, moderatorHandle);

  await signIn(page, moderator);
  const question = await askQuestion(page, {
    title: `Como evitar vazamento de memória em listeners? ${stamp}`,
    description: "Meus listeners de eventos se acumulam a cada navegação e a memória só cresce.",
    details: "Tentei remover no unmount, mas alguns continuam registrados.",
    tags: "javascript",
  });

  // The moderator suspends the member from their profile.
  await page.goto(`/u/${memberHandle}`);
  const panel = page.getByRole("region", { name: "Moderação" });
  await panel.getByLabel("Dias").fill("3");
  await panel.getByLabel("Motivo (o membro vai ler)").fill(reason);
  await panel.getByRole("button", { name: "Suspender membro" }).click();
  await expect(panel.getByRole("status")).toHaveText(`Membro Suspenso ${stamp} foi suspenso por 3 dias.`);
  await expect(panel.getByText(`: ${reason}`)).toBeVisible();

  // The member reads the question, with the banner saying why and until when.
  await signIn(page, member);
  await page.goto(question);
  const banner = page.getByRole("region", { name: "Conta suspensa" });
  await expect(banner).toContainText(/Sua conta está suspensa até \d\d\/\d\d\/\d{4}, \d\d:\d\d:/);
  await expect(banner).toContainText(reason);

  // An answer posted to the server is refused with the message.
  const answer = await page.request.post(question, {
    form: { intent: "answer", "body-format": "html", body: "<p>Uma resposta que não deve entrar.</p>" },
    headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": randomIp() },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(403);
  expect(await answer.text()).toContain(`Sua conta está suspensa até`);

  // A comment from the page is refused too, and the page says why.
  await page.getByText("Adicionar um comentário").first().click();
  await page.getByLabel("Seu comentário").first().fill("Um comentário que não deve entrar.");
  await page.getByRole("button", { name: "Comentar" }).first().click();
  await expect(page.getByText(`Sua conta está suspensa até`).first()).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();
  await page.goto(question);
  await expect(page.getByText("Uma resposta que não deve entrar.")).toHaveCount(0);
  await expect(page.getByText("Um comentário que não deve entrar.")).toHaveCount(0);

  // The moderator reads the log, filtered to suspensions.
  await signIn(page, moderator);
  await page.goto("/questions");
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Registro de moderação" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Registro de moderação" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Ação", { exact: true }).selectOption({ label: "Suspendeu" });
  await page.getByLabel("Membro (@)").fill(memberHandle);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/acao=suspend/);
  const line = page.getByRole("list", { name: "Ações da moderação" }).getByRole("listitem").first();
  await expect(line).toContainText(`Moderação ${stamp}`);
  await expect(line).toContainText("Suspendeu");
  await expect(line).toContainText(`Membro Suspenso ${stamp} (@${memberHandle})`);
  await expect(line).toContainText(`Motivo: 3 dias: ${reason}`);

  // Members do not find the log at all.
  await signIn(page, member);
  expect((await page.request.get("/moderacao/registro")).status()).toBe(404);
});
