import { describe, expect, test } from "vitest";
import { escapeXml, renderRss } from "./rss.ts";

describe("escapeXml", () => {
  test("escapes the five XML specials and drops characters XML cannot carry", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
    expect(escapeXml("a\u0000b\u0008c\u000Bd\tok\n")).toBe("abcd\tok\n");
    expect(escapeXml("emoji 🚀 fica")).toBe("emoji 🚀 fica");
    expect(escapeXml("solto \uD800 aqui")).toBe("solto  aqui");
  });
});

describe("renderRss", () => {
  test("an RSS 2.0 document with one escaped item per post", () => {
    const xml = renderRss(
      {
        title: "Blog & cia",
        link: "https://exemplo.dev/blog",
        selfUrl: "https://exemplo.dev/blog/feed.xml",
        description: "Posts",
      },
      [
        {
          title: "<script>alert(1)</script> & ]]>",
          link: "https://exemplo.dev/blog/a?b=1&c=2",
          description: 'Descrição com "aspas"',
          author: "Ana",
          publishedAt: new Date("2026-01-02T03:04:05Z"),
          categories: ["C#", "R&D"],
        },
      ],
    );
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>`)).toBe(true);
    expect(xml).toContain(`<rss version="2.0"`);
    expect(xml).toContain("<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt;</title>");
    expect(xml).toContain("<link>https://exemplo.dev/blog/a?b=1&amp;c=2</link>");
    expect(xml).toContain("<pubDate>Fri, 02 Jan 2026 03:04:05 GMT</pubDate>");
    expect(xml).toContain("<category>R&amp;D</category>");
    expect(xml).not.toContain("<script>");
  });
});
