// The API's one error shape, `{ "error": { "code", "message", "field"? } }`: a stable English code for programs,
// a Portuguese message for people, the field it is about when there is one. Every refusal under /api/v1 has it,
// unknown addresses and methods included (ADR 036).
import { isAppError } from "#app/lib/errors.ts";

export const API_ERROR_CODES = [
  "unauthenticated",
  "insufficient_scope",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "validation",
  "rate_limited",
  "internal",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const API_ERROR_STATUS: Record<ApiErrorCode, number> = {
  unauthenticated: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  internal: 500,
};

/** What each code means, for the reference page and the document's descriptions. */
export const API_ERROR_MEANINGS: Record<ApiErrorCode, string> = {
  unauthenticated: "Falta o token, ou ele é inválido ou foi revogado.",
  insufficient_scope: "O token não tem o escopo de escrita.",
  forbidden: "A ação não é permitida a este membro (reputação, autoria, suspensão, bloqueio).",
  not_found: "O endereço ou o conteúdo não existe (ou foi removido).",
  method_not_allowed: "O endereço existe, mas não com este método.",
  conflict: "O estado do conteúdo não permite a ação (pergunta fechada ou bloqueada, por exemplo).",
  payload_too_large: "O corpo passou do tamanho máximo.",
  unsupported_media_type: "O corpo não é JSON (Content-Type: application/json).",
  validation: "Um campo do corpo ou do endereço é inválido; `field` diz qual.",
  rate_limited: "Pedidos demais: espere os segundos de Retry-After.",
  internal: "Um erro nosso. Tente de novo em instantes.",
};

export const API_MESSAGES = {
  unauthenticated: "Envie um token de acesso válido no cabeçalho Authorization: Bearer sdd_….",
  invalidToken: "O token de acesso é inválido ou foi revogado.",
  writeScope:
    "Este token só pode ler. Crie um token com permissão de escrita em Configurações → Tokens de acesso.",
  notFound: "Endereço não encontrado na API.",
  methodNotAllowed: "Este endereço não aceita este método.",
  json: "Envie o corpo em JSON (Content-Type: application/json).",
  invalidJson: "O corpo não é um JSON válido.",
  tooLarge: "O corpo do pedido é grande demais.",
  invalid: "Dados inválidos.",
  cursor: "O cursor é inválido ou não é desta lista. Comece pela primeira página.",
  nul: "O texto enviado tem um caractere inválido (byte nulo).",
  tooDeep: "O JSON enviado tem níveis demais (listas ou objetos uns dentro dos outros).",
  markdownTooComplex:
    "Este Markdown é complexo demais para converter (marcações repetidas demais). Simplifique a formatação e envie de novo.",
  markdownBusy:
    "Você enviou textos demais para converter ao mesmo tempo. Espere o segundo de Retry-After e envie de novo.",
  internal: "Algo deu errado do nosso lado. Tente de novo em instantes.",
} as const;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly field: string | undefined;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.field = options.field;
    this.status = API_ERROR_STATUS[code];
    this.headers = options.headers ?? {};
  }
}

/**
 * A feature's AppError as the API says it: the same Portuguese message and field. Validation is 422 here (the
 * site's forms answer 400); a rate limit keeps its Retry-After. Anything else is not a refusal: null.
 */
export function apiErrorFrom(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (!isAppError(error)) return null;
  const field = error.field ? { field: error.field } : {};
  switch (error.code) {
    case "validation":
      return new ApiError("validation", error.message, field);
    case "unauthenticated":
      return new ApiError("unauthenticated", error.message, { headers: { "WWW-Authenticate": "Bearer" } });
    case "forbidden":
    case "csrf":
      return new ApiError("forbidden", error.message, field);
    case "not_found":
      return new ApiError("not_found", error.message, field);
    case "conflict":
      return new ApiError("conflict", error.message, field);
    case "payload_too_large":
      return new ApiError("payload_too_large", error.message, field);
    case "unsupported_media":
      return new ApiError("unsupported_media_type", error.message, field);
    case "rate_limited": {
      const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      return new ApiError("rate_limited", error.message, {
        ...field,
        headers: typeof seconds === "number" ? { "Retry-After": String(seconds) } : {},
      });
    }
  }
}
