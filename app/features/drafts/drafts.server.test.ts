// Members' drafts on the server (ADR 062): saved, read back for a form, listed, discarded; each member touches
// only their own; a published or discarded draft is refused if a late save brings it back.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { questions, rateLimits } from "#db/schema.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { freshWriter, newDraftId } from "#tests/support/drafts.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import {
  discardMemberDraft,
  draftSyncsFor,
  DRAFT_MESSAGES,
  DRAFT_SAVES,
  listMemberDrafts,
  saveMemberDraft,
} from "./drafts.server.ts";
import { answerDraftKey, QUESTION_DRAFT_KEY } from "./keys.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;

beforeAll(async () => {
  people = await cast(db());
});

async function stateOf(member: Viewer, key: string) {
  return (await draftSyncsFor(member, [key]))![key]!.server;
}

describe("saving and reading a draft", () => {
  test("a question's draft is kept with its fields, read back for its form, and listed", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    const { savedAt } = await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id,
      fields: {
        titulo: "Como ler um arquivo linha por linha em Node?",
        tags: JSON.stringify(["node", "arquivos"]),
        descricao: "<p>Uso <code>fs</code> e o arquivo é <strong>grande</strong>.</p>",
        detalhes: "",
      },
    });
    expect(savedAt).toBeInstanceOf(Date);
    const syncs = await draftSyncsFor(member, [QUESTION_DRAFT_KEY]);
    expect(syncs![QUESTION_DRAFT_KEY]).toMatchObject({
      key: QUESTION_DRAFT_KEY,
      parts: {
        titulo: "pergunta:nova:titulo",
        tags: "pergunta:nova:tags",
        descricao: "pergunta:nova:descricao",
        detalhes: "pergunta:nova:detalhes",
      },
      server: {
        id,
        fields: {
          titulo: "Como ler um arquivo linha por linha em Node?",
          tags: '["node","arquivos"]',
          descricao: "<p>Uso <code>fs</code> e o arquivo é <strong>grande</strong>.</p>",
        },
        updatedAt: savedAt!.toISOString(),
        cleared: [],
      },
    });
    expect(await listMemberDrafts(member)).toEqual([
      expect.objectContaining({
        key: QUESTION_DRAFT_KEY,
        kind: "question",
        title: "Como ler um arquivo linha por linha em Node?",
        excerpt: "Uso fs e o arquivo é grande.",
      }),
    ]);
  });

  test("rich text is sanitised when saved and again when read; titles stay plain text", async () => {
    const member = await freshWriter(db());
    await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id: newDraftId(),
      fields: {
        titulo: "<img src=x onerror=alert(1)> título\u0000",
        descricao:
          '<p onclick="roubar()">oi<script>alert(1)</script></p><iframe src="https://mal.example"></iframe>',
      },
    });
    const { fields } = await stateOf(member, QUESTION_DRAFT_KEY);
    expect(fields.descricao).toBe("<p>oi</p>");
    // Shown as text (an input's value, a list's title), never as HTML.
    expect(fields.titulo).toBe("<img src=x onerror=alert(1)> título ");
  });

  test("a post's other fields are kept as the writer keeps them, without what a cover may not be", async () => {
    const member = await freshWriter(db());
    await saveMemberDraft(member, {
      key: "post:novo",
      id: newDraftId(),
      fields: {
        texto: "<p>O corpo do post.</p>",
        meta: JSON.stringify({
          title: "Meu post",
          description: "Subtítulo",
          category: "ux",
          tags: ["css"],
          coverUrl: "javascript:alert(1)",
          favorite: true,
          extra: "ignorado",
        }),
      },
    });
    const { fields } = await stateOf(member, "post:novo");
    expect(JSON.parse(fields.meta!)).toEqual({
      title: "Meu post",
      description: "Subtítulo",
      category: "ux",
      tags: ["css"],
      coverUrl: "",
      favorite: true,
    });
    expect((await listMemberDrafts(member))[0]).toMatchObject({ kind: "post", title: "Meu post" });
  });

  test("an answer's draft names its question; a question deleted takes it off the list", async () => {
    const member = await freshWriter(db());
    const questionId = await askAs(people.author, { title: "Uma pergunta para responder depois, com calma" });
    await saveMemberDraft(member, {
      key: answerDraftKey(questionId),
      id: newDraftId(),
      fields: { texto: "<p>Minha resposta começa assim.</p>" },
    });
    expect(await listMemberDrafts(member)).toEqual([
      expect.objectContaining({
        kind: "answer",
        question: { id: questionId, title: "Uma pergunta para responder depois, com calma" },
        excerpt: "Minha resposta começa assim.",
      }),
    ]);
    // Deleted by the moderation (as `deleteQuestion` marks it).
    await db().update(questions).set({ deletedAt: new Date() }).where(eq(questions.id, questionId));
    expect(await listMemberDrafts(member)).toEqual([]);
    await expect(
      saveMemberDraft(member, {
        key: answerDraftKey(questionId),
        id: newDraftId(),
        fields: { texto: "<p>mais</p>" },
      }),
    ).rejects.toMatchObject({ code: "not_found", message: DRAFT_MESSAGES.questionMissing });
  });

  test("the list is newest first", async () => {
    const member = await freshWriter(db());
    await saveMemberDraft(member, {
      key: "post:novo",
      id: newDraftId(),
      fields: { texto: "<p>primeiro</p>" },
    });
    await saveMemberDraft(member, {
      key: QUESTION_DRAFT_KEY,
      id: newDraftId(),
      fields: { titulo: "Segundo" },
    });
    expect((await listMemberDrafts(member)).map((draft) => draft.key)).toEqual([
      QUESTION_DRAFT_KEY,
      "post:novo",
    ]);
  });
});

describe("what is refused", () => {
  test("visitors keep drafts in their browser only", async () => {
    await expect(
      saveMemberDraft(null, { key: QUESTION_DRAFT_KEY, id: newDraftId(), fields: { titulo: "x" } }),
    ).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(discardMemberDraft(null, QUESTION_DRAFT_KEY)).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(listMemberDrafts(null)).rejects.toMatchObject({ code: "unauthenticated" });
    expect(await draftSyncsFor(null, [QUESTION_DRAFT_KEY])).toBeNull();
  });

  test("keys no form has, fields the form does not have, bad ids and drafts past the form's size", async () => {
    const member = await freshWriter(db());
    const save = (key: string, id: unknown, fields: unknown) => saveMemberDraft(member, { key, id, fields });
    await expect(save("pergunta:outra", newDraftId(), { titulo: "x" })).rejects.toMatchObject({
      code: "validation",
      message: DRAFT_MESSAGES.badKey,
    });
    await expect(save("resposta:99999999999", newDraftId(), { texto: "x" })).rejects.toMatchObject({
      code: "validation",
    });
    await expect(save("post:rascunho:424242", newDraftId(), { texto: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(save(QUESTION_DRAFT_KEY, newDraftId(), { senha: "x" })).rejects.toMatchObject({
      message: DRAFT_MESSAGES.badFields,
    });
    await expect(save(QUESTION_DRAFT_KEY, newDraftId(), { tags: "não é json" })).rejects.toMatchObject({
      message: DRAFT_MESSAGES.badFields,
    });
    await expect(save(QUESTION_DRAFT_KEY, "curto", { titulo: "x" })).rejects.toMatchObject({
      message: DRAFT_MESSAGES.badId,
    });
    await expect(save(QUESTION_DRAFT_KEY, newDraftId(), null)).rejects.toMatchObject({ code: "validation" });
    await expect(
      save(QUESTION_DRAFT_KEY, newDraftId(), { descricao: `<p>${"a".repeat(950_000)}</p>` }),
    ).rejects.toMatchObject({ code: "payload_too_large", message: DRAFT_MESSAGES.tooLarge });
    await expect(save(QUESTION_DRAFT_KEY, newDraftId(), { titulo: "t".repeat(6_000) })).rejects.toMatchObject(
      {
        code: "payload_too_large",
      },
    );
    expect(await listMemberDrafts(member)).toEqual([]);
  });

  test("saving is limited to a minute's typing pauses", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    const save = () => saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Título" } });
    const minute = () => Math.floor(Date.now() / (DRAFT_SAVES.windowSeconds * 1000));
    // The limit is a fixed window: sixty saves on a loaded machine may straddle its end, and then the count
    // starts again. Such a run proves nothing either way, so it is run again in the next, whole window.
    for (let attempt = 0; ; attempt++) {
      await db()
        .delete(rateLimits)
        .where(eq(rateLimits.key, `draft:member:${member.id}`));
      const started = minute();
      for (let i = 0; i < DRAFT_SAVES.limit; i++) await save();
      const refused = await save().then(
        () => false,
        (error: unknown) => (error as { code?: string }).code === "rate_limited",
      );
      if (minute() === started || attempt === 1) {
        expect(refused).toBe(true);
        break;
      }
    }
    await db()
      .delete(rateLimits)
      .where(eq(rateLimits.key, `draft:member:${member.id}`));
  });

  test("each member reads, lists and discards only their own drafts", async () => {
    const [ana, bia] = [await freshWriter(db()), await freshWriter(db())];
    const id = newDraftId();
    await saveMemberDraft(ana, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Da Ana" } });
    expect((await stateOf(bia, QUESTION_DRAFT_KEY)).id).toBeNull();
    expect(await listMemberDrafts(bia)).toEqual([]);
    // Bia's save under Ana's id lands on her own form only.
    await saveMemberDraft(bia, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Da Bia" } });
    expect((await stateOf(ana, QUESTION_DRAFT_KEY)).fields.titulo).toBe("Da Ana");
    // Bia discarding "the same" draft, with Ana's id or without one, touches her own key only.
    expect(await discardMemberDraft(bia, QUESTION_DRAFT_KEY, id)).toBe(true);
    expect(await discardMemberDraft(bia, QUESTION_DRAFT_KEY)).toBe(false);
    expect(await stateOf(ana, QUESTION_DRAFT_KEY)).toMatchObject({
      id,
      fields: { titulo: "Da Ana" },
      cleared: [],
    });
    expect(await listMemberDrafts(ana)).toHaveLength(1);
  });
});

describe("published or discarded, a draft never comes back", () => {
  test("a late save of a discarded draft is refused; a new draft under the same form is not", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Vai embora" } });
    expect(await discardMemberDraft(member, QUESTION_DRAFT_KEY, id)).toBe(true);
    expect(await stateOf(member, QUESTION_DRAFT_KEY)).toMatchObject({ id: null, fields: {}, cleared: [id] });
    expect(await listMemberDrafts(member)).toEqual([]);
    await expect(
      saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Voltei?" } }),
    ).rejects.toMatchObject({ code: "conflict", message: DRAFT_MESSAGES.gone });
    const next = newDraftId();
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id: next, fields: { titulo: "Outra" } });
    expect(await stateOf(member, QUESTION_DRAFT_KEY)).toMatchObject({ id: next, cleared: [id] });
  });

  test("a draft published before its first save reached the server is refused when that save arrives", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    // The publishing form sent its id; the server had no row for the form yet.
    expect(await discardMemberDraft(member, QUESTION_DRAFT_KEY, id)).toBe(false);
    await expect(
      saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Atrasada" } }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  test("without an id (no JavaScript, /rascunhos) whatever draft the form has goes", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    await saveMemberDraft(member, { key: "post:novo", id, fields: { texto: "<p>Um post</p>" } });
    expect(await discardMemberDraft(member, "post:novo")).toBe(true);
    expect(await stateOf(member, "post:novo")).toMatchObject({ id: null, cleared: [id] });
    // Nothing kept, nothing to remember: no row is made for it.
    expect(await discardMemberDraft(member, QUESTION_DRAFT_KEY)).toBe(false);
    expect((await stateOf(member, QUESTION_DRAFT_KEY)).cleared).toEqual([]);
  });

  test("another device's different draft of the same form stays when this one's is published", async () => {
    const member = await freshWriter(db());
    const [phone, laptop] = [newDraftId(), newDraftId()];
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id: phone, fields: { titulo: "Do celular" } });
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id: laptop, fields: { titulo: "Do notebook" } });
    // The phone publishes what it had: the laptop's newer draft is a different one.
    expect(await discardMemberDraft(member, QUESTION_DRAFT_KEY, phone)).toBe(false);
    expect(await stateOf(member, QUESTION_DRAFT_KEY)).toMatchObject({
      id: laptop,
      fields: { titulo: "Do notebook" },
      cleared: [phone],
    });
  });

  test("a form emptied by hand is a discarded draft", async () => {
    const member = await freshWriter(db());
    const id = newDraftId();
    await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "Algo" } });
    expect(
      await saveMemberDraft(member, { key: QUESTION_DRAFT_KEY, id, fields: { titulo: "  ", descricao: "" } }),
    ).toEqual({ savedAt: null });
    expect(await stateOf(member, QUESTION_DRAFT_KEY)).toMatchObject({ id: null, cleared: [id] });
  });

  test("a form remembers its last twenty gone drafts", async () => {
    const member = await freshWriter(db());
    const ids = Array.from({ length: 22 }, () => newDraftId());
    for (const id of ids) await discardMemberDraft(member, QUESTION_DRAFT_KEY, id);
    expect((await stateOf(member, QUESTION_DRAFT_KEY)).cleared).toEqual(ids.slice(-20));
  });
});
