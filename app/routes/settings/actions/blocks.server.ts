// The blocked members' list: unblock one.
import { data } from "react-router";
import { unblockMember } from "#app/features/moderation/blocks.server.ts";
import { unblockByIdSchema } from "#app/features/moderation/schemas.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

export async function unblockAction({ viewer, formData }: SettingsActionArgs) {
  const parsed = unblockByIdSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data(null, { status: 400 });
  await unblockMember(viewer, parsed.data.userId);
  return done("unblock-member", "Membro desbloqueado.");
}
