// The access matrix's actors, what each may get back, and the judge that reads an answer and what was checked
// after it.
export type Actor = "visitante" | "outro membro" | "autor" | "moderador";
export const ACTORS: Actor[] = ["visitante", "outro membro", "autor", "moderador"];

/** What each actor may get back: "ok" is 2xx or a redirect that is not to the sign-in page. */
export type Expect = "login" | "ok" | "refused";
/** "vazou": the write reached an account it had no business with, or took effect although refused. */
export type Got = Expect | "5xx" | "vazou";
export type Tried = { status: number; location: string | null; got?: Got; note?: string };

export function outcome(status: number, location: string | null): Got {
  if (status === 0 || status >= 500) return "5xx";
  if (status >= 300 && status < 400 && location?.startsWith("/entrar")) return "login";
  if (status === 401) return "login";
  if (status >= 400) return "refused";
  return "ok";
}

/**
 * The outcome of one try: read from the status, then corrected by what was checked afterwards — `done`,
 * whether the write took effect; `leaked`, whether it moved someone else's account.
 */
export function judge(res: Tried, checks: { done?: boolean; leaked?: boolean } = {}): Tried {
  const read = outcome(res.status, res.location);
  if (read === "5xx") return res;
  if (checks.leaked) return { ...res, got: "vazou" };
  if (checks.done === undefined) return res;
  if (read === "ok" && !checks.done) return { ...res, got: "refused", note: "sem efeito" };
  if (read !== "ok" && checks.done) return { ...res, got: "vazou" };
  return res;
}

export type Expectation = Record<Actor, Expect>;
export const expecting = (
  visitante: Expect,
  outro: Expect,
  autor: Expect,
  moderador: Expect,
): Expectation => ({
  visitante,
  "outro membro": outro,
  autor,
  moderador,
});
export const ANYONE = expecting("ok", "ok", "ok", "ok");
export const NO_ONE = expecting("refused", "refused", "refused", "refused");
export const MEMBERS = expecting("login", "ok", "ok", "ok");
export const NOT_THE_AUTHOR = expecting("login", "ok", "refused", "ok");
export const AUTHOR_OR_MODERATOR = expecting("login", "refused", "ok", "ok");
export const AUTHOR_ONLY = expecting("login", "refused", "ok", "refused");
export const MODERATOR_ONLY = expecting("login", "refused", "refused", "ok");

export type Write = {
  name: string;
  /** Runs once per actor; a fresh target each time so one actor's write does not change the next one's. */
  run: (actor: Actor) => Promise<Tried>;
  expect: Expectation;
};
