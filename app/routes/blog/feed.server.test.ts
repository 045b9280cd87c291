// The RSS routes answer well-formed RSS 2.0, with members' text escaped.
import { describe, expect, test } from "vitest";
import { publish } from "#tests/support/posts.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { loader as blogFeed } from "./feed.ts";
import { loader as tagFeed } from "./tag-feed.ts";

const db = setupTestDatabase();

/** Just what the feed loaders read: the request and the params. */
const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(url), params, context: {} }) as never;

/** A small well-formedness check: every element opened is closed in order, and no raw `<` or `&` in text. */
function assertWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  const stack: string[] = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, closing, name, attrs, selfClosing, text] = match;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      continue;
    }
    expect(attrs ?? "").not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/);
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name ?? "");
  }
  expect(stack).toEqual([]);
}

describe("blog feeds", () => {
  test("/blog/feed.xml lists the newest posts, escaped", async () => {
    const author = await createMember(db(), { name: `Ana "A&B" <Dev>` });
    await publish(author, {
      title: `Tags <script> & "aspas" 'simples' ]]> fim`,
      description: "Descrição com <b>negrito</b> & mais",
      tags: ["xml&rss"],
    });
    const response = await blogFeed();
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    assertWellFormed(xml);
    expect(xml).toContain(
      "<title>Tags &lt;script&gt; &amp; &quot;aspas&quot; &apos;simples&apos; ]]&gt; fim</title>",
    );
    expect(xml).toContain("<dc:creator>Ana &quot;A&amp;B&quot; &lt;Dev&gt;</dc:creator>");
    expect(xml).toMatch(/<link>https?:\/\/[^<]+\/blog\/tags-script-aspas-simples-fim<\/link>/);
  });

  test("/blog/tag/:tag/feed.xml has only that tag's posts; an unknown tag is a 404", async () => {
    const author = await createMember(db());
    await publish(author, { title: "Só no feed da tag", tags: ["feed-tag"] });
    await publish(author, { title: "Fora do feed da tag" });
    const response = await tagFeed(
      args("https://exemplo.dev/blog/tag/feed-tag/feed.xml", { tag: "feed-tag" }),
    );
    const xml = await response.text();
    assertWellFormed(xml);
    expect(xml).toContain("Só no feed da tag");
    expect(xml).not.toContain("Fora do feed da tag");
    expect((await tagFeed(args("https://exemplo.dev/x", { tag: "nenhuma" }))).status).toBe(404);
  });
});
