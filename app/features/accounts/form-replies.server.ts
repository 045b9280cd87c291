// Turns an AppError from a feature function into the form's reply: the Portuguese message next to its field
// (or above the form), the right 4xx status, and the typed values kept (passwords excepted).
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { isAppError, type AppError } from "#app/lib/errors.ts";
import { RateLimitError } from "./rate-limits.server.ts";
import type { AccountActionData } from "./schemas.ts";

type Options = { hideFields?: string[]; intent?: string };

export function errorReply(submission: Submission<unknown>, error: unknown, options: Options = {}) {
  if (!isAppError(error)) throw error;
  const result = submission.reply({
    ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }),
    hideFields: options.hideFields ?? [],
  });
  return data<AccountActionData>(
    { result, intent: options.intent },
    { status: error.status, headers: headersOf(error) },
  );
}

/** The reply to input the schema refused (400). */
export function invalidReply(submission: Submission<unknown>, options: Options = {}) {
  return data<AccountActionData>(
    { result: submission.reply({ hideFields: options.hideFields ?? [] }), intent: options.intent },
    { status: 400 },
  );
}

/** An AppError about a field of a form that Conform did not parse (a file input). */
export function fieldErrorReply(field: string, error: unknown, intent?: string) {
  if (!isAppError(error)) throw error;
  return data<AccountActionData>(
    { result: { status: "error", error: { [field]: [error.message] } }, intent },
    { status: error.status, headers: headersOf(error) },
  );
}

function headersOf(error: AppError): HeadersInit {
  return error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
}
