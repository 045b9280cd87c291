import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { emailField } from "#app/lib/validation.ts";

export const newsletterSchema = z.object({ email: emailField });

export type NewsletterActionData = { result: SubmissionResult<string[]>; message?: string };
