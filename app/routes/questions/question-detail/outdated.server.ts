// "Não funciona mais na versão…" on an answer: a member's mark, and taking it back.
import { markOutdated, retractOutdatedMark } from "#app/features/questions/answer-versions.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function markOutdatedAction({ viewer, form, answerId }: QuestionActionArgs) {
  await markOutdated(viewer, answerId, {
    tag: String(form.get("tag") ?? ""),
    version: String(form.get("version") ?? ""),
  });
  return reply({ intent: "mark-outdated", ok: true, target: `answer-${answerId}`, answerId });
}

export async function retractOutdatedAction({ viewer, answerId }: QuestionActionArgs) {
  await retractOutdatedMark(viewer, answerId);
  return reply({ intent: "retract-outdated", ok: true, target: `answer-${answerId}`, answerId });
}
