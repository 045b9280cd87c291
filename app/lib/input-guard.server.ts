// Text with a NUL character cannot be stored in PostgreSQL (it is not valid UTF-8 text there). Instead of
// letting it reach the database and fail with a 500, every request is checked once, here: the address (path
// and query) and the text fields of form posts, plain or multipart (a post with its cover image); the files of a
// multipart post are bytes and are not looked at.
import { data } from "react-router";

const NUL = "\u0000";
export const NUL_MESSAGE = "O texto enviado tem um caractere inválido (byte nulo). Remova-o e tente de novo.";

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function hasNulCharacter(request: Request): Promise<boolean> {
  const url = new URL(request.url);
  if (safeDecode(url.pathname).includes(NUL) || safeDecode(url.search).includes(NUL)) return true;
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return false;
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    // A body that is not valid multipart is left for the feature to refuse.
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    return [...(form?.values() ?? [])].some((value) => typeof value === "string" && value.includes(NUL));
  }
  if (!type.startsWith("application/x-www-form-urlencoded")) return false;
  const body = await request.clone().text();
  return safeDecode(body.replace(/\+/g, " ")).includes(NUL) || body.includes(NUL);
}

export async function assertNoNulCharacter(request: Request) {
  if (await hasNulCharacter(request)) throw data({ error: NUL_MESSAGE }, { status: 400 });
}
