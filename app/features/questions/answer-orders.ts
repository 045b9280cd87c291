// The orders the answers can be shown in (spec: newest, oldest, top-liked), shared by page and server.

export const ANSWER_ORDERS = ["votes", "newest", "oldest"] as const;
export type AnswerOrder = (typeof ANSWER_ORDERS)[number];

/** The order-by dropdown's labels. */
export const ANSWER_ORDER_LABELS: Record<AnswerOrder, string> = {
  votes: "Mais votadas",
  newest: "Mais recentes",
  oldest: "Mais antigas",
};

/** ?answers=… from the address; "votes" (the most voted first) by default. */
export function parseAnswerOrder(value: string | null | undefined): AnswerOrder {
  return (ANSWER_ORDERS as readonly string[]).includes(value ?? "") ? (value as AnswerOrder) : "votes";
}
