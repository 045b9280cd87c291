// The moderation forms of a member's profile: suspend for N days with a reason, lift it, block.
import { z } from "zod";
import { MAX_ROW_ID } from "#app/lib/ids.ts";
import { SUSPENSION_DAYS_MAX, SUSPENSION_REASON_MAX } from "./rules.ts";

const SUSPENSION_MESSAGES = {
  days: `Escolha de 1 a ${SUSPENSION_DAYS_MAX} dias.`,
  reasonRequired: "Diga o motivo: o membro vai lê-lo.",
  reasonTooLong: `O motivo pode ter até ${SUSPENSION_REASON_MAX} caracteres.`,
} as const;

export const suspendSchema = z.object({
  intent: z.literal("suspend"),
  days: z.coerce
    .number({ error: SUSPENSION_MESSAGES.days })
    .int({ error: SUSPENSION_MESSAGES.days })
    .min(1, { error: SUSPENSION_MESSAGES.days })
    .max(SUSPENSION_DAYS_MAX, { error: SUSPENSION_MESSAGES.days }),
  reason: z
    .string({ error: SUSPENSION_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: SUSPENSION_MESSAGES.reasonRequired })
    .max(SUSPENSION_REASON_MAX, { error: SUSPENSION_MESSAGES.reasonTooLong }),
  returnTo: z.string().optional(),
});

export const unsuspendSchema = z.object({
  intent: z.literal("unsuspend"),
  returnTo: z.string().optional(),
});

export const blockSchema = z.object({
  intent: z.enum(["block", "unblock"]),
  returnTo: z.string().optional(),
});

/** Unblocking from the list in Configurações names the member by id. */
export const unblockByIdSchema = z.object({
  intent: z.literal("unblock-member"),
  userId: z.coerce.number().int().positive().max(MAX_ROW_ID),
});
