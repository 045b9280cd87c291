// How a member's draft reads in a list (/rascunhos, the member's home): what it is, its title, and the form that
// goes on writing it.
import { href } from "react-router";
import type { DraftKind } from "./keys.ts";

/** What a list needs of a draft (`DraftListItem`, without the server's types). */
type ListedDraft = {
  kind: DraftKind;
  title: string;
  question: { id: number; title: string } | null;
  postDraftId: number | null;
};

export const DRAFT_KIND_LABELS: Record<DraftKind, string> = {
  question: "Pergunta",
  answer: "Resposta",
  post: "Post",
};

/** The form that starts from the draft: the ask page, the question's answer form, the post writer. */
export function draftResumeHref(draft: ListedDraft): string {
  if (draft.kind === "answer" && draft.question) {
    return `${href("/questions/:id", { id: String(draft.question.id) })}#responder`;
  }
  if (draft.kind === "post") {
    return draft.postDraftId
      ? `${href("/write-a-post")}?rascunho=${draft.postDraftId}`
      : href("/write-a-post");
  }
  return href("/ask-a-question");
}

/** Its title, or the question an answer answers. */
export function draftTitle(draft: ListedDraft): string {
  if (draft.kind === "answer") return draft.question?.title ?? "Resposta";
  return draft.title || (draft.kind === "question" ? "Pergunta sem título" : "Post sem título");
}
