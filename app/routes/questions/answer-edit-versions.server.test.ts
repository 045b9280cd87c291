// "Testada em" on the answer edit page: a version that is not one comes back as a 400 with the message by the
// field and the typed values kept; a good one replaces the versions; emptying every field removes them.
import { beforeAll, describe, expect, test } from "vitest";
import { listAnswers } from "#app/features/questions/answer-list.server.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { VERSION_MESSAGES } from "#app/features/questions/versions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as editAnswer } from "./answer-edit.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

type Reply = { data?: { result?: { error?: Record<string, string[]> }; values?: Record<string, string> } };

describe("editing the versions of an answer", () => {
  test("refused, replaced, removed", async () => {
    const q = await askAs(people.author, { tags: ["node", "react"] });
    const { id } = await createAnswer(
      people.other,
      q,
      "<p>Resposta com versão. (com texto o bastante para uma resposta)</p>",
      {
        versions: [{ tag: "node", version: "22" }],
      },
    );
    const post = (fields: Record<string, string>) =>
      editAnswer(
        actionArgs(
          `/questions/${q}/respostas/${id}/editar`,
          people.other,
          {
            body: "<p>Resposta com versão. (com texto o bastante para uma resposta)</p>",
            versoes: "1",
            ...fields,
          },
          { id: String(q), answerId: String(id) },
        ),
      );
    const refused = (await post({ "versao:node": "última" })) as Reply;
    expect(await statusOf(async () => refused)).toBe(400);
    expect(refused.data?.result?.error?.versions).toEqual([VERSION_MESSAGES.invalid]);
    expect(refused.data?.values?.["versao:node"]).toBe("última");
    expect((await listAnswers(null, q))[0]?.versions).toEqual([{ tag: "node", version: "22" }]);

    expect(await statusOf(() => post({ "versao:node": "24", "versao:react": "19.1" }))).toBe(302);
    expect((await listAnswers(null, q))[0]?.versions).toEqual([
      { tag: "node", version: "24" },
      { tag: "react", version: "19.1" },
    ]);
    expect(await statusOf(() => post({ "versao:node": "", "versao:react": "" }))).toBe(302);
    expect((await listAnswers(null, q))[0]?.versions).toEqual([]);
  });
});
