// The access matrix's cast and the author's targets, written before it runs, and the content its writes send.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { askQuestion, post, type Member } from "../harness.ts";

export type Cast = { author: Member; other: Member; moderator: Member; spareModerator: Member };

/** The author's questions and posts the matrix writes on, one fresh per row and actor. */
export type AuthorTargets = { questions: number[]; posts: string[] };

/**
 * Writes the author's targets beforehand: the matrix takes ~80 questions and ~25 posts, more than a member may
 * write in an hour (ADR 024), so they are written while the author is a moderator (not limited), and the matrix
 * runs once the author is a member again.
 */
export async function writeAuthorTargets(origin: string, author: Member): Promise<AuthorTargets> {
  const targets: AuthorTargets = { questions: [], posts: [] };
  for (let i = 0; i < 90; i++) {
    targets.questions.push(await askQuestion(origin, author, `Pergunta da matriz de acesso ${hex()}`));
  }
  for (let i = 0; i < 30; i++) {
    const res = await post(
      origin,
      "/write-a-post",
      postFields(`Post da matriz de acesso ${hex()}`),
      author.cookie,
    );
    const slug = res.location?.match(/^\/blog\/([^/?#]+)$/)?.[1];
    if (!slug) throw new Error(`post recusado (HTTP ${res.status})`);
    targets.posts.push(slug);
  }
  return targets;
}

export const filler = "Texto longo o bastante para a validação do formulário passar sem problemas. ".repeat(
  2,
);
export const postFields = (title: string) => ({
  title,
  description: "",
  category: "ux",
  tags: "javascript",
  body: filler,
});

export const hex = () => randomBytes(3).toString("hex");
export const newestId = (html: string, pattern: RegExp) =>
  Math.max(0, ...[...html.matchAll(pattern)].map((m) => Number(m[1])));

/** A small PNG of a random colour, so two uploads never share their content hash. */
export async function png(): Promise<File> {
  const [r, g, b] = randomBytes(3);
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "matriz.png", { type: "image/png" });
}
