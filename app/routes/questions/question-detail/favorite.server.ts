// The question's favourite button (on and off).
import { toggleFavorite } from "#app/features/questions/favorites.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function favoriteAction({ viewer, questionId }: QuestionActionArgs) {
  await toggleFavorite(viewer, questionId);
  return reply({ intent: "favorite", ok: true });
}
