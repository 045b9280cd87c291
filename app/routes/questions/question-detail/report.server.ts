// The report form of the three-dot menu, for the question or an answer: the moderation gets the reason.
import { reportPost, REPORT_MESSAGES } from "#app/features/questions/reports.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function reportAction({ viewer, form, post }: QuestionActionArgs) {
  await reportPost(viewer, post, String(form.get("reason") ?? ""), publicUrl());
  return reply({ intent: "report", ok: true, message: REPORT_MESSAGES.sent });
}
