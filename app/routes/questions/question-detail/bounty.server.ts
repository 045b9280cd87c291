// The bounty's forms: its author offers reputation on the question, then awards it to an answer.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { awardBounty, offerBounty } from "#app/features/questions/bounties.server.ts";
import { bountySchema } from "#app/features/questions/schemas.ts";
import { signInUrl } from "#app/lib/auth-guard.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function offerBountyAction({ viewer, questionId, here, form }: QuestionActionArgs) {
  if (!viewer) throw redirect(signInUrl(here));
  const submission = parseWithZod(form, { schema: bountySchema });
  if (submission.status !== "success") {
    return reply({ intent: "offer-bounty", ok: false, result: submission.reply() }, 400);
  }
  await offerBounty(viewer, questionId, submission.value.amount);
  return reply({ intent: "offer-bounty", ok: true });
}

export async function awardBountyAction({ viewer, answerId }: QuestionActionArgs) {
  await awardBounty(viewer, answerId);
  return reply({ intent: "award-bounty", ok: true, answerId });
}
