// Who may change a post or a comment: its author, and the moderators.
import type { Viewer } from "#app/lib/viewer.ts";
import { isModerator } from "#app/lib/permissions.ts";

export function canManage(viewer: Viewer | null, authorId: number): boolean {
  return Boolean(viewer) && (viewer?.id === authorId || isModerator(viewer));
}
