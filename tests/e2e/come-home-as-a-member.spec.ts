// A member's `/` is their home, not the landing page: a welcome and tags to start with, a nudge to confirm
// the e-mail, then what is new in the tags and from the people they follow, their notifications and the drafts
// this browser keeps. Visitors keep the landing page.
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { hydrated, writeLanded } from "./hydration.ts";
import { ensureTags } from "./moderators.ts";
import { askQuestion } from "./questions.ts";

test("a new member signs up, follows a tag and a person, and finds what they asked at home", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const tag = `inicio${stamp}`;
  await ensureTags(browser, tag);

  // Visitors: the landing page, as the spec has it.
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Todo dev precisa de uma ajuda de vez em quando." }),
  ).toBeVisible();

  await signUp(page, { name: "Lia Recém-chegada" });
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Boas-vindas, Lia Recém-chegada!" }),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Confirme seu e-mail" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comece pelas tags que você usa" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fazer uma pergunta" })).toBeVisible();
  await expectAccessible(page);

  // Someone else, whom Lia will follow, asks in the tag Lia will follow.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUp(other, { name: `Caio Pergunta ${stamp}` });
  const title = `Como começar com a tag ${tag}? ${stamp}`;
  await askQuestion(other, {
    title,
    description: "Uma dúvida que acabou de chegar na tag e ninguém respondeu ainda.",
    details: "Procurei na documentação e esperava achar um exemplo completo.",
    tags: tag,
  });
  await other.goto("/");
  await other.getByRole("button", { name: "Menu do usuário" }).click();
  const profile = await other.getByRole("menuitem", { name: "Ver Perfil" }).getAttribute("href");

  await page.goto(`/questions/tagged/${tag}`);
  const tagFollowed = writeLanded(page, "/api/tag-follows");
  await page.getByRole("button", { name: `Seguir a tag ${tag}` }).click();
  await tagFollowed;
  await expect(page.getByRole("button", { name: `Seguindo a tag ${tag}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto(profile!);
  const personFollowed = writeLanded(page, "/api/follows");
  await page.getByRole("button", { name: /^Seguir Caio Pergunta/ }).click();
  await personFollowed;
  await expect(page.getByRole("button", { name: /^Seguindo Caio Pergunta/ })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Olá, Lia Recém-chegada!" })).toBeVisible();
  for (const section of ["Nas suas tags", "Sem resposta nas suas tags", "Perguntas de quem você segue"]) {
    await expect(
      page.getByRole("region", { name: section, exact: true }).getByRole("link", { name: title }),
    ).toBeVisible();
  }

  // A draft, kept on the server once typing pauses, is listed, and leads back to its form.
  await page.goto("/ask-a-question");
  await hydrated(page);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/api/drafts") && response.request().method() === "POST",
  );
  await page.getByRole("textbox", { name: "Título" }).fill("Uma pergunta que ainda estou escrevendo");
  expect((await saved).status()).toBe(200);
  await page.goto("/");
  const drafts = page.getByRole("region", { name: "Seus rascunhos" });
  await drafts.getByRole("link", { name: "Uma pergunta que ainda estou escrevendo" }).click();
  await expect(page).toHaveURL(/\/ask-a-question$/);
  await expect(page.getByRole("textbox", { name: "Título" })).toHaveValue(
    "Uma pergunta que ainda estou escrevendo",
  );

  // Another asks in the tag later: the follower is told, and the news is on the home page.
  const second = `Outra pergunta na tag ${tag} ${stamp}`;
  await askQuestion(other, {
    title: second,
    description: "Mais uma dúvida para quem segue a tag acompanhar de perto.",
    details: "Tentei sozinho e esperava que a primeira resposta servisse também.",
    tags: tag,
  });
  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Novidades" }).getByRole("link", { name: new RegExp(second) }),
  ).toBeVisible();
  await expectAccessible(page);
  await otherContext.close();
});
