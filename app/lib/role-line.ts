// A member's role line (spec §Avatar) is their short presentation ("Apresentação curta" in the settings).
// Every account starts with "Membro" (the column's default), which tells a reader nothing: a placeholder
// is shown as no line at all, and only what a member wrote is shown.

const PLACEHOLDER_ROLE_LINE = "Membro";

/** The role line worth showing, or null. */
export function visibleRoleLine(roleLine: string | null | undefined): string | null {
  const line = roleLine?.trim();
  return line && line !== PLACEHOLDER_ROLE_LINE ? line : null;
}
