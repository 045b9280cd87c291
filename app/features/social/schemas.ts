import { z } from "zod";
import { MAX_ROW_ID } from "#app/lib/ids.ts";
import type { FetcherReply } from "#app/lib/action-reply.ts";

/** The Seguir button's form (POST /api/follows). */
export const followSchema = z.object({
  intent: z.enum(["follow", "unfollow"], { error: "Ação inválida." }),
  userId: z.coerce
    .number({ error: "Membro inválido." })
    .int()
    .positive({ error: "Membro inválido." })
    .max(MAX_ROW_ID, { error: "Membro inválido." }),
  /** Where a form posted without JavaScript comes back to. */
  redirectTo: z.string().optional(),
});

export type FollowActionData = FetcherReply<{ following: boolean }>;
