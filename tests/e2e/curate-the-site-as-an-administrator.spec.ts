// An administrator curates the site from the browser (/administracao), keyboard first: a notice every visitor
// sees at once and then takes down, a post pinned to the top of 'Escolhas da Comunidade', a member made a
// moderator by handle; each change in the moderation log. The shared server's pages go back as they were.
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { signInAsAdmin } from "./moderators.ts";

test("an administrator puts up a site notice, pins a community pick and names a moderator, all logged", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  // A member to promote, and their handle as the menu shows it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signUp(member, { name: `Rita Promovida ${stamp}` });
  await member.goto("/");
  await member.getByRole("button", { name: "Menu do usuário" }).click();
  const handle = (await member.getByRole("menuitem", { name: "Ver Perfil" }).getAttribute("href"))!.replace(
    "/u/",
    "",
  );
  await memberContext.close();

  await signInAsAdmin(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Administração" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Administração" })).toBeVisible();
  await expectAccessible(page);

  // The notice: a refusal next to its field first, then published from the keyboard.
  const noticeSection = page.getByRole("region", { name: "Aviso do site" });
  const text = noticeSection.getByLabel("Texto do aviso");
  await text.fill(`Manutenção programada ${stamp}`);
  await noticeSection.getByLabel("Link (opcional)").fill("javascript:alert(1)");
  await noticeSection.getByRole("button", { name: "Publicar aviso" }).click();
  const linkField = noticeSection.getByLabel("Link (opcional)");
  await expect(linkField).toHaveAttribute("aria-invalid", "true");
  await expect(
    noticeSection.getByText("Use um endereço deste site (começando com /) ou um endereço https://."),
  ).toBeVisible();
  await expect(text).toHaveValue(`Manutenção programada ${stamp}`);
  await linkField.fill("");
  await noticeSection.getByLabel("Atenção").check();
  await noticeSection.getByRole("button", { name: "Publicar aviso" }).focus();
  await page.keyboard.press("Enter");
  await expect(noticeSection.getByRole("status")).toHaveText("Aviso publicado em todas as páginas.");

  // A visitor's next page carries it (the cached pages were dropped), readable in both themes.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/questions");
  const banner = visitor.getByRole("region", { name: "Aviso do site" });
  await expect(banner).toHaveText(`Atenção: Manutenção programada ${stamp}`);
  await expectAccessible(visitor);
  await visitor.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(visitor);

  await noticeSection.getByRole("button", { name: "Retirar aviso" }).click();
  await expect(noticeSection.getByRole("status")).toHaveText("Aviso retirado.");
  await visitor.goto("/questions");
  await expect(visitor.getByRole("region", { name: "Aviso do site" })).toHaveCount(0);

  // A post pinned to the top of 'Escolhas da Comunidade', by its address; then taken off again.
  await visitor.goto("/blog");
  const postHref = (await visitor.locator("main article a[href^='/blog/']").last().getAttribute("href"))!;
  const picks = page.getByRole("region", { name: "Escolhas da Comunidade fixadas" });
  await picks.getByLabel("Post").fill(postHref);
  await picks.getByRole("button", { name: "Fixar post" }).click();
  await expect(picks.getByRole("status")).toContainText("Adicionado:");
  const pinnedTitle = (await picks.getByRole("listitem").first().getByRole("link").textContent())!;
  await visitor.goto("/blog/ranking");
  const first = visitor.getByRole("main").getByRole("listitem").first();
  await expect(first).toContainText(pinnedTitle);
  await expect(first).toContainText("Fixado pela equipe");
  await picks.getByRole("button", { name: `Retirar ${pinnedTitle}` }).click();
  await expect(picks.getByText("Nenhum item na lista.")).toBeVisible();
  await visitor.goto("/blog/ranking");
  await expect(visitor.getByText("Fixado pela equipe")).toHaveCount(0);
  await visitorContext.close();

  // A member made a moderator by handle.
  const roles = page.getByRole("region", { name: "Papéis" });
  await roles.getByLabel("Arroba do membro").fill("ninguem-com-essa-arroba");
  await roles.getByRole("button", { name: "Salvar papel" }).click();
  await expect(roles.getByText("Nenhum membro com essa arroba.")).toBeVisible();
  await roles.getByLabel("Arroba do membro").fill(`@${handle}`);
  await roles.getByLabel("Papel").selectOption("moderator");
  await roles.getByRole("button", { name: "Salvar papel" }).click();
  await expect(roles.getByRole("status")).toHaveText(`Rita Promovida ${stamp} agora é moderador.`);
  await expect(roles.getByRole("list", { name: "Moderação e administração" })).toContainText(
    `Rita Promovida ${stamp}`,
  );

  // Every change is in the moderation log.
  await page.getByRole("link", { name: "registro de moderação" }).click();
  const log = page.getByRole("main");
  await expect(log.getByText(`Publicou: Manutenção programada ${stamp}`)).toBeVisible();
  await expect(log.getByText(`Retirou: Manutenção programada ${stamp}`)).toBeVisible();
  await expect(log.getByText(`Adicionou: ${pinnedTitle}`).first()).toBeVisible();
  await expect(log.getByText(`Retirou: ${pinnedTitle}`).first()).toBeVisible();
});

test("members and moderators cannot open the admin area", async ({ page }) => {
  await signUp(page);
  const response = await page.request.get("/administracao");
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("Só a administração pode mudar isso.");
  const change = await page.request.post("/administracao", {
    form: { intent: "notice", text: "Aviso de quem não pode", tone: "info" },
  });
  expect(change.status()).toBe(403);
  await page.goto("/questions");
  await expect(page.getByText("Aviso de quem não pode")).toHaveCount(0);
});
