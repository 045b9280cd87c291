// Who may do what, in one place: the roles (member, moderator, admin) and the checks every feature function starts
// with. Pure functions: the browser uses the `can…` ones to decide what to show, the feature functions the
// `require…` ones to decide what to allow; those throw an AppError with the Portuguese message the person reads
// (a caller may say it more precisely: "Entre na sua conta para seguir tags."). What reputation unlocks is
// moderation's (features/moderation/rules.ts); a suspension is the viewer's state (lib/viewer.ts).
import { AppError } from "./errors.ts";
import type { Viewer } from "./viewer.ts";

export const PERMISSION_MESSAGES = {
  signIn: "Entre na sua conta para continuar.",
  forbidden: "Você não tem permissão para fazer isso.",
  notAuthor: "Só quem escreveu ou a moderação pode fazer isso.",
  moderatorsOnly: "Só a moderação pode fazer isso.",
} as const;

/** Moderators and admins: hide or restore others' content, handle flags, see what was deleted. */
export function isModerator(viewer: Viewer | null): boolean {
  return viewer?.role === "moderator" || viewer?.role === "admin";
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === "admin";
}

/** The author of a question, answer, comment or post, or the moderation. */
export function canModify(viewer: Viewer | null, authorId: number): boolean {
  return Boolean(viewer && (viewer.id === authorId || isModerator(viewer)));
}

/** A deleted question or answer is seen by moderators only. */
export function canSeeDeleted(viewer: Viewer | null): boolean {
  return isModerator(viewer);
}

/** Only admins give and take roles, and never their own (an admin cannot lock the site out by mistake). */
export function canChangeRole(viewer: Viewer | null, targetUserId: number): boolean {
  return isAdmin(viewer) && viewer?.id !== targetUserId;
}

/** The signed-in member, or an `unauthenticated` error (routes turn it into the sign-in page). */
export function requireMember(viewer: Viewer | null, message: string = PERMISSION_MESSAGES.signIn): Viewer {
  if (!viewer) throw new AppError("unauthenticated", message);
  return viewer;
}

export function requireModerator(
  viewer: Viewer | null,
  message: string = PERMISSION_MESSAGES.moderatorsOnly,
): Viewer {
  const member = requireMember(viewer);
  if (!isModerator(member)) throw new AppError("forbidden", message);
  return member;
}

export function requireAdmin(viewer: Viewer | null, message: string = PERMISSION_MESSAGES.forbidden): Viewer {
  const member = requireMember(viewer);
  if (!isAdmin(member)) throw new AppError("forbidden", message);
  return member;
}

export function requireAuthorOrModerator(viewer: Viewer | null, authorId: number): Viewer {
  const member = requireMember(viewer);
  if (!canModify(member, authorId)) throw new AppError("forbidden", PERMISSION_MESSAGES.notAuthor);
  return member;
}
