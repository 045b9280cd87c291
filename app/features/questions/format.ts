// Small texts of the questions area, shared by pages and server.
import { plural } from "#app/lib/plural.ts";

/** Spec: 'N Resposta' with an 's' unless N is exactly 1. */
export function answerCountLabel(n: number): string {
  return `${n} ${plural(n, "Resposta", "Respostas")}`;
}

/** A question id from the address: a plain positive number, or null (the page then goes to /questions). */
export function parseQuestionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/** How lists mark a closed question after its title (as "[closed]" / "[duplicate]" elsewhere). */
export type ClosedMark = "closed" | "duplicate" | null;

export function closedMarker(mark: ClosedMark): string {
  return mark === "duplicate" ? "[duplicada]" : mark === "closed" ? "[fechada]" : "";
}

/** The mark of a question from its closed state. */
export function closedMarkOf(closedAt: Date | string | null, closeReason: string | null): ClosedMark {
  if (!closedAt) return null;
  return closeReason === "duplicate" ? "duplicate" : "closed";
}
