// The one way an action turns a refusal into a form's reply: an AppError from a feature function becomes the
// Portuguese message next to its field (or above the form), with the error's 4xx status, a `Retry-After` when
// the error says when to try again, and the typed values kept (except the fields named in `hideFields`).
// The rest of the reply (`intent`, `values`, `ok`…) is the route's own payload, typed by the route.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { isAppError, type AppError } from "./errors.ts";

export type FormReplyOptions = {
  /** Fields whose values are not sent back (passwords). */
  hideFields?: string[];
  /** The fields the form shows messages beside; an error about any other field is shown above the form. */
  fields?: ReadonlySet<string>;
  /** Where an error that names no field goes (default: above the form). */
  fallbackField?: string;
};

/** A reply's payload: what the route sends beside the Conform `result`. */
type Payload<T> = Omit<T, "result">;

/** The Conform result that shows an AppError; anything that is not an AppError is thrown again. */
export function appErrorResult(
  submission: Submission<unknown>,
  error: unknown,
  options: FormReplyOptions = {},
): SubmissionResult<string[]> {
  if (!isAppError(error)) throw error;
  const field =
    error.field && (!options.fields || options.fields.has(error.field)) ? error.field : options.fallbackField;
  return submission.reply({
    ...(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] }),
    hideFields: options.hideFields ?? [],
  });
}

/** The reply to an AppError thrown while handling a parsed form. */
export function errorReply<T extends { result?: SubmissionResult<string[]> }>(
  submission: Submission<unknown>,
  error: unknown,
  payload: Payload<T>,
  options: FormReplyOptions = {},
) {
  const result = appErrorResult(submission, error, options);
  const appError = error as AppError;
  return data<T>({ ...payload, result } as T, { status: appError.status, headers: retryAfter(appError) });
}

/** The reply to input the schema refused (400). */
export function invalidReply<T extends { result?: SubmissionResult<string[]> }>(
  submission: Submission<unknown>,
  payload: Payload<T>,
  options: Pick<FormReplyOptions, "hideFields"> = {},
) {
  return data<T>({ ...payload, result: submission.reply({ hideFields: options.hideFields ?? [] }) } as T, {
    status: 400,
  });
}

/** An AppError about a field of a form that Conform did not parse (a file input); `""` is the whole form. */
export function fieldErrorReply<T extends { result?: SubmissionResult<string[]> }>(
  field: string,
  error: unknown,
  payload: Payload<T>,
) {
  if (!isAppError(error)) throw error;
  return data<T>({ ...payload, result: { status: "error", error: { [field]: [error.message] } } } as T, {
    status: error.status,
    headers: retryAfter(error),
  });
}

/**
 * `Retry-After` for an error that knows when to try again (the rate limits' `RateLimitError`, which lives in a
 * feature that shared code does not import, so it is recognised by its shape).
 */
function retryAfter(error: AppError): HeadersInit {
  const seconds: unknown = (error as AppError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === "number" ? { "Retry-After": String(seconds) } : {};
}
