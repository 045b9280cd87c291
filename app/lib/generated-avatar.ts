// Members without a photo get a generated avatar (an identicon, minidenticons) seeded by their handle: stable
// when their name changes, different from one member to the next. Served by the HTTP server at a fixed address
// per handle (server/generated-avatar.ts), so pages carry a short <img> and browsers cache the picture.

/** What a handle can be (slugs, "-2" suffixes, removed members' "~removido-N"); anything else is refused. */
export const AVATAR_HANDLE = /^[A-Za-z0-9~_-]{1,64}$/;

/** The address of a handle's generated avatar (handles are unique regardless of case: so is this). */
export function generatedAvatarUrl(handle: string): string {
  return `/avatar/${encodeURIComponent(handle.toLowerCase())}.svg`;
}
