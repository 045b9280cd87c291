// What every request must be before a loader or action reads it, checked once, here:
// - text PostgreSQL can store: no NUL character (it is not valid UTF-8 text there) in the address (path and
//   query) or in the text fields of form posts, plain or multipart (a post with its cover image); the files of
//   a multipart post are bytes and are not looked at;
// - a body the actions can read: every action reads a form, so a body of any other type (JSON, XML, text) is
//   refused with 415, and a multipart body that does not parse with 400, instead of `request.formData()`
//   throwing inside an action (a 500). Bodies are small by then: the HTTP server bounds them (ADR 022).
import { data } from "react-router";

const NUL = "\u0000";
const NUL_MESSAGE = "O texto enviado tem um caractere inválido (byte nulo). Remova-o e tente de novo.";
const UNSUPPORTED_BODY_MESSAGE =
  "Este endereço só recebe formulários (application/x-www-form-urlencoded ou multipart/form-data).";
const UNREADABLE_BODY_MESSAGE = "Não conseguimos ler o formulário enviado. Tente de novo.";

export type InputProblem = { status: 400 | 415; message: string } | null;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const nulInText = { status: 400, message: NUL_MESSAGE } as const;

/** The first reason the request cannot be handed to a loader or action, or null. */
export async function inputProblem(request: Request): Promise<InputProblem> {
  const url = new URL(request.url);
  if (safeDecode(url.pathname).includes(NUL) || safeDecode(url.search).includes(NUL)) return nulInText;
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return null;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (!form) return { status: 400, message: UNREADABLE_BODY_MESSAGE };
    const hasNul = [...form.values()].some((value) => typeof value === "string" && value.includes(NUL));
    return hasNul ? nulInText : null;
  }
  const body = await request.clone().text();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return safeDecode(body.replace(/\+/g, " ")).includes(NUL) || body.includes(NUL) ? nulInText : null;
  }
  // An empty body of any type (a bodiless POST from a script) is an empty form.
  return body.length === 0 ? null : { status: 415, message: UNSUPPORTED_BODY_MESSAGE };
}

export async function hasNulCharacter(request: Request): Promise<boolean> {
  return (await inputProblem(request))?.message === NUL_MESSAGE;
}

export async function assertReadableInput(request: Request) {
  const problem = await inputProblem(request);
  if (problem) throw data({ error: problem.message }, { status: problem.status });
}
