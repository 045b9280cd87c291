import { describe, expect, test } from "vitest";
import { AVATAR_BACKGROUND, generatedAvatarSvg } from "./generated-avatar.server.ts";

/** WCAG relative luminance of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

function hslToRgb(h: number, s: number, l: number): number[] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

describe("generated avatars", () => {
  test("the same handle always gives the same picture, whatever its case; another handle another one", () => {
    const ana = generatedAvatarSvg("ana-souza");
    expect(ana).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><rect /);
    expect(generatedAvatarSvg("ana-souza")).toBe(ana);
    expect(generatedAvatarSvg("Ana-Souza")).toBe(ana);
    expect(generatedAvatarSvg("bruno-lima")).not.toBe(ana);
  });

  test("only handles: nothing that could be a path, markup or an empty name", () => {
    for (const handle of ["", "../etc", "a/b", "<svg>", "a b", "ana.svg", "x".repeat(65)]) {
      expect(generatedAvatarSvg(handle)).toBeNull();
    }
  });

  test("every colour the pattern can take keeps 3:1 against the background (WCAG 1.4.11)", () => {
    const background = luminance(
      [1, 3, 5].map((i) => Number.parseInt(AVATAR_BACKGROUND.slice(i, i + 2), 16)),
    );
    const colours = new Set<string>();
    for (let n = 0; n < 300; n++) {
      const fill = /fill="hsl\(([\d.]+) (\d+)% (\d+)%\)"/.exec(generatedAvatarSvg(`membro-${n}`) ?? "");
      expect(fill).not.toBeNull();
      colours.add(fill![0]);
      const [h, s, l] = [Number(fill![1]), Number(fill![2]) / 100, Number(fill![3]) / 100];
      const ratio = (background + 0.05) / (luminance(hslToRgb(h, s, l)) + 0.05);
      expect(ratio).toBeGreaterThanOrEqual(3);
    }
    // The package's nine hues all appear: members are told apart by colour too.
    expect(colours.size).toBe(9);
  });
});
