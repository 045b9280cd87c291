// Who is asking. Every feature function that reads or writes on someone's behalf takes one explicitly.
export type Role = "member" | "moderator" | "admin";

export type Viewer = {
  id: number;
  handle: string;
  name: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  reputation: number;
  emailVerified: boolean;
};

export function isModerator(viewer: Viewer | null): boolean {
  return viewer?.role === "moderator" || viewer?.role === "admin";
}
