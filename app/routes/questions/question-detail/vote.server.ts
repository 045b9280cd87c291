// The vote buttons of the question and of each answer: +1 or -1 (voting the same again takes it back).
import { castVote } from "#app/features/questions/votes.server.ts";
import { clientIpContext } from "#app/lib/context.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function voteAction({ viewer, form, post, target, context }: QuestionActionArgs) {
  const value = Number(form.get("value")) === -1 ? -1 : 1;
  await castVote(viewer, post, value, { ip: context.get(clientIpContext) });
  return reply({ intent: "vote", ok: true, target });
}
