// What a member's read pages cost the database once their shared parts are warm: each statement is a round trip
// to the database thread that every member's page waits for (ADR 053, 056). The session is read by the root
// middleware (one statement more, not counted here: these call the loaders). A new per-member read on one of
// these pages belongs in the statement its page already makes.
import { beforeAll, describe, expect, test } from "vitest";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { follow } from "#app/features/social/follows.server.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase, statementsOf } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { loaderArgs } from "#tests/support/route-calls.ts";
import { loader as blogLoader } from "./blog/blog-list.tsx";
import { loader as questionLoader } from "./questions/question-detail.tsx";
import { loader as listLoader } from "./questions/question-list.tsx";

const db = setupTestDatabase();
let member: Viewer;
let author: Viewer;
let question: number;

beforeAll(async () => {
  const people = await cast(db());
  author = people.author;
  question = await askAs(people.author);
  const body = "<p>Uma resposta qualquer, com texto o bastante para ser uma resposta.</p>";
  await createAnswer(people.other, question, body);
  await createAnswer(people.rich, question, body);
  // Four who published: "Quem seguir" finds three among them even when the member follows one.
  await createAnswer(people.moderator, question, body);
  member = await createMember(db(), { name: "Membro Novo" });
  // The writes' own work after the fact (badges checked in the background) ends before any page is warmed: a
  // badge awarded between the warming read and the counted one changes what the page shows, and so its version.
  await settleBackgroundWork();
});

describe("a member's read pages, once their shared parts are warm", () => {
  test("a question page: one statement (its version, the member's marks and their answer draft)", async () => {
    const read = () => questionLoader(loaderArgs(`/questions/${question}`, { id: String(question) }, member));
    await read();
    expect(await statementsOf(read)).toBe(1);
  });

  test("Todas as Perguntas: one statement (the member's saved filters)", async () => {
    const read = () => listLoader(loaderArgs("/questions", {}, member));
    await read();
    expect(await statementsOf(read)).toBe(1);
  });

  test("the blog: one statement (the member's marks); one more for whom to follow once they follow someone", async () => {
    const read = () => blogLoader(loaderArgs("/blog?tab=desenvolvimento", {}, member));
    await read();
    expect(await statementsOf(read)).toBe(1);
    await follow(member, author.id);
    await read();
    expect(await statementsOf(read)).toBe(2);
  });
});
