// A page rendered with the stand-in identity, cut at its places and filled with a member's values, must be the
// page rendered for that member, byte for byte, whatever their name holds. The page here is written the way React
// (escaped text and attributes) and React Router (a turbo-stream line in a script, JSON- and HTML-escaped) write
// theirs; tests/e2e/member-pages-from-a-shared-render.spec.ts compares the real pipeline's pages.
import { describe, expect, it } from "vitest";
import { shortName } from "#app/components/avatar.tsx";
import { generatedAvatarUrl } from "./generated-avatar.ts";
import { cutAtIdentity, fillers, standInIdentity, type PageIdentity } from "./member-page-template.server.ts";

const html = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
const script = (line: string) =>
  JSON.stringify(line).replace(
    /[&><\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/** A page as the app renders it for `who`, with the response's nonce. */
function render(who: PageIdentity, nonce: string): string {
  const avatar = who.avatarUrl ?? generatedAvatarUrl(who.handle);
  const data = `[{"_1":2,"_3":4,"_5":6,"_7":8,"_9":10},"id",${who.id},"handle",${JSON.stringify(who.handle)},"name",${JSON.stringify(who.name)},"email",${JSON.stringify(who.email)},"now",${JSON.stringify(who.now)}]\n`;
  return (
    `<!DOCTYPE html><html><head><script nonce="${nonce}">tema()</script></head><body>` +
    `<header><img src="${html(avatar)}" alt="profile image"/><a href="/u/${html(who.handle)}">${html(shortName(who.name))}</a>` +
    `<span title="${html(who.name)}">${html(who.name)}</span><form><input type="hidden" name="owner" value="${who.id}"/></form></header>` +
    `<main>Pontuação: 11 · 9000 pessoas</main>` +
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${script(data)});</script></body></html>`
  );
}

const identity = (overrides: Partial<PageIdentity>): PageIdentity => ({
  id: 11,
  handle: "lia-souza",
  name: "Lia Souza",
  email: "lia@example.com",
  avatarUrl: null,
  now: "2026-12-01T12:00:00.000Z",
  ...overrides,
});

const fill = (page: string, nonce: string, who: PageIdentity, builder: PageIdentity) => {
  const template = cutAtIdentity(page, "NONCE-OF-THE-RENDER", builder);
  expect(template).not.toBeNull();
  const values = fillers(template!, who, nonce);
  return Buffer.concat(
    template!.parts.flatMap((part, i) => (i ? [values[i - 1]!, part] : [part])),
  ).toString();
};

describe("a member's page from the render kept for their standing", () => {
  const builder = identity({});
  const kept = render(standInIdentity(false), "NONCE-OF-THE-RENDER");

  it.each([
    identity({}),
    identity({ id: 9000, name: "Ana Maria de Souza Lima", handle: "Ana-Maria~2" }),
    identity({ name: `Bob <b> & 'Quote" Teste`, email: "bob+x@example.com", id: 1 }),
    identity({ name: "Zoë \u2028 Ünïcode 🚀", handle: "zoe_u" }),
    identity({ name: "Só", id: 11 }),
  ])("is the page rendered for $name", (who) => {
    expect(fill(kept, "nonce-2", who, builder)).toBe(render(who, "nonce-2"));
  });

  it("finds the hydration data by the render's nonce, not by text a member can write", () => {
    const titled = (page: string) =>
      page.replace("<head>", "<head><title>window.__reactRouterContext.streamController.enqueue(</title>");
    const who = identity({ name: `Bob <b> & 'Quote" Teste` });
    const template = cutAtIdentity(titled(kept), "NONCE-OF-THE-RENDER", builder);
    expect(template).not.toBeNull();
    const values = fillers(template!, who, "n");
    const filled = Buffer.concat(template!.parts.flatMap((part, i) => (i ? [values[i - 1]!, part] : [part])));
    expect(filled.toString()).toBe(titled(render(who, "n")));
  });

  it("puts a photo's address where the stand-in's was", () => {
    const withPhoto = render(standInIdentity(true), "NONCE-OF-THE-RENDER");
    const who = identity({ avatarUrl: "/uploads/abc123.webp" });
    expect(fill(withPhoto, "n", who, builder)).toBe(render(who, "n"));
  });

  it("keeps no page where a value derived from the identity is left that it does not know", () => {
    const standIn = standInIdentity(false);
    // A middle name, say: the forms know the whole name and the first and last words only.
    const middle = `<span>${standIn.name.split(" ")[1]}</span>`;
    expect(
      cutAtIdentity(kept.replace("<main>", `<main>${middle}`), "NONCE-OF-THE-RENDER", builder),
    ).toBeNull();
  });

  it("keeps no page that names the member it was rendered for by their own values", () => {
    const leaked = kept.replace("<main>", `<main><a href="/u/${builder.handle}">perfil</a>`);
    expect(cutAtIdentity(leaked, "NONCE-OF-THE-RENDER", builder)).toBeNull();
    const email = JSON.stringify(JSON.stringify(builder.email)).slice(1, -1);
    const inData = kept.replace('\\"now\\",', `\\"now\\",${email},`);
    expect(inData).not.toBe(kept);
    expect(cutAtIdentity(inData, "NONCE-OF-THE-RENDER", builder)).toBeNull();
  });
});
