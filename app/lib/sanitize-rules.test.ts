import { describe, expect, it } from "vitest";
import {
  isEmailLike,
  isExternalHref,
  linkFromInput,
  safeImageSrc,
  safeLinkHref,
  safeVideoEmbedSrc,
  youtubeEmbedUrl,
} from "./sanitize-rules.ts";

const EMBED = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

describe("youtubeEmbedUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", EMBED],
    ["http://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2", EMBED],
    ["www.youtube.com/watch?v=dQw4w9WgXcQ", EMBED],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", EMBED],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", EMBED],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", EMBED],
    ["https://youtube.com/shorts/dQw4w9WgXcQ?feature=share", EMBED],
    ["https://www.youtube.com/live/dQw4w9WgXcQ", EMBED],
    ["https://youtu.be/dQw4w9WgXcQ", EMBED],
    ["youtu.be/dQw4w9WgXcQ?si=abc", EMBED],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", EMBED],
    [EMBED, EMBED],
    ["https://youtu.be/dQw4w9WgXcQ?t=90", `${EMBED}?start=90`],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", `${EMBED}?start=90`],
    ["  https://youtu.be/dQw4w9WgXcQ  ", EMBED],
  ])("turns %s into the privacy-enhanced embed", (input, expected) => {
    expect(youtubeEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://www.youtube.com/channel/UC123",
    "https://www.youtube.com/@canal",
    "https://www.youtube.com/watch?v=curto",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ",
    "javascript:alert('youtu.be/dQw4w9WgXcQ')",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "",
  ])("refuses %s", (input) => {
    expect(youtubeEmbedUrl(input)).toBeNull();
  });
});

describe("safeVideoEmbedSrc", () => {
  it("accepts only the nocookie embed, rebuilt", () => {
    expect(safeVideoEmbedSrc(EMBED)).toBe(EMBED);
    expect(safeVideoEmbedSrc(`${EMBED}?start=5&autoplay=1`)).toBe(`${EMBED}?start=5`);
    expect(safeVideoEmbedSrc("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBeNull();
    expect(safeVideoEmbedSrc("https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(safeVideoEmbedSrc("https://a@www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBeNull();
  });
});

describe("links", () => {
  it("recognises e-mail-like text", () => {
    expect(isEmailLike("ana@exemplo.com.br")).toBe(true);
    expect(isEmailLike(" joao.silva+dev@empresa.io ")).toBe(true);
    expect(isEmailLike("ana@exemplo")).toBe(false);
    expect(isEmailLike("ana @exemplo.com")).toBe(false);
    expect(isEmailLike("<a@b.com>")).toBe(false);
  });

  it.each([
    ["https://exemplo.com.br/a?b=1", "https://exemplo.com.br/a?b=1"],
    ["exemplo.com.br", "https://exemplo.com.br/"],
    ["www.exemplo.com.br/docs", "https://www.exemplo.com.br/docs"],
    ["ana@exemplo.com.br", "mailto:ana@exemplo.com.br"],
    ["mailto:ana@exemplo.com.br?subject=Oi", "mailto:ana@exemplo.com.br?subject=Oi"],
    ["tel:+5511999990000", "tel:+5511999990000"],
    ["sms:+5511999990000", "sms:+5511999990000"],
    ["/questions/1", "/questions/1"],
  ])("the editor accepts %s as %s", (input, href) => {
    expect(linkFromInput(input)).toEqual({ href });
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,x",
    "ftp://exemplo.com",
    "file:///etc",
    "vbscript:x",
    "//evil.example",
    "localhost:3000",
  ])("the editor refuses %s with a message", (input) => {
    expect(linkFromInput(input)).toEqual({
      error: "Use um link que comece com http://, https://, mailto:, tel: ou sms:.",
    });
  });

  it("asks for an address when the field is empty", () => {
    expect(linkFromInput("  ")).toEqual({ error: "Digite o endereço do link." });
  });

  it("the sanitiser's check does not guess", () => {
    expect(safeLinkHref("exemplo.com.br")).toBeNull();
    expect(safeLinkHref("#resposta-2")).toBe("#resposta-2");
    expect(safeLinkHref('#x" onclick="y')).toBeNull();
    expect(safeLinkHref("https://user:senha@exemplo.com")).toBeNull();
    expect(safeLinkHref("java\nscript:alert(1)")).toBeNull();
  });

  it("knows external links", () => {
    expect(isExternalHref("https://exemplo.com")).toBe(true);
    expect(isExternalHref("https://suportededomingo.dev/x", "https://suportededomingo.dev")).toBe(false);
    expect(isExternalHref("/questions/1")).toBe(false);
    expect(isExternalHref("mailto:a@b.com")).toBe(false);
  });
});

describe("safeImageSrc", () => {
  it("accepts uploads and http(s) images only", () => {
    expect(safeImageSrc("/uploads/abc.png")).toBe("/uploads/abc.png");
    expect(safeImageSrc("https://exemplo.com/a.png")).toBe("https://exemplo.com/a.png");
    expect(safeImageSrc("/uploads/../etc/passwd")).toBeNull();
    expect(safeImageSrc("/avatar.png")).toBeNull();
    expect(safeImageSrc("data:image/png;base64,AAAA")).toBeNull();
    expect(safeImageSrc("blob:https://exemplo.com/1")).toBeNull();
    expect(safeImageSrc("//exemplo.com/a.png")).toBeNull();
  });
});
