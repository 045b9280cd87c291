// Small texts of the questions area, shared by pages and server.

/** "1 voto", "2 votos", "0 votos" (numbers in Brazilian format). */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;
}

/** Spec: 'N Resposta' with an 's' unless N is exactly 1. */
export function answerCountLabel(n: number): string {
  return `${n} ${n === 1 ? "Resposta" : "Respostas"}`;
}

/** A question id from the address: a plain positive number, or null (the page then goes to /questions). */
export function parseQuestionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}
