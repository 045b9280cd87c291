// Spec §Avatar: picture (alt 'profile image'), the name reduced to its first and last word, and a role line.
// The picture is the member's photo; without one, an identicon generated from their handle (the spec's single
// teacher illustration made everyone look alike), which stays the fallback only where no member is known. The
// role line shows only when the member wrote one (role-line.ts).
import { generatedAvatarUrl } from "#app/lib/generated-avatar.ts";
import { visibleRoleLine } from "#app/lib/role-line.ts";

export const DEFAULT_AVATAR = "/images/avatar-default.svg";

/** The member's photo, else their generated avatar, else (no member known) the default illustration. */
function avatarSrc(src: string | null | undefined, handle: string | null | undefined): string {
  if (src) return src;
  return handle ? generatedAvatarUrl(handle) : DEFAULT_AVATAR;
}

const sizes = { sm: "size-8", md: "size-10", lg: "size-16", xl: "size-24" } as const;
export type AvatarSize = keyof typeof sizes;

export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 2) return words.join(" ");
  return `${words[0]} ${words[words.length - 1]}`;
}

export function AvatarImage({
  src,
  handle,
  size = "md",
  className = "",
}: {
  src?: string | null;
  /** Whose avatar: seeds the generated one when there is no photo. */
  handle: string | null | undefined;
  size?: AvatarSize;
  className?: string;
}) {
  return (
    // The spec fixes this alt text.
    // eslint-disable-next-line jsx-a11y/img-redundant-alt
    <img
      src={avatarSrc(src, handle)}
      alt="profile image"
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className={`${sizes[size]} bg-primary-light shrink-0 rounded-full object-cover ${className}`}
    />
  );
}

export function Avatar({
  name,
  roleLine,
  src,
  handle,
  size = "md",
  href,
}: {
  name: string;
  roleLine?: string | null;
  src?: string | null;
  handle: string | null | undefined;
  size?: AvatarSize;
  href?: string;
}) {
  const line = visibleRoleLine(roleLine);
  const label = (
    <span className="flex min-w-0 flex-col">
      <span className="truncate text-sm font-semibold text-slate-900">{shortName(name)}</span>
      {line ? <span className="truncate text-xs text-slate-600">{line}</span> : null}
    </span>
  );
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <AvatarImage src={src} handle={handle} size={size} />
      {href ? (
        <a href={href} className="min-w-0 hover:underline">
          {label}
        </a>
      ) : (
        label
      )}
    </span>
  );
}
