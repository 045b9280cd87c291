// A member blocks another from their profile: the blocked member's answer on their question is collapsed for
// them (a line that says why, opened on request), nothing the blocked member does notifies them, and the list
// in Configurações undoes it.
import { randomBytes } from "node:crypto";
import { signIn, signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { ownHandle } from "./moderators.ts";
import { answerQuestion, askQuestion } from "./questions.ts";

test("a member blocks another: their answer is collapsed and no notification comes from them", async ({
  page,
}) => {
  // Two members, each signing in twice, and six pages: a long journey.
  test.slow();
  const stamp = randomBytes(4).toString("hex");
  const bia = await signUp(page, { name: `Bia Bloqueada ${stamp}` });
  const biaHandle = await ownHandle(page);
  const ana = await signUp(page, { name: `Ana Bloqueia ${stamp}` });
  const question = await askQuestion(page, {
    title: `Por que meu useEffect roda duas vezes? ${stamp}`,
    description: "Em desenvolvimento o efeito roda duas vezes e dispara duas requisições.",
    details: "Tentei remover dependências, mas continua acontecendo na primeira renderização.",
    tags: "react",
  });

  // Ana blocks Bia from Bia's profile, after reading what it does.
  await page.goto(`/u/${biaHandle}`);
  await page.getByText("Bloquear", { exact: true }).click();
  await expect(page.getByText(/deixa de receber notificações dela/)).toBeVisible();
  await page.getByRole("button", { name: `Bloquear Bia Bloqueada ${stamp}` }).click();
  await expect(page.getByRole("button", { name: "Desbloquear" })).toBeVisible();

  // Bia answers Ana's question.
  await signIn(page, bia);
  await answerQuestion(page, question, `<p>É o StrictMode montando duas vezes, resposta ${stamp}.</p>`);

  // Ana sees the answer collapsed, and opens it if she wants.
  await signIn(page, ana);
  await page.goto(question);
  const collapsed = page.locator("details", { hasText: "Conteúdo de um membro que você bloqueou." });
  await expect(collapsed).toHaveCount(1);
  const answerText = page.getByText(`É o StrictMode montando duas vezes, resposta ${stamp}.`);
  await expect(answerText).toBeHidden();
  await collapsed.getByText("Mostrar").click();
  await expect(answerText).toBeVisible();

  // No notification from Bia.
  await page.goto("/notifications");
  await expect(page.getByText("Nenhuma notificação por enquanto")).toBeVisible();

  // Configurações lists Bia; unblocking shows her answer again.
  await page.goto("/configuracoes");
  const blocked = page.getByRole("region", { name: "Membros bloqueados" });
  await expect(blocked.getByRole("link", { name: `Bia Bloqueada ${stamp}` })).toBeVisible();
  await blocked.getByRole("button", { name: `Desbloquear Bia Bloqueada ${stamp}` }).click();
  await expect(blocked.getByText("Você não bloqueou ninguém.")).toBeVisible();
  await page.goto(question);
  await expect(page.getByText("Conteúdo de um membro que você bloqueou.")).toHaveCount(0);
  await expect(answerText).toBeVisible();
});
