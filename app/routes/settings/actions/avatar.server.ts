// The picture's forms: send a new one (multipart, checked from its bytes by the feature) or remove it.
import { AVATAR_MAX_BYTES, removeAvatar, setAvatar } from "#app/features/accounts/settings.server.ts";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";
import { AppError } from "#app/lib/errors.ts";
import { fieldErrorReply } from "#app/lib/form-replies.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

/** Room for the multipart envelope around the picture itself. */
const ENVELOPE_BYTES = 64 * 1024;

/** The refusal of a body too large to hold an acceptable picture, answered before the body is read. */
export function oversizedAvatarReply(request: Request) {
  if (Number(request.headers.get("content-length") ?? 0) <= AVATAR_MAX_BYTES + ENVELOPE_BYTES) return null;
  return fieldErrorReply<AccountActionData>(
    "avatar",
    new AppError("payload_too_large", "A imagem deve ter no máximo 2 MB."),
    { intent: "avatar" },
  );
}

export async function avatarAction({ viewer, formData }: SettingsActionArgs) {
  const file = formData.get("avatar");
  try {
    if (!(file instanceof File) || file.size === 0) {
      throw new AppError("validation", "Escolha uma imagem PNG ou JPEG.", { field: "avatar" });
    }
    await setAvatar(viewer, file);
    return done("avatar", "Foto atualizada.");
  } catch (error) {
    return fieldErrorReply<AccountActionData>("avatar", error, { intent: "avatar" });
  }
}

export async function removeAvatarAction({ viewer }: SettingsActionArgs) {
  await removeAvatar(viewer);
  return done("avatar", "Foto removida. Voltamos para a ilustração padrão.");
}
