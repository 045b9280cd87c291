// Small texts of the questions area, shared by pages and server.
import { countLabel, plural as pluralWord } from "#app/lib/plural.ts";

/** "1 voto", "2 votos", "0 votos" (numbers in Brazilian format). Prefer `countLabel` from `#app/lib/plural.ts`. */
export const plural = countLabel;

/** Spec: 'N Resposta' with an 's' unless N is exactly 1. */
export function answerCountLabel(n: number): string {
  return `${n} ${pluralWord(n, "Resposta", "Respostas")}`;
}

/** A question id from the address: a plain positive number, or null (the page then goes to /questions). */
export function parseQuestionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}
