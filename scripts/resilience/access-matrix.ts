// The access matrix of `npm run test:resilience`: every write of the site, tried by a visitor, another member,
// the author and a moderator, with what each must get back.
import { randomBytes } from "node:crypto";
import { check, get, post, askQuestion, somePostSlug, type Member, type Server } from "./harness.ts";

const log = (line: string) => console.log(`  ${line}`);

export type Cast = { author: Member; other: Member; moderator: Member };

type Actor = "visitante" | "outro membro" | "autor" | "moderador";
const ACTORS: Actor[] = ["visitante", "outro membro", "autor", "moderador"];

/** What each actor may get back: "ok" is 2xx or a redirect that is not to the sign-in page. */
type Expect = "login" | "ok" | "refused";

function outcome(status: number, location: string | null): Expect | "5xx" {
  if (status === 0 || status >= 500) return "5xx";
  if (status >= 300 && status < 400 && location?.startsWith("/entrar")) return "login";
  if (status === 401) return "login";
  if (status >= 400) return "refused";
  return "ok";
}

export async function accessMatrix(server: Server, cast: Cast): Promise<string[]> {
  const failures: string[] = [];
  const origin = server.origin;
  const cookieOf = (actor: Actor) =>
    actor === "visitante"
      ? undefined
      : actor === "autor"
        ? cast.author.cookie
        : actor === "moderador"
          ? cast.moderator.cookie
          : cast.other.cookie;
  const slug = await somePostSlug(origin);
  const filler = "Texto longo o bastante para a validação do formulário passar sem problemas. ".repeat(2);

  type Write = {
    name: string;
    /** Runs once per actor; a fresh target each time so one actor's write does not change the next one's. */
    run: (actor: Actor) => Promise<{ status: number; location: string | null }>;
    expect: Record<Actor, Expect[]>;
  };
  const fresh = () =>
    askQuestion(origin, cast.author, `Pergunta da matriz de acesso ${randomBytes(3).toString("hex")}`);
  const writes: Write[] = [
    {
      name: "fazer pergunta",
      run: (a) =>
        post(
          origin,
          "/ask-a-question",
          { title: "Pergunta de teste de acesso", description: filler, details: filler, tags: "javascript" },
          cookieOf(a),
        ),
      expect: { visitante: ["login"], "outro membro": ["ok"], autor: ["ok"], moderador: ["ok"] },
    },
    {
      name: "editar pergunta",
      // A refused edit may still end in a redirect (the edit page's loader sends non-authors to the question), so
      // the outcome is read from the question itself.
      run: async (a) => {
        const id = await fresh();
        const title = `Título editado na matriz ${randomBytes(3).toString("hex")}`;
        const res = await post(
          origin,
          `/questions/${id}/editar`,
          { title, description: filler, details: filler, tags: "javascript" },
          cookieOf(a),
        );
        if (outcome(res.status, res.location) !== "ok") return res;
        const changed = (await get(origin, `/questions/${id}`)).text.includes(title);
        return changed ? res : { status: 403, location: null };
      },
      expect: { visitante: ["login"], "outro membro": ["refused"], autor: ["ok"], moderador: ["ok"] },
    },
    {
      name: "apagar pergunta",
      run: async (a) =>
        post(origin, `/questions/${await fresh()}`, { intent: "delete-question" }, cookieOf(a)),
      expect: { visitante: ["login"], "outro membro": ["refused"], autor: ["ok"], moderador: ["ok"] },
    },
    {
      name: "responder",
      run: async (a) =>
        post(origin, `/questions/${await fresh()}`, { intent: "answer", body: filler }, cookieOf(a)),
      expect: { visitante: ["login"], "outro membro": ["ok"], autor: ["ok"], moderador: ["ok"] },
    },
    {
      name: "comentar pergunta",
      run: async (a) =>
        post(
          origin,
          `/questions/${await fresh()}`,
          { intent: "comment", body: "Comentário da matriz de acesso." },
          cookieOf(a),
        ),
      expect: { visitante: ["login"], "outro membro": ["ok"], autor: ["ok"], moderador: ["ok"] },
    },
    {
      name: "votar na pergunta",
      run: async (a) =>
        post(
          origin,
          `/questions/${await fresh()}`,
          { intent: "vote", kind: "question", value: "1" },
          cookieOf(a),
        ),
      expect: { visitante: ["login"], "outro membro": ["ok"], autor: ["refused"], moderador: ["ok"] },
    },
    {
      name: "comentar post",
      run: (a) =>
        post(origin, `/blog/${slug}`, { intent: "comment", body: "Comentário da matriz." }, cookieOf(a)),
      expect: { visitante: ["login"], "outro membro": ["ok"], autor: ["ok"], moderador: ["ok"] },
    },
    {
      name: "apagar post de outra pessoa",
      run: (a) =>
        post(origin, `/blog/${slug}`, { intent: "delete-post" }, a === "moderador" ? undefined : cookieOf(a)),
      // The moderator row is run as a visitor here: deleting a demo post would change the other parts' pages.
      expect: { visitante: ["login"], "outro membro": ["refused"], autor: ["refused"], moderador: ["login"] },
    },
    {
      name: "assinar newsletter",
      run: (a) =>
        post(
          origin,
          "/newsletter",
          { email: `acesso-${randomBytes(4).toString("hex")}@exemplo.com.br` },
          cookieOf(a),
        ),
      expect: { visitante: ["ok"], "outro membro": ["ok"], autor: ["ok"], moderador: ["ok"] },
    },
  ];
  const table: string[] = [];
  for (const write of writes) {
    const cells: string[] = [];
    for (const actor of ACTORS) {
      const res = await write.run(actor);
      const got = outcome(res.status, res.location);
      cells.push(`${res.status}${got === "login" ? "→entrar" : ""}`);
      check(
        failures,
        write.expect[actor].includes(got as Expect),
        `acesso: "${write.name}" por ${actor} deu ${res.status} (${got}), esperado ${write.expect[actor].join("/")}`,
      );
    }
    table.push(`${write.name.padEnd(28)} ${cells.map((c) => c.padEnd(12)).join("")}`);
  }
  log(`${"escrita".padEnd(28)} ${ACTORS.map((a) => a.padEnd(12)).join("")}`);
  for (const line of table) log(line);
  return failures;
}
