// The blog's forms and vocabularies, shared by the browser (Conform) and the server (parsed again there,
// then checked against the database).
import { z } from "zod";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import { MAX_ROW_ID } from "#app/lib/ids.ts";

export * from "./rules.ts";
import {
  POST_CATEGORIES,
  MESSAGES,
  TITLE_MAX,
  DESCRIPTION_MAX,
  BODY_MIN,
  COMMENT_MAX,
  approximateTextLength,
} from "./rules.ts";
import type { FetcherReply } from "#app/lib/action-reply.ts";

function tagCount(values: (string | undefined)[] | undefined): number {
  const names = new Set<string>();
  for (const value of values ?? []) {
    for (const part of (value ?? "").split(",")) {
      const name = part.trim().toLocaleLowerCase("pt-BR");
      if (name) names.add(name);
    }
  }
  return names.size;
}

/** The writer (/write-a-post) and the edit page. `body` is the editor's HTML (or plain text without JS). */
export const postSchema = z.object({
  title: z
    .string({ error: MESSAGES.titleRequired })
    .trim()
    .min(1, { error: MESSAGES.titleRequired })
    .max(TITLE_MAX, { error: MESSAGES.titleTooLong }),
  description: z.string().trim().max(DESCRIPTION_MAX, { error: MESSAGES.descriptionTooLong }).optional(),
  category: z.enum(POST_CATEGORIES, { error: MESSAGES.category }),
  // The selector sends one field per chosen tag plus its (often empty) text field under the same name.
  tags: z
    .array(z.string().optional())
    .optional()
    .refine((values) => tagCount(values) <= TAGS_MAX, { error: MESSAGES.tooManyTags }),
  body: z
    .string({ error: MESSAGES.bodyTooShort })
    .refine((html) => approximateTextLength(html) >= BODY_MIN, { error: MESSAGES.bodyTooShort }),
  "body-format": z.string().optional(),
  coverUrl: z.string().trim().max(2000).optional(),
  favorite: z.boolean().optional(),
});
export const commentSchema = z.object({
  intent: z.literal("comment"),
  body: z
    .string({ error: MESSAGES.commentRequired })
    .trim()
    .min(1, { error: MESSAGES.commentRequired })
    .max(COMMENT_MAX, { error: MESSAGES.commentTooLong }),
  parentId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
});

/** The like and favourite toggles: `value` is the state asked for. */
export const toggleSchema = z.object({
  postId: z.coerce.number().int().positive().max(MAX_ROW_ID),
  value: z.enum(["on", "off"]),
  redirectTo: z.string().optional(),
});

export type ToggleActionData = FetcherReply<{ value: boolean; count: number }>;
