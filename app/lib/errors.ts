// One error type for everything a person should read: a Portuguese message for them, a stable code for the logs.

export type AppErrorCode =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "csrf"
  | "payload_too_large"
  | "unsupported_media";

const statusByCode: Record<AppErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  csrf: 403,
  payload_too_large: 413,
  unsupported_media: 415,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The form field the message belongs next to, when there is one. */
  readonly field: string | undefined;
  readonly status: number;

  constructor(code: AppErrorCode, message: string, options: { field?: string } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.field = options.field;
    this.status = statusByCode[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
