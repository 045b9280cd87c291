// As on Stack Overflow: the writer of a comment fixes it in the first minutes ("Editar"), a member who found it
// useful up-votes it (▲, once), and the moderators read what it said before ("editado").
import { randomBytes } from "node:crypto";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { signInAsAdmin } from "./moderators.ts";
import { askQuestion } from "./questions.ts";

test("a member edits their comment, another up-votes it, and a moderator reads its earlier text", async ({
  page,
  browser,
}) => {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Bia Comenta" });
  const question = await askQuestion(page, {
    title: `Por que o build do Vite falha no Windows? ${stamp}`,
    description: "O build funciona no Linux, mas no Windows falha com um erro de caminho que não entendo.",
    details: "Já apaguei node_modules e instalei de novo, sem mudar nada.",
    tags: "javascript",
  });
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const asked = page.getByRole("article", { name: /Por que o build do Vite/ }).first();
  await asked.getByText("Adicionar um comentário").click();
  await asked.getByLabel("Seu comentário").fill("Qual versão do Node você usa no Windows?");
  await asked.getByRole("button", { name: "Comentar" }).click();
  const comment = page.locator("li[id^=comentario-]").filter({ hasText: "Qual versão do Node" });
  await expect(comment).toBeVisible();

  // Its writer fixes it in place: the new text, marked "editado".
  await comment.locator("summary", { hasText: "Editar" }).click();
  await comment.getByLabel("Editar comentário").fill("Qual versão do Node e do Vite você usa no Windows?");
  await comment.getByRole("button", { name: "Salvar edição" }).click();
  const edited = page.locator("li[id^=comentario-]").filter({ hasText: "do Vite você usa" });
  await expect(edited).toBeVisible();
  await expect(edited.getByText(/^editado /)).toBeVisible();
  // Nobody votes on their own comment.
  await expect(edited.getByRole("button", { name: "Votar a favor deste comentário" })).toHaveCount(0);

  // An established member (the administrator, also a moderator) finds it useful: one vote, kept on reload.
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.goto(question);
  await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const seen = admin.locator("li[id^=comentario-]").filter({ hasText: "do Vite você usa" });
  // The vote shows before the server answers (optimistic): the reload waits for the answer.
  const voted = admin.waitForResponse((response) => response.request().method() === "POST" && response.ok());
  const upVote = seen.getByRole("button", { name: "Votar a favor deste comentário" });
  // A target a thumb can hit: 24 px square at least (WCAG 2.5.8).
  const box = await upVote.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
  await upVote.click();
  await expect(seen.getByRole("button", { name: "Retirar seu voto neste comentário" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await voted;
  await admin.reload();
  const again = admin.locator("li[id^=comentario-]").filter({ hasText: "do Vite você usa" });
  await expect(again.getByRole("button", { name: "Retirar seu voto neste comentário" })).toBeVisible();
  await expect(again).toContainText("1");
  // Its writer sees the vote too.
  await page.reload();
  await expect(page.locator("li[id^=comentario-]").filter({ hasText: "do Vite você usa" })).toContainText(
    "1",
  );

  // "editado" takes a moderator to the comment's versions, newest first.
  await again.getByRole("link", { name: /editado/ }).click();
  await expect(admin.getByRole("heading", { name: "Histórico do comentário" })).toBeVisible();
  const versions = admin.getByRole("list", { name: "Versões" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Qual versão do Node e do Vite você usa no Windows?");
  await expect(versions.nth(1)).toContainText("Qual versão do Node você usa no Windows?");
  await admin.context().close();
});
