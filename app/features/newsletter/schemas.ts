import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

export const EMAIL_INVALID = "Email inválido";

/** Shared by every form with an e-mail (spec §5): trims, lowercases and checks the address. */
export const emailField = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: EMAIL_INVALID }).max(254, { error: EMAIL_INVALID }));

export const newsletterSchema = z.object({ email: emailField });

export type NewsletterActionData = { result: SubmissionResult<string[]>; message?: string };
