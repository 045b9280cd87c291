// Roles (member, moderator, admin) and what each may do, in one place. Pure functions: the browser uses them to
// decide what to show, the feature functions to decide what to allow.
import { AppError } from "#app/lib/errors.ts";
import { isModerator, type Viewer } from "#app/lib/viewer.ts";
import { ACCOUNT_MESSAGES } from "./schemas.ts";

/** Moderators and admins: hide or restore others' content, handle flags. */
export function canModerate(viewer: Viewer | null): boolean {
  return isModerator(viewer);
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === "admin";
}

/** Only admins give and take roles, and never their own (an admin cannot lock the site out by mistake). */
export function canChangeRole(viewer: Viewer | null, targetUserId: number): boolean {
  return isAdmin(viewer) && viewer?.id !== targetUserId;
}

/** The author, or the moderation. */
export function canEditContent(viewer: Viewer | null, authorId: number): boolean {
  return Boolean(viewer && (viewer.id === authorId || canModerate(viewer)));
}

export function requireMember(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthenticated", ACCOUNT_MESSAGES.signInRequired);
  return viewer;
}

export function requireModerator(viewer: Viewer | null): Viewer {
  const member = requireMember(viewer);
  if (!canModerate(member)) throw new AppError("forbidden", ACCOUNT_MESSAGES.forbidden);
  return member;
}

export function requireAdmin(viewer: Viewer | null): Viewer {
  const member = requireMember(viewer);
  if (!isAdmin(member)) throw new AppError("forbidden", ACCOUNT_MESSAGES.forbidden);
  return member;
}
