import { describe, expect, test } from "vitest";
import type { Role, Viewer } from "#app/lib/viewer.ts";
import {
  canChangeRole,
  canEditContent,
  canModerate,
  isAdmin,
  requireAdmin,
  requireMember,
  requireModerator,
} from "./permissions.ts";

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
    expect([null, member, moderator, admin].map(canModerate)).toEqual([false, false, true, true]);
    expect([null, member, moderator, admin].map(isAdmin)).toEqual([false, false, false, true]);
  });

  test("content is edited by its author or the moderation", () => {
    expect(canEditContent(null, 1)).toBe(false);
    expect(canEditContent(member, 1)).toBe(true);
    expect(canEditContent(member, 9)).toBe(false);
    expect(canEditContent(moderator, 9)).toBe(true);
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
  });
});
