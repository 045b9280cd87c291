// Members' drafts through the pages (ADR 062): the editors' endpoint (/api/drafts), the forms' loaders that give
// the drafts back, the actions that publish (a question, an answer, a post) deleting them, and /rascunhos.
import { beforeAll, describe, expect, test } from "vitest";
import { exportAccountData } from "#app/features/accounts/account-export.server.ts";
import {
  discardMemberDraft,
  draftSyncsFor,
  listMemberDrafts,
  saveMemberDraft,
} from "#app/features/drafts/drafts.server.ts";
import { answerDraftKey, QUESTION_DRAFT_KEY } from "#app/features/drafts/keys.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { createMember } from "#tests/support/factories.ts";
import { LONG_BODY } from "#tests/support/posts.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { freshWriter, newDraftId } from "#tests/support/drafts.ts";
import { actionArgs, loaderArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as draftsApi, loader as draftsApiLoader } from "../api/drafts.ts";
import { action as writeAction, loader as writeLoader } from "../blog/write-a-post.tsx";
import { action as askAction, loader as askLoader } from "../questions/ask-question.tsx";
import { action as questionAction, loader as questionLoader } from "../questions/question-detail.tsx";
import { action as draftsAction, loader as draftsLoader } from "./drafts.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;

beforeAll(async () => {
  people = await cast(db());
});

/** What an action or loader answered: its status and body, whether returned or thrown. */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const value = await run();
    if (value instanceof Response) {
      return {
        status: value.status,
        body: await value
          .clone()
          .json()
          .catch(() => null),
      };
    }
    const init = (value as { init?: { status?: number }; data?: unknown }) ?? {};
    return { status: init.init?.status ?? 200, body: init.data ?? value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null };
    throw thrown;
  }
}

function apiSave(viewer: Viewer | null, key: string, id: string, fields: Record<string, string>) {
  return answerOf(() =>
    draftsApi(actionArgs("/api/drafts", viewer, { intent: "save", key, id, fields: JSON.stringify(fields) })),
  );
}

async function serverId(member: Viewer, key: string) {
  return (await draftSyncsFor(member, [key]))![key]!.server.id;
}

describe("POST /api/drafts, the editors' endpoint", () => {
  test("a member's save answers when it was saved; a visitor's is refused", async () => {
    const member = await freshWriter(db());
    const saved = await apiSave(member, QUESTION_DRAFT_KEY, newDraftId(), {
      titulo: "Pergunta em andamento",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, savedAt: expect.stringMatching(/^\d{4}-/) });
    expect((await apiSave(null, QUESTION_DRAFT_KEY, newDraftId(), { titulo: "x" })).status).toBe(401);
  });

  test("a save of a discarded draft answers 409, so the editor stops sending it", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    await apiSave(member, "post:novo", id, { texto: "<p>Um começo de post</p>" });
    const discarded = await answerOf(() =>
      draftsApi(actionArgs("/api/drafts", member, { intent: "discard", key: "post:novo", id })),
    );
    expect(discarded).toEqual({ status: 200, body: { ok: true } });
    expect((await apiSave(member, "post:novo", id, { texto: "<p>Voltou?</p>" })).status).toBe(409);
  });

  test("what cannot be read is a 400, an unknown intent too, and a GET goes to /rascunhos", async () => {
    const member = await freshWriter(db());
    const broken = await answerOf(() =>
      draftsApi(
        actionArgs("/api/drafts", member, {
          intent: "save",
          key: QUESTION_DRAFT_KEY,
          id: newDraftId(),
          fields: "{",
        }),
      ),
    );
    expect(broken.status).toBe(400);
    const unknown = await answerOf(() =>
      draftsApi(actionArgs("/api/drafts", member, { intent: "publicar" })),
    );
    expect(unknown.status).toBe(400);
    const get = draftsApiLoader();
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe("/rascunhos");
  });
});

describe("the forms start from the member's drafts", () => {
  test("the ask page, a question's answer form and the writer give the member's draft; visitors get none", async () => {
    const member = await freshWriter(db());
    const questionId = await askAs(people.author);
    const [questionDraft, answerDraft, postDraft] = [newDraftId(), newDraftId(), newDraftId()];
    await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id: questionDraft,
      fields: { titulo: "Minha" },
    });
    const { savedAt: answerSavedAt } = await saveMemberDraft(member, {
      key: answerDraftKey(questionId),
      id: answerDraft,
      fields: { texto: "<p>Resposta pela metade</p>" },
    });
    await saveMemberDraft(member, { key: "post:novo", id: postDraft, fields: { texto: LONG_BODY } });

    const ask = (await askLoader(loaderArgs("/ask-a-question", {}, member))) as { serverDraft: unknown };
    expect(ask.serverDraft).toMatchObject({ key: QUESTION_DRAFT_KEY, server: { id: questionDraft } });
    const write = (await writeLoader(loaderArgs("/write-a-post", {}, member))) as { serverDraft: unknown };
    expect(write.serverDraft).toMatchObject({ key: "post:novo", server: { id: postDraft } });
    const page = `/questions/${questionId}`;
    const question = (await questionLoader(loaderArgs(page, { id: String(questionId) }, member))) as {
      answerDraft: unknown;
    };
    expect(question.answerDraft).toMatchObject({
      key: answerDraftKey(questionId),
      parts: { texto: answerDraftKey(questionId) },
      server: {
        id: answerDraft,
        fields: { texto: "<p>Resposta pela metade</p>" },
        // Read with the page's own statement: the same instant the save returned.
        updatedAt: answerSavedAt?.toISOString(),
      },
    });
    const visitor = (await questionLoader(loaderArgs(page, { id: String(questionId) }))) as {
      answerDraft: unknown;
    };
    expect(visitor.answerDraft).toBeUndefined();
  });
});

describe("publishing deletes the draft, in the same action", () => {
  const question = {
    title: "Como publicar uma pergunta que começou como rascunho?",
    description: "Um problema descrito com texto suficiente para passar.",
    details: "Tentei de tudo e esperava que funcionasse logo.",
    tags: "javascript",
  };

  test("asking: the form's draft goes, and a save that arrives late is refused", async () => {
    const member = await createMember(db(), { reputation: 200 });
    const id = newDraftId();
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: question.title } });
    const published = await answerOf(() =>
      askAction(actionArgs("/ask-a-question", member, { ...question, draftId: id })),
    );
    expect(published.status).toBe(302);
    expect(await listMemberDrafts(member)).toEqual([]);
    expect((await apiSave(member, QUESTION_DRAFT_KEY, id, { titulo: question.title })).status).toBe(409);
  });

  test("asking without JavaScript (no id): the draft the server kept goes all the same", async () => {
    const member = await createMember(db(), { reputation: 200 });
    await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id: newDraftId(),
      fields: { titulo: "Outro aparelho" },
    });
    await askAction(actionArgs("/ask-a-question", member, { ...question, title: `${question.title} 2` }));
    expect(await serverId(member, QUESTION_DRAFT_KEY)).toBeNull();
  });

  test("a refused question keeps its draft", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Curta" } });
    const refused = await answerOf(() =>
      askAction(actionArgs("/ask-a-question", member, { ...question, title: "Curta", draftId: id })),
    );
    expect(refused.status).toBe(400);
    expect(await serverId(member, QUESTION_DRAFT_KEY)).toBe(id);
  });

  test("answering: the answer's draft goes; another member's draft of an answer stays", async () => {
    const [member, other] = [await freshWriter(db()), await freshWriter(db())];
    const questionId = await askAs(people.author);
    const key = answerDraftKey(questionId);
    const id = newDraftId();
    await saveMemberDraft(member, { key, id, fields: { texto: "<p>Rascunho da resposta</p>" } });
    await saveMemberDraft(other, { key, id: newDraftId(), fields: { texto: "<p>A de outra pessoa</p>" } });
    const answered = await answerOf(() =>
      questionAction(
        actionArgs(
          `/questions/${questionId}`,
          member,
          {
            intent: "answer",
            body: "<p>Uma resposta com texto suficiente para ser publicada de verdade.</p>",
            "body-format": "html",
            draftId: id,
          },
          { id: String(questionId) },
        ),
      ),
    );
    expect(answered.body).toMatchObject({ intent: "answer", ok: true });
    expect(await serverId(member, key)).toBeNull();
    expect(await serverId(other, key)).not.toBeNull();
  });

  test("writing a post: the writer's draft goes", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    await saveMemberDraft(member, { key: "post:novo", id, fields: { texto: LONG_BODY } });
    const published = await answerOf(() =>
      writeAction(
        actionArgs("/write-a-post", member, {
          title: `Um post que era rascunho ${newDraftId()}`,
          description: "",
          category: "desenvolvimento",
          body: LONG_BODY,
          "body-format": "html",
          draftId: id,
        }),
      ),
    );
    expect(published.status).toBe(302);
    expect(await listMemberDrafts(member)).toEqual([]);
  });
});

describe("/rascunhos", () => {
  test("lists the member's drafts, and 'Descartar' deletes one of them for good", async () => {
    const member = await freshWriter(db());
    const [question, post] = [newDraftId(), newDraftId()];
    await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id: question,
      fields: { titulo: "Uma pergunta" },
    });
    await saveMemberDraft(member, { key: "post:novo", id: post, fields: { texto: LONG_BODY } });
    const listed = (await draftsLoader(loaderArgs("/rascunhos", {}, member))) as {
      drafts: { key: string }[];
    };
    expect(listed.drafts.map((draft) => draft.key)).toEqual(["post:novo", QUESTION_DRAFT_KEY]);

    const discarded = await answerOf(() =>
      draftsAction(actionArgs("/rascunhos", member, { intent: "discard", key: "post:novo" })),
    );
    expect(discarded).toEqual({
      status: 200,
      body: { intent: "discard", ok: true, message: "Rascunho descartado." },
    });
    expect((await listMemberDrafts(member)).map((draft) => draft.key)).toEqual([QUESTION_DRAFT_KEY]);
    // The device that was writing it cannot bring it back.
    expect((await apiSave(member, "post:novo", post, { texto: LONG_BODY })).status).toBe(409);
  });

  test("a member discards only their own; a visitor is sent to sign in; a key no form has is refused", async () => {
    const [ana, bia] = [await freshWriter(db()), await freshWriter(db())];
    await saveMemberDraft(ana, { key: QUESTION_DRAFT_KEY, id: newDraftId(), fields: { titulo: "Da Ana" } });
    const bias = await answerOf(() =>
      draftsAction(actionArgs("/rascunhos", bia, { intent: "discard", key: QUESTION_DRAFT_KEY })),
    );
    expect(bias.body).toMatchObject({ ok: true, message: "Este rascunho já não existia." });
    expect(await listMemberDrafts(ana)).toHaveLength(1);
    expect(
      await statusOf(() =>
        draftsAction(actionArgs("/rascunhos", null, { intent: "discard", key: QUESTION_DRAFT_KEY })),
      ),
    ).toBe(302);
    expect(await statusOf(() => draftsLoader(loaderArgs("/rascunhos")))).toBe(302);
    const bad = await answerOf(() =>
      draftsAction(actionArgs("/rascunhos", ana, { intent: "discard", key: "x" })),
    );
    expect(bad.status).toBe(400);
  });
});

describe("the member's data export (LGPD)", () => {
  test("holds the drafts not yet published or discarded, without their bookkeeping", async () => {
    const member = await freshWriter(db());
    await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id: newDraftId(),
      fields: { titulo: "Ainda escrevendo" },
    });
    const gone = newDraftId();
    await saveMemberDraft(member, { key: "post:novo", id: gone, fields: { texto: LONG_BODY } });
    await discardMemberDraft(member, "post:novo", gone);
    const exported = await exportAccountData(member);
    expect(exported.drafts).toEqual([
      {
        key: QUESTION_DRAFT_KEY,
        kind: "question",
        questionId: null,
        title: "Ainda escrevendo",
        fields: { titulo: "Ainda escrevendo" },
        updatedAt: expect.any(Date),
      },
    ]);
  });
});
