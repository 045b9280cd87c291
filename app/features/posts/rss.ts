// RSS 2.0 documents for the blog's feeds. Every piece of text is escaped for XML, and characters XML 1.0
// cannot carry at all are dropped, so a member's title can never break the feed.

export type RssChannel = {
  title: string;
  /** The page the feed belongs to (absolute). */
  link: string;
  /** The feed's own address (absolute), for atom:link rel="self". */
  selfUrl: string;
  description: string;
  language?: string;
};

export type RssItem = {
  title: string;
  link: string;
  description: string;
  author: string;
  publishedAt: Date;
  categories: string[];
};

/** Characters not allowed in XML 1.0 (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

export function renderRss(channel: RssChannel, items: RssItem[], now: Date = new Date()): string {
  const latest = items.reduce<Date | null>(
    (max, item) => (max === null || item.publishedAt > max ? item.publishedAt : max),
    null,
  );
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    `<channel>`,
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", channel.language ?? "pt-BR"),
    element("lastBuildDate", (latest ?? now).toUTCString()),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items.map((item) =>
      [
        `<item>`,
        element("title", item.title),
        element("link", item.link),
        `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        element("description", item.description),
        element("dc:creator", item.author),
        element("pubDate", item.publishedAt.toUTCString()),
        ...item.categories.map((c) => element("category", c)),
        `</item>`,
      ].join(""),
    ),
    `</channel>`,
    `</rss>`,
  ];
  return `${lines.join("\n")}\n`;
}

export function rssResponse(xml: string): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
