// Turns an AppError from a feature function into the form's reply: the Portuguese message next to its field
// (or above the form), the right 4xx status, and the typed values kept (passwords excepted).
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { isAppError } from "#app/lib/errors.ts";
import { RateLimitError } from "./rate-limits.server.ts";
import type { AccountActionData } from "./schemas.ts";

export function errorReply(submission: Submission<unknown>, error: unknown, hideFields: string[] = []) {
  if (!isAppError(error)) throw error;
  const result = submission.reply({
    ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }),
    hideFields,
  });
  const headers: HeadersInit =
    error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return data<AccountActionData>({ result }, { status: error.status, headers });
}

/** The reply to input the schema refused (400). */
export function invalidReply(submission: Submission<unknown>, hideFields: string[] = []) {
  return data<AccountActionData>({ result: submission.reply({ hideFields }) }, { status: 400 });
}
