import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { emailField } from "#app/lib/validation.ts";
import type { ActionReply } from "#app/lib/action-reply.ts";

export const newsletterSchema = z.object({ email: emailField });

export type NewsletterActionData = ActionReply & { result: SubmissionResult<string[]> };
