// The names of members' drafts (ADR 062): one key per form that starts something new — the ask page, the answer
// form of a question, the post writer — and the fields each keeps. The browser keeps each field under its own
// local key (the editors' drafts); the server keeps the whole form under the form's key. Tiny and without
// dependencies: the forms import it as well as the server.

export type DraftKind = "question" | "answer" | "post";

/** What the server keeps under a key: the form's fields (with the draft's id) and when they were saved. */
export type StoredDraft = { fields: Record<string, string>; updatedAt: Date };

/** The ask page's draft. */
export const QUESTION_DRAFT_KEY = "pergunta:nova";

/** The answer form's draft on question `questionId`. */
export function answerDraftKey(questionId: number): string {
  return `resposta:${questionId}`;
}

/** The post writer's draft: a new post, or the post made from an answer ("Transformar em post", ADR 043). */
export function postDraftKey(fromAnswerDraftId: number | null = null): string {
  return fromAnswerDraftId ? `post:rascunho:${fromAnswerDraftId}` : "post:novo";
}

/** The local keys of a question form's fields (the ask page's, and the edit page's, kept in the browser only). */
export function questionDraftParts(prefix: string) {
  return {
    titulo: `${prefix}:titulo`,
    tags: `${prefix}:tags`,
    descricao: `${prefix}:descricao`,
    detalhes: `${prefix}:detalhes`,
  };
}

/** What a key names: its kind, and the question of an answer's draft or the answer's draft of a post. */
export function parseDraftKey(
  key: string,
): { kind: DraftKind; questionId: number | null; postDraftId: number | null } | null {
  if (key === QUESTION_DRAFT_KEY) return { kind: "question", questionId: null, postDraftId: null };
  if (key === "post:novo") return { kind: "post", questionId: null, postDraftId: null };
  const answer = /^resposta:([1-9]\d{0,9})$/.exec(key);
  if (answer) return { kind: "answer", questionId: Number(answer[1]), postDraftId: null };
  const post = /^post:rascunho:([1-9]\d{0,9})$/.exec(key);
  if (post) return { kind: "post", questionId: null, postDraftId: Number(post[1]) };
  return null;
}

/**
 * The fields a form's draft keeps, each with its local key: a question's title, tags and two editors; an
 * answer's text; a post's text and the rest of the form (title, subtitle, category, tags, cover) as JSON.
 */
export function draftParts(key: string): Record<string, string> {
  const kind = parseDraftKey(key)?.kind;
  if (kind === "question") return questionDraftParts(key);
  if (kind === "post") return { texto: key, meta: `${key}:meta` };
  return { texto: key };
}
