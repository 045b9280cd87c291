// Who is asking. Every feature function that reads or writes on someone's behalf takes one explicitly.
import type { Theme } from "./theme.ts";
export type Role = "member" | "moderator" | "admin";

export type Viewer = {
  id: number;
  handle: string;
  name: string;
  email: string;
  role: Role;
  /** The staff role a moderator or administrator holds back until they turn on two-factor sign-in (ADR 049). */
  withheldRole?: Exclude<Role, "member">;
  avatarUrl: string | null;
  /** The colours the member chose (app/lib/theme.ts); absent where a viewer is made without it (tests). */
  theme?: Theme;
  reputation: number;
  /** The part of `reputation` given by established members: what the powers over others' content need. */
  trustedReputation?: number;
  emailVerified: boolean;
  /** Set while a moderator's suspension lasts: the member reads but cannot write. */
  suspension?: Suspension | null;
};

export type Suspension = { until: Date; reason: string };

/** The suspension in force now, if any: it ends by itself at `until` (nothing has to lift it). */
export function activeSuspension(viewer: Viewer | null, now: Date = new Date()): Suspension | null {
  const suspension = viewer?.suspension;
  return suspension && suspension.until.getTime() > now.getTime() ? suspension : null;
}
