// Portuguese plurals of counted things: "1 resposta", "0 respostas", "2 respostas".

/** The word for `count`: `one` when it is exactly 1, else `many` (zero is plural in Portuguese). */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The count in Brazilian format and its word: "1 voto", "0 votos", "1.500 votos". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count.toLocaleString("pt-BR")} ${plural(count, one, many)}`;
}
