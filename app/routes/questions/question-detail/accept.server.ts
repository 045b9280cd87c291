// The question's author accepts an answer (accepting it again takes it back).
import { acceptAnswer } from "#app/features/questions/answers.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function acceptAction({ viewer, answerId }: QuestionActionArgs) {
  await acceptAnswer(viewer, answerId);
  return reply({ intent: "accept", ok: true, answerId });
}
