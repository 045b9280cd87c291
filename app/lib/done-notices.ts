// What a page says after a write that took the member to another page: the write's redirect adds `?feito=<what>`,
// and the layout's notice says it (a deleted post has no page left to say so on). Safe in the browser.

export const DONE_PARAM = "feito";

export const DONE_NOTICES = {
  "post-excluido": "Post excluído.",
  "pergunta-excluida": "Pergunta excluída.",
} as const;

export type DoneNotice = keyof typeof DONE_NOTICES;

export function isDoneNotice(value: string | null): value is DoneNotice {
  return value !== null && Object.hasOwn(DONE_NOTICES, value);
}

/** `path` with the notice `done` for the page it leads to. */
export function withDoneNotice(path: string, done: DoneNotice): string {
  const url = new URL(path, "http://local");
  url.searchParams.set(DONE_PARAM, done);
  return `${url.pathname}${url.search}${url.hash}`;
}
