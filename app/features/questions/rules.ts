// The limits and messages of questions, answers and comments, without the validation library: the pages'
// components import these, so a reader's first click does not download Zod. schemas.ts builds the forms'
// schemas on them (and re-exports them for the server). The tag limit is the tags feature's (TAGS_MAX).
import { TAG_MESSAGES } from "#app/features/tags/rules.ts";

// Answers that say what they were tested on: the numbers live with their rule in versions.ts.
export { ANSWER_VERSIONS_MAX, OUTDATED_MARKS_TO_SHOW, VERSION_TEXT_MAX } from "./versions.ts";

export const TITLE_MIN = 15;
export const TITLE_MAX = 150;
/** Minimum characters of text in the details and the tried/expected editors. */
export const TEXT_MIN = 20;
/** Minimum characters of text in an answer (Stack Overflow asks for 30): "+1" and "valeu" are comments. */
export const ANSWER_MIN = 30;
export const COMMENT_MIN = 15;
export const COMMENT_MAX = 600;
export const BOUNTY_MIN = 50;
export const BOUNTY_MAX = 500;
export const BOUNTY_MIN_REPUTATION = 75;
export const BOUNTY_DAYS = 7;
export const FILTER_NAME_MAX = 60;
/** The longest "resumo da edição" an edit may carry. */
export const REVISION_SUMMARY_MAX = 300;
export const SAVED_FILTERS_MAX = 20;
export const PAGE_SIZE = 10;

export const MESSAGES = {
  titleRequired: "Informe o título da pergunta.",
  titleShort: `O título precisa ter pelo menos ${TITLE_MIN} caracteres.`,
  titleLong: `O título pode ter no máximo ${TITLE_MAX} caracteres.`,
  descriptionShort: `Descreva o problema com pelo menos ${TEXT_MIN} caracteres.`,
  detailsShort: `Conte o que você tentou e o que esperava com pelo menos ${TEXT_MIN} caracteres.`,
  tagsMax: TAG_MESSAGES.tooMany,
  tagsMin: "Escolha pelo menos uma tag.",
  answerEmpty: "A resposta não pode ficar vazia.",
  answerShort: `A resposta precisa ter pelo menos ${ANSWER_MIN} caracteres de texto. Para agradecer ou pedir um detalhe, use um comentário.`,
  commentLength: `O comentário precisa ter entre ${COMMENT_MIN} e ${COMMENT_MAX} caracteres.`,
  bountyAmount: `Escolha um bounty entre ${BOUNTY_MIN} e ${BOUNTY_MAX} pontos de reputação.`,
  filterName: `Dê um nome ao filtro (até ${FILTER_NAME_MAX} caracteres).`,
  summaryLong: `O resumo da edição pode ter no máximo ${REVISION_SUMMARY_MAX} caracteres.`,
} as const;

/**
 * The length of the text of a value the editor (HTML) or its no-JavaScript textarea (plain text) sent. The
 * browser's estimate; the server counts again with `richTextLength` on the sanitised HTML.
 */
export function approximateTextLength(value: string): number {
  const text = value
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/(p|li|h2|h3|pre|blockquote|div)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&(lt|gt|amp|quot|#39);/g, "x")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).length;
}
