import { minidenticon } from "minidenticons";
import { AVATAR_HANDLE } from "./generated-avatar.ts";

/** The identicon's colour: the package's hue, darkened so it keeps 3:1 against the background (WCAG 1.4.11). */
const AVATAR_SATURATION = 60;
const AVATAR_LIGHTNESS = 34;
export const AVATAR_BACKGROUND = "#f1f5f9";

/** The SVG of a handle's generated avatar, or null when the handle cannot be one. */
export function generatedAvatarSvg(handle: string): string | null {
  if (!AVATAR_HANDLE.test(handle)) return null;
  const svg = minidenticon(handle.toLowerCase(), AVATAR_SATURATION, AVATAR_LIGHTNESS);
  // A square background under the pattern (the viewBox starts at -1.5 and is 8 wide), so the avatar looks the
  // same on any page colour.
  return svg.replace(
    /^<svg ([^>]*)>/,
    `<svg $1><rect x="-1.5" y="-1.5" width="8" height="8" fill="${AVATAR_BACKGROUND}"/>`,
  );
}
