// The forms of questions and answers: one Zod schema each, parsed in the browser (Conform) and again on the
// server, where the feature functions add the checks only the database or the sanitiser can make (the text
// length of the sanitised HTML, who may do what).
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

export const TITLE_MIN = 15;
export const TITLE_MAX = 150;
/** Minimum characters of text in the details and the tried/expected editors. */
export const TEXT_MIN = 20;
export const TAGS_MAX = 5;
export const COMMENT_MIN = 15;
export const COMMENT_MAX = 600;
export const BOUNTY_MIN = 50;
export const BOUNTY_MAX = 500;
export const BOUNTY_MIN_REPUTATION = 75;
export const BOUNTY_DAYS = 7;
export const FILTER_NAME_MAX = 60;
export const SAVED_FILTERS_MAX = 20;
export const PAGE_SIZE = 10;

export const MESSAGES = {
  titleRequired: "Informe o título da pergunta.",
  titleShort: `O título precisa ter pelo menos ${TITLE_MIN} caracteres.`,
  titleLong: `O título pode ter no máximo ${TITLE_MAX} caracteres.`,
  descriptionShort: `Descreva o problema com pelo menos ${TEXT_MIN} caracteres.`,
  detailsShort: `Conte o que você tentou e o que esperava com pelo menos ${TEXT_MIN} caracteres.`,
  tagsMax: "Escolha no máximo 5 tags.",
  tagsMin: "Escolha pelo menos uma tag.",
  answerEmpty: "A resposta não pode ficar vazia.",
  commentLength: `O comentário precisa ter entre ${COMMENT_MIN} e ${COMMENT_MAX} caracteres.`,
  bountyAmount: `Escolha um bounty entre ${BOUNTY_MIN} e ${BOUNTY_MAX} pontos de reputação.`,
  filterName: `Dê um nome ao filtro (até ${FILTER_NAME_MAX} caracteres).`,
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

/** Tags arrive as repeated fields (the tag selector) or one comma-separated field (a plain input). */
const tagList = z.preprocess(
  (value) => {
    const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
    return items.map((item) => (typeof item === "string" ? item.trim() : "")).filter(Boolean);
  },
  z.array(z.string()).min(1, { error: MESSAGES.tagsMin }).max(TAGS_MAX, { error: MESSAGES.tagsMax }),
);

const richText = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => approximateTextLength(value) >= TEXT_MIN, { error: message });

export const questionSchema = z.object({
  title: z
    .string({ error: MESSAGES.titleRequired })
    .trim()
    .min(TITLE_MIN, { error: MESSAGES.titleShort })
    .max(TITLE_MAX, { error: MESSAGES.titleLong }),
  description: richText(MESSAGES.descriptionShort),
  details: richText(MESSAGES.detailsShort),
  tags: tagList,
});
export type QuestionInput = z.infer<typeof questionSchema>;

export const answerSchema = z.object({
  body: z
    .string({ error: MESSAGES.answerEmpty })
    .refine((value) => approximateTextLength(value) > 0, { error: MESSAGES.answerEmpty }),
});

export const commentSchema = z.object({
  body: z
    .string({ error: MESSAGES.commentLength })
    .trim()
    .min(COMMENT_MIN, { error: MESSAGES.commentLength })
    .max(COMMENT_MAX, { error: MESSAGES.commentLength }),
});

export const bountySchema = z.object({
  amount: z.coerce
    .number({ error: MESSAGES.bountyAmount })
    .int({ error: MESSAGES.bountyAmount })
    .min(BOUNTY_MIN, { error: MESSAGES.bountyAmount })
    .max(BOUNTY_MAX, { error: MESSAGES.bountyAmount }),
});

export const saveFilterSchema = z.object({
  name: z
    .string({ error: MESSAGES.filterName })
    .trim()
    .min(1, { error: MESSAGES.filterName })
    .max(FILTER_NAME_MAX, { error: MESSAGES.filterName }),
});

/** What a form's action returns: Conform's reply, plus a message for the whole form when there is one. */
export type FormActionData = {
  intent?: string;
  result?: SubmissionResult<string[]>;
  message?: string;
  ok?: boolean;
  /** Which post a small form belongs to ("question-3", "answer-7"), so the message shows by the right one. */
  target?: string;
  /** The answer an action created or changed. */
  answerId?: number;
  /** Values to put back in a form after a refusal (rich text already sanitised). */
  values?: Record<string, string | string[]>;
};
