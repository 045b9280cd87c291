// Members without a photo are told apart by their generated avatars (an identicon from the handle), and no
// one carries the placeholder role line "Membro": a role line shows only when the member wrote one.
import { randomBytes } from "node:crypto";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { expect, test } from "./fixtures.ts";

test("two new members have different avatars, served as cacheable images, and no placeholder role line", async ({
  page,
  browser,
}) => {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: `Ana Avatar ${stamp}` });
  const question = await askQuestion(page, {
    title: `Como distinguir quem respondeu? ${stamp}`,
    description: "Quero ver de relance quem perguntou e quem respondeu, sem ler os nomes um por um.",
    details: "Sem fotos de perfil ainda.",
    tags: "web",
  });
  const bia = await (await browser.newContext()).newPage();
  await signUp(bia, { name: `Bia Avatar ${stamp}` });
  await answerQuestion(bia, question, `<p>Cada membro tem um avatar próprio, ${stamp}.</p>`);
  await bia.context().close();

  await page.goto(question);
  const asked = page.getByText("Perguntou em").locator("..").getByRole("img", { name: "profile image" });
  const answered = page
    .getByRole("article", { name: `Resposta de Bia Avatar ${stamp}` })
    .getByRole("img", { name: "profile image" });
  const askedSrc = await asked.getAttribute("src");
  const answeredSrc = await answered.getAttribute("src");
  expect(askedSrc).toMatch(/^\/avatar\/ana-avatar-[\w-]+\.svg$/);
  expect(answeredSrc).toMatch(/^\/avatar\/bia-avatar-[\w-]+\.svg$/);
  expect(askedSrc).not.toBe(answeredSrc);
  // Both pictures load, differ, and are kept by browsers for good.
  const [a, b] = await Promise.all([page.request.get(askedSrc!), page.request.get(answeredSrc!)]);
  for (const response of [a, b]) {
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  }
  expect(await a.text()).not.toBe(await b.text());
  expect(await asked.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The profile: the handle alone, no "· Membro".
  await page
    .getByText("Perguntou em")
    .locator("..")
    .getByRole("link", { name: `Ana Avatar ${stamp}` })
    .click();
  await expect(page).toHaveURL(/\/u\/ana-avatar-/);
  await expect(page.getByRole("img", { name: "profile image" }).first()).toHaveAttribute("src", askedSrc!);
  const handleLine = page.getByText(/^@ana-avatar-/);
  await expect(handleLine).toHaveText(/^@ana-avatar-[\w-]+$/);
  await expect(page.getByText("Membro", { exact: true })).toHaveCount(0);

  // Once the member writes a role line, it shows.
  await page.goto("/configuracoes");
  await expect(page.getByLabel("Apresentação curta")).toHaveValue("");
  await page.getByLabel("Apresentação curta").fill("Engenheira de Dados");
  await page.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(page.getByText("Perfil atualizado.")).toBeVisible();
  await page.goto(question);
  await page
    .getByText("Perguntou em")
    .locator("..")
    .getByRole("link", { name: `Ana Avatar ${stamp}` })
    .click();
  await expect(page.getByText(/^@ana-avatar-/)).toHaveText(/^@ana-avatar-[\w-]+ · Engenheira de Dados$/);
});
