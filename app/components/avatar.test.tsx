import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Avatar, AvatarImage, DEFAULT_AVATAR } from "./avatar.tsx";

const srcOf = (html: string) => /src="([^"]*)"/.exec(html)?.[1];

describe("avatar", () => {
  test("an uploaded photo wins over the generated avatar", () => {
    const html = renderToStaticMarkup(<AvatarImage src="/uploads/abc123.jpg" handle="ana-souza" />);
    expect(srcOf(html)).toBe("/uploads/abc123.jpg");
    expect(html).toContain('alt="profile image"');
  });

  test("without a photo, the avatar is generated from the handle: stable, and different per member", () => {
    const ana = srcOf(renderToStaticMarkup(<AvatarImage src={null} handle="ana-souza" />));
    expect(ana).toBe("/avatar/ana-souza.svg");
    expect(srcOf(renderToStaticMarkup(<AvatarImage src="" handle="Ana-Souza" size="xl" />))).toBe(ana);
    expect(srcOf(renderToStaticMarkup(<AvatarImage src={null} handle="bruno-lima" />))).not.toBe(ana);
    expect(srcOf(renderToStaticMarkup(<AvatarImage src={null} handle="~removido-7" />))).toBe(
      "/avatar/~removido-7.svg",
    );
  });

  test("the illustration is left only for when no member is known", () => {
    expect(srcOf(renderToStaticMarkup(<AvatarImage src={null} handle={undefined} />))).toBe(DEFAULT_AVATAR);
  });

  test("the role line shows what the member wrote, and no placeholder", () => {
    const withLine = renderToStaticMarkup(<Avatar name="Ana Souza" handle="ana" roleLine="Tech Lead" />);
    expect(withLine).toContain("Tech Lead");
    for (const roleLine of ["Membro", "", "  ", null]) {
      const html = renderToStaticMarkup(<Avatar name="Ana Maria Souza" handle="ana" roleLine={roleLine} />);
      expect(html).not.toContain("Membro");
      expect(html).toContain("Ana Souza");
      expect(html.match(/<span class="truncate/g)).toHaveLength(1);
    }
  });
});
