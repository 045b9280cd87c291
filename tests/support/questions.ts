// Helpers for the questions' integration tests (never imported by the app).
import { like } from "drizzle-orm";
import { rateLimits } from "#db/schema.ts";
import { createMember } from "./factories.ts";
import { getDb, type Database } from "#app/lib/db.server.ts";
import type { Role, Viewer } from "#app/lib/viewer.ts";
import { normaliseTagNames, resolveTags } from "#app/features/tags/tags.server.ts";
import { createQuestion, type QuestionWriteInput } from "#app/features/questions/question-writes.server.ts";

let counter = 0;

export function questionInput(overrides: Partial<QuestionWriteInput> = {}): QuestionWriteInput {
  counter += 1;
  return {
    title: `Como faço para testar a pergunta número ${counter}?`,
    description: `<p>Esta é a descrição da pergunta ${counter}, com texto suficiente para passar.</p>`,
    details: "<p>Tentei várias coisas e esperava que funcionasse de primeira.</p>",
    tags: ["javascript"],
    ...overrides,
  };
}

export async function askAs(viewer: Viewer, overrides: Partial<QuestionWriteInput> = {}): Promise<number> {
  // Fixtures ask dozens of questions as one new member: past the hourly limit on writing, which has its own
  // tests (accounts/content-rate-limits.server.test.ts). Its counters for this member start again.
  const db = await getDb();
  await db.delete(rateLimits).where(like(rateLimits.key, `write:question%:${viewer.id}`));
  const input = questionInput(overrides);
  // The fixtures' tags exist already, as on a site with questions: creating one is a privilege of its own
  // (routes/tags/create-tags.server.test.ts), which a fixture's newcomer may lack.
  await db.transaction((tx) => resolveTags(tx, normaliseTagNames(input.tags)));
  const { id } = await createQuestion(viewer, input);
  return id;
}

/** The four people of every permission matrix. */
export async function cast(db: Database) {
  const [author, other, moderator, rich] = await Promise.all([
    createMember(db, { name: "Autora da Pergunta" }),
    // Another member who may vote up and flag (PRIVILEGES.voteUp, PRIVILEGES.flag).
    createMember(db, { name: "Outra Pessoa", reputation: 15 }),
    createMember(db, { role: "moderator" as Role, name: "Moderação" }),
    // Enough to vote up (PRIVILEGES.voteUp), no more.
    createMember(db, { name: "Pessoa Rica", reputation: 15 }),
  ]);
  return { author, other, moderator, rich, visitor: null };
}
