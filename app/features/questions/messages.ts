// What the questions feature says when what was asked for is not there (who may do what: lib/permissions.ts).
export const QUESTION_MESSAGES = {
  questionNotFound: "Esta pergunta não existe ou foi removida.",
  answerNotFound: "Esta resposta não existe ou foi removida.",
  commentNotFound: "Este comentário não existe ou já foi removido.",
} as const;
