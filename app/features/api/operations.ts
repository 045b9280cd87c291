// The REST API v1 operations table (ADR 036): every operation declared once — method, path, operationId, a
// Portuguese summary, who may call it and the Zod schemas of its path, query, body and answer. The OpenAPI
// document (document.ts), the dispatcher (routes/api-v1) and the reference page are all built from this table,
// so what is documented is what answers. The handlers (routes/api-v1/handlers.server.ts) are typed from it:
// one per operation, no more, no fewer.
import type { z } from "zod";
import type { ApiErrorCode } from "./errors.ts";
import * as s from "./schemas.ts";

type HttpMethod = "get" | "post" | "put" | "delete";

/** `public`: anyone (a token, when sent, reads as its member); `token`: any valid token; `write`: a write token. */
type Access = "public" | "token" | "write";

export const API_TAGS = {
  Perguntas: "Listar, ler e fazer perguntas; votar, favoritar.",
  Respostas: "Responder, votar em respostas e aceitar uma resposta.",
  Comentários: "Comentar perguntas e respostas.",
  Posts: "Ler e escrever posts do blog.",
  Membros: "Perfis públicos e o dono do token.",
  Tags: "As tags do site.",
  Busca: "A busca do site.",
  Documento: "Este documento OpenAPI.",
} as const;
type ApiTag = keyof typeof API_TAGS;

type AnyObject = z.ZodObject;

export type Operation<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends AnyObject | undefined = AnyObject | undefined,
  R extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** OpenAPI style, under /api/v1: `/questions/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  success: { status: 200 | 201; description: string; schema: R };
  /** Refusals particular to this operation (the dispatcher's own are added by `errorsOf`). */
  errors?: ApiErrorCode[];
};

const op = <
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends AnyObject | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  operation: Operation<P, Q, B, R>,
) => operation;

export const operations = {
  getOpenApiDocument: op({
    method: "get",
    path: "/openapi.json",
    tag: "Documento",
    summary: "Este documento OpenAPI 3.1",
    access: "public",
    success: { status: 200, description: "O documento.", schema: s.openApiDocumentSchema },
  }),
  listQuestions: op({
    method: "get",
    path: "/questions",
    tag: "Perguntas",
    summary: "Listar perguntas, com as ordens e filtros do site",
    access: "public",
    query: s.questionListQuery,
    success: {
      status: 200,
      description: "Uma página de perguntas.",
      schema: s.pageOf(s.questionSummarySchema, "QuestionPage"),
    },
  }),
  createQuestion: op({
    method: "post",
    path: "/questions",
    tag: "Perguntas",
    summary: "Fazer uma pergunta",
    description:
      "Passa pelas mesmas regras do formulário do site: tamanhos, limite de perguntas por hora, links de membros novos e filtros de spam (uma pergunta retida volta com `held: true`).",
    access: "write",
    body: s.newQuestionBody,
    success: { status: 201, description: "A pergunta criada.", schema: s.createdSchema },
  }),
  getQuestion: op({
    method: "get",
    path: "/questions/{id}",
    tag: "Perguntas",
    summary: "Ler uma pergunta com suas respostas e comentários",
    access: "public",
    params: s.questionIdParams,
    query: s.answerOrderQuery,
    success: { status: 200, description: "A pergunta.", schema: s.questionSchema },
    errors: ["not_found"],
  }),
  listAnswers: op({
    method: "get",
    path: "/questions/{id}/answers",
    tag: "Respostas",
    summary: "Listar as respostas de uma pergunta",
    access: "public",
    params: s.questionIdParams,
    query: s.answerOrderQuery,
    success: {
      status: 200,
      description: "Todas as respostas, a aceita primeiro.",
      schema: s.pageOf(s.answerSchema, "AnswerList"),
    },
    errors: ["not_found"],
  }),
  createAnswer: op({
    method: "post",
    path: "/questions/{id}/answers",
    tag: "Respostas",
    summary: "Responder uma pergunta",
    description: "Uma pergunta fechada ou bloqueada não aceita respostas (409).",
    access: "write",
    params: s.questionIdParams,
    body: s.newAnswerBody,
    success: { status: 201, description: "A resposta criada.", schema: s.createdSchema },
    errors: ["not_found", "conflict"],
  }),
  commentOnQuestion: op({
    method: "post",
    path: "/questions/{id}/comments",
    tag: "Comentários",
    summary: "Comentar uma pergunta",
    access: "write",
    params: s.questionIdParams,
    body: s.newCommentBody,
    success: { status: 201, description: "O comentário criado.", schema: s.createdSchema },
    errors: ["not_found", "conflict"],
  }),
  voteOnQuestion: op({
    method: "put",
    path: "/questions/{id}/vote",
    tag: "Perguntas",
    summary: "Votar numa pergunta (ou retirar o voto)",
    description: "Votar negativamente exige reputação (ver /privilegios); não se vota no que é seu.",
    access: "write",
    params: s.questionIdParams,
    body: s.voteBody,
    success: { status: 200, description: "A pontuação e o seu voto.", schema: s.voteResultSchema },
    errors: ["not_found", "conflict"],
  }),
  favoriteQuestion: op({
    method: "put",
    path: "/questions/{id}/favorite",
    tag: "Perguntas",
    summary: "Favoritar uma pergunta",
    access: "write",
    params: s.questionIdParams,
    success: { status: 200, description: "Favoritada.", schema: s.favoriteResultSchema },
    errors: ["not_found"],
  }),
  unfavoriteQuestion: op({
    method: "delete",
    path: "/questions/{id}/favorite",
    tag: "Perguntas",
    summary: "Tirar uma pergunta dos favoritos",
    access: "write",
    params: s.questionIdParams,
    success: { status: 200, description: "Fora dos favoritos.", schema: s.favoriteResultSchema },
    errors: ["not_found"],
  }),
  voteOnAnswer: op({
    method: "put",
    path: "/answers/{id}/vote",
    tag: "Respostas",
    summary: "Votar numa resposta (ou retirar o voto)",
    access: "write",
    params: s.answerIdParams,
    body: s.voteBody,
    success: { status: 200, description: "A pontuação e o seu voto.", schema: s.voteResultSchema },
    errors: ["not_found", "conflict"],
  }),
  acceptAnswer: op({
    method: "put",
    path: "/answers/{id}/accept",
    tag: "Respostas",
    summary: "Aceitar uma resposta (quem perguntou)",
    access: "write",
    params: s.answerIdParams,
    success: { status: 200, description: "A resposta aceita.", schema: s.acceptResultSchema },
    errors: ["not_found", "conflict"],
  }),
  unacceptAnswer: op({
    method: "delete",
    path: "/answers/{id}/accept",
    tag: "Respostas",
    summary: "Desmarcar a resposta aceita (quem perguntou)",
    access: "write",
    params: s.answerIdParams,
    success: { status: 200, description: "Nenhuma resposta aceita.", schema: s.acceptResultSchema },
    errors: ["not_found", "conflict"],
  }),
  commentOnAnswer: op({
    method: "post",
    path: "/answers/{id}/comments",
    tag: "Comentários",
    summary: "Comentar uma resposta",
    access: "write",
    params: s.answerIdParams,
    body: s.newCommentBody,
    success: { status: 201, description: "O comentário criado.", schema: s.createdSchema },
    errors: ["not_found", "conflict"],
  }),
  listPosts: op({
    method: "get",
    path: "/posts",
    tag: "Posts",
    summary: "Listar posts do blog, os mais recentes primeiro",
    access: "public",
    query: s.postListQuery,
    success: {
      status: 200,
      description: "Uma página de posts.",
      schema: s.pageOf(s.postSummarySchema, "PostPage"),
    },
  }),
  createPost: op({
    method: "post",
    path: "/posts",
    tag: "Posts",
    summary: "Escrever um post",
    access: "write",
    body: s.newPostBody,
    success: { status: 201, description: "O post publicado.", schema: s.createdPostSchema },
  }),
  getPost: op({
    method: "get",
    path: "/posts/{slug}",
    tag: "Posts",
    summary: "Ler um post com seus comentários",
    access: "public",
    params: s.slugParams,
    success: { status: 200, description: "O post.", schema: s.postSchema },
    errors: ["not_found"],
  }),
  getMember: op({
    method: "get",
    path: "/members/{handle}",
    tag: "Membros",
    summary: "O perfil público de um membro",
    access: "public",
    params: s.handleParams,
    success: { status: 200, description: "O perfil.", schema: s.memberSchema },
    errors: ["not_found"],
  }),
  getTokenOwner: op({
    method: "get",
    path: "/me",
    tag: "Membros",
    summary: "Quem o token representa e seus escopos",
    access: "token",
    success: { status: 200, description: "O dono do token.", schema: s.viewerSchema },
  }),
  listTags: op({
    method: "get",
    path: "/tags",
    tag: "Tags",
    summary: "Listar as tags",
    access: "public",
    query: s.tagListQuery,
    success: { status: 200, description: "Uma página de tags.", schema: s.pageOf(s.tagSchema, "TagPage") },
  }),
  getTag: op({
    method: "get",
    path: "/tags/{slug}",
    tag: "Tags",
    summary: "Uma tag",
    access: "public",
    params: s.tagSlugParams,
    success: { status: 200, description: "A tag.", schema: s.tagSchema },
    errors: ["not_found"],
  }),
  search: op({
    method: "get",
    path: "/search",
    tag: "Busca",
    summary: "Buscar perguntas, posts, membros ou tags",
    access: "public",
    query: s.searchQuery,
    success: {
      status: 200,
      description: "Uma página de resultados.",
      schema: s.pageOf(s.searchHitSchema, "SearchPage"),
    },
  }),
  findErrorMatches: op({
    method: "get",
    path: "/errors/matches",
    tag: "Busca",
    summary: "Perguntas com o mesmo erro de uma mensagem ou stack trace",
    description:
      'As perguntas (não excluídas) cujo texto ou respostas trazem o mesmo erro, da mais parecida para a menos. O mesmo que a busca `erro:"…"` e o aviso "Já perguntaram sobre este erro" do formulário de pergunta.',
    access: "public",
    query: s.errorMatchQuery,
    success: {
      status: 200,
      description: "Os erros do texto e as perguntas que os têm.",
      schema: s.errorMatchesSchema,
    },
  }),
};

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** Every refusal an operation may answer: its own, and those of the dispatcher for its kind. */
export function errorsOf(operation: Operation): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(operation.errors ?? []);
  if (operation.access !== "public") codes.add("unauthenticated");
  if (operation.access === "public") codes.add("unauthenticated"); // a token sent must be valid
  if (operation.access === "write") {
    codes.add("insufficient_scope");
    codes.add("forbidden");
  }
  if (operation.params || operation.query || operation.body) codes.add("validation");
  if (operation.body) {
    codes.add("payload_too_large");
    codes.add("unsupported_media_type");
  }
  codes.add("rate_limited");
  const order = [
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
  return order.filter((code) => codes.has(code));
}

/** Operations as a list, in the table's order. */
export function operationList(): Array<Operation & { operationId: OperationId }> {
  return (Object.entries(operations) as Array<[OperationId, Operation]>).map(([operationId, operation]) => ({
    ...operation,
    operationId,
  }));
}
