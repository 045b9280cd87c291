// "Acompanhar" on the question (on and off).
import { setWatching } from "#app/features/notifications/thread-watches.server.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function watchAction({ viewer, questionId, form, context }: QuestionActionArgs) {
  // Only the watcher sees it: the visitors' copy of the page stays.
  writeChangesNothingVisitorsSee(context);
  await setWatching(viewer, { kind: "question", id: questionId }, form.get("value") === "on");
  return reply({ intent: "watch", ok: true });
}
