import { describe, expect, test } from "vitest";
import {
  canChangeRole,
  canModify,
  canSeeDeleted,
  isAdmin,
  isModerator,
  PERMISSION_MESSAGES,
  requireAdmin,
  requireAuthorOrModerator,
  requireMember,
  requireModerator,
} from "./permissions.ts";
import type { Role, Viewer } from "./viewer.ts";

const viewer = (id: number, role: Role): Viewer => ({
  id,
  role,
  handle: `m${id}`,
  name: `M ${id}`,
  email: `m${id}@x.dev`,
  avatarUrl: null,
  reputation: 1,
  emailVerified: true,
});

describe("permissions", () => {
  const [member, moderator, admin] = [viewer(1, "member"), viewer(2, "moderator"), viewer(3, "admin")];

  test("moderation is for moderators and admins", () => {
    expect([null, member, moderator, admin].map(isModerator)).toEqual([false, false, true, true]);
    expect([null, member, moderator, admin].map(isAdmin)).toEqual([false, false, false, true]);
  });

  test("content is edited by its author or the moderation", () => {
    expect(canModify(null, 1)).toBe(false);
    expect(canModify(member, 1)).toBe(true);
    expect(canModify(member, 9)).toBe(false);
    expect(canModify(moderator, 9)).toBe(true);
  });

  test("roles are changed by admins, never their own", () => {
    expect(canChangeRole(admin, 1)).toBe(true);
    expect(canChangeRole(admin, 3)).toBe(false);
    expect(canChangeRole(moderator, 1)).toBe(false);
  });

  test("the require* helpers throw the right AppError", () => {
    expect(() => requireMember(null)).toThrow(
      expect.objectContaining({ code: "unauthenticated", status: 401 }),
    );
    expect(() => requireModerator(member)).toThrow(
      expect.objectContaining({ code: "forbidden", status: 403 }),
    );
    expect(() => requireAdmin(moderator)).toThrow(expect.objectContaining({ code: "forbidden" }));
    expect(requireAdmin(admin)).toBe(admin);
    expect(() => requireAuthorOrModerator(member, 9)).toThrow(PERMISSION_MESSAGES.notAuthor);
    expect(requireAuthorOrModerator(moderator, 9)).toBe(moderator);
  });

  test("a caller may say what signing in is for", () => {
    expect(() => requireMember(null, "Entre na sua conta para seguir tags.")).toThrow(
      "Entre na sua conta para seguir tags.",
    );
    expect(() => requireMember(null)).toThrow(PERMISSION_MESSAGES.signIn);
  });

  test("what was deleted is seen by the moderation only", () => {
    expect([null, member, moderator, admin].map(canSeeDeleted)).toEqual([false, false, true, true]);
  });
});
