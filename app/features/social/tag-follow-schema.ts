import { z } from "zod";
import { MAX_ROW_ID } from "#app/lib/ids.ts";
import type { FetcherReply } from "#app/lib/action-reply.ts";

/** The tag's Seguir button (POST /api/tag-follows). */
export const tagFollowSchema = z.object({
  intent: z.enum(["follow", "unfollow"], { error: "Ação inválida." }),
  tagId: z.coerce
    .number({ error: "Tag inválida." })
    .int()
    .positive({ error: "Tag inválida." })
    .max(MAX_ROW_ID, { error: "Tag inválida." }),
  redirectTo: z.string().optional(),
});

export type TagFollowActionData = FetcherReply<{ following: boolean; followers: number }>;
