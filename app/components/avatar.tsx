// Spec §Avatar: picture (alt 'profile image', a teacher illustration by default), the name reduced to its
// first and last word, and a role line.
export const DEFAULT_AVATAR = "/images/avatar-default.svg";

const sizes = { sm: "size-8", md: "size-10", lg: "size-16", xl: "size-24" } as const;
export type AvatarSize = keyof typeof sizes;

export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 2) return words.join(" ");
  return `${words[0]} ${words[words.length - 1]}`;
}

export function AvatarImage({
  src,
  size = "md",
  className = "",
}: {
  src?: string | null;
  size?: AvatarSize;
  className?: string;
}) {
  return (
    // The spec fixes this alt text.
    // eslint-disable-next-line jsx-a11y/img-redundant-alt
    <img
      src={src || DEFAULT_AVATAR}
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
  size = "md",
  href,
}: {
  name: string;
  roleLine?: string | null;
  src?: string | null;
  size?: AvatarSize;
  href?: string;
}) {
  const label = (
    <span className="flex min-w-0 flex-col">
      <span className="truncate text-sm font-semibold text-slate-900">{shortName(name)}</span>
      {roleLine ? <span className="truncate text-xs text-slate-600">{roleLine}</span> : null}
    </span>
  );
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <AvatarImage src={src} size={size} />
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
