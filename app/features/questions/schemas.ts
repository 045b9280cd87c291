// The forms of questions and answers: one Zod schema each, parsed in the browser (Conform) and again on the
// server, where the feature functions add the checks only the database or the sanitiser can make (the text
// length of the sanitised HTML, who may do what).
import { z } from "zod";
import { TAGS_MAX } from "#app/features/tags/rules.ts";

export * from "./rules.ts";
import {
  ANSWER_MIN,
  MESSAGES,
  TEXT_MIN,
  TITLE_MAX,
  TITLE_MIN,
  COMMENT_MIN,
  COMMENT_MAX,
  BOUNTY_MIN,
  BOUNTY_MAX,
  FILTER_NAME_MAX,
  REVISION_SUMMARY_MAX,
  approximateTextLength,
} from "./rules.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";

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
type QuestionInput = z.infer<typeof questionSchema>;

/** The optional "resumo da edição" of an edit form (Conform drops an empty field, so it is then undefined). */
const revisionSummary = z
  .string({ error: MESSAGES.summaryLong })
  .trim()
  .max(REVISION_SUMMARY_MAX, { error: MESSAGES.summaryLong })
  .optional();

export const questionEditSchema = questionSchema.extend({ summary: revisionSummary });
export type QuestionEditInput = QuestionInput & { summary?: string };

export const answerSchema = z.object({
  body: z
    .string({ error: MESSAGES.answerEmpty })
    .refine((value) => approximateTextLength(value) > 0, { error: MESSAGES.answerEmpty })
    .refine((value) => approximateTextLength(value) >= ANSWER_MIN, { error: MESSAGES.answerShort }),
});

export const answerEditSchema = answerSchema.extend({ summary: revisionSummary });

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
export type FormActionData = ActionReply & {
  /** Which post a small form belongs to ("question-3", "answer-7"), so the message shows by the right one. */
  target?: string;
  /** The answer an action created or changed. */
  answerId?: number;
  /** Values to put back in a form after a refusal (rich text already sanitised). */
  values?: Record<string, string | string[]>;
};
