import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { DraftMark } from "./drafts.ts";
import {
  FormDraft,
  reconcileDraft,
  SERVER_DRAFT_DELAY_MS,
  type DraftSync,
  type DraftTransport,
  type LocalDrafts,
  type SendResult,
  type ServerDraftState,
} from "./form-draft.ts";

const PARTS = { titulo: "pergunta:nova:titulo", descricao: "pergunta:nova:descricao" };
/** The member signed in. */
const MEMBER = 7;

/** This browser's store, in memory. */
function memory(values: Record<string, string> = {}, mark: DraftMark | null = null) {
  const drafts = new Map(Object.entries(values));
  const marks = new Map<string, DraftMark>(mark ? [["pergunta:nova", mark]] : []);
  const local: LocalDrafts = {
    load: (key) => drafts.get(key) ?? null,
    save: (key, value) => void drafts.set(key, value),
    clear: (key) => void drafts.delete(key),
    loadMark: (key) => marks.get(key) ?? null,
    saveMark: (key, value) => void marks.set(key, value),
  };
  return { local, drafts, marks };
}

function server(overrides: Partial<ServerDraftState> = {}): ServerDraftState {
  return { id: null, fields: {}, updatedAt: null, cleared: [], ...overrides };
}

function syncOf(state: ServerDraftState, now = "2026-12-01T12:00:00.000Z"): DraftSync {
  return { key: "pergunta:nova", owner: MEMBER, parts: PARTS, server: state, now };
}

describe("reconcileDraft: where the form starts", () => {
  test("nothing kept anywhere: an empty form and no id yet", () => {
    const { local } = memory();
    expect(reconcileDraft(syncOf(server()), local)).toMatchObject({
      id: null,
      start: { from: null, push: false },
    });
  });

  test("the server's draft fills an empty browser, and its id and time become the browser's", () => {
    const { local, drafts, marks } = memory();
    const state = server({
      id: "rascunho-a1",
      fields: { titulo: "Título do outro aparelho", descricao: "<p>Texto</p>" },
      updatedAt: "2026-12-01T11:59:00.000Z",
    });
    expect(reconcileDraft(syncOf(state), local)).toMatchObject({
      id: "rascunho-a1",
      start: { from: "server", push: false },
    });
    expect(Object.fromEntries(drafts)).toEqual({
      "pergunta:nova:titulo": "Título do outro aparelho",
      "pergunta:nova:descricao": "<p>Texto</p>",
    });
    expect(marks.get("pergunta:nova")).toMatchObject({
      id: "rascunho-a1",
      syncedAt: "2026-12-01T11:59:00.000Z",
      pending: false,
    });
  });

  test("this browser's copy wins when it changed since the server's last save, whatever the clocks say", () => {
    // Reloaded before the last change reached the server: the server still has the version both had.
    const { local, drafts } = memory(
      { "pergunta:nova:titulo": "Mais novo aqui" },
      // This browser's guess of the server's clock ran late: its change reads as older than the save.
      {
        owner: MEMBER,
        id: "rascunho-a1",
        at: "2026-12-01T11:58:00.000Z",
        syncedAt: "2026-12-01T11:59:00.000Z",
        pending: true,
        cleared: [],
      },
    );
    const state = server({
      id: "rascunho-a1",
      fields: { titulo: "Mais velho no servidor" },
      updatedAt: "2026-12-01T11:59:00.000Z",
    });
    expect(reconcileDraft(syncOf(state), local)).toMatchObject({
      id: "rascunho-a1",
      start: { from: "local", push: true },
    });
    expect(drafts.get("pergunta:nova:titulo")).toBe("Mais novo aqui");
  });

  test("the server's copy wins when another device saved since and nothing changed here", () => {
    const { local, drafts } = memory(
      { "pergunta:nova:titulo": "Velho aqui", "pergunta:nova:descricao": "<p>sumiu lá</p>" },
      {
        owner: MEMBER,
        id: "rascunho-a1",
        at: "2026-12-01T11:00:00.000Z",
        syncedAt: "2026-12-01T11:00:00.000Z",
        pending: false,
        cleared: [],
      },
    );
    const state = server({
      id: "rascunho-a1",
      fields: { titulo: "Novo no outro aparelho" },
      updatedAt: "2026-12-01T11:59:00.000Z",
    });
    expect(reconcileDraft(syncOf(state), local).start.from).toBe("server");
    // The fields the server's draft does not have are emptied: the form is the server's draft, whole.
    expect(Object.fromEntries(drafts)).toEqual({ "pergunta:nova:titulo": "Novo no outro aparelho" });
  });

  test("both changed (two devices): the later change wins, on the server's clock", () => {
    const mark = (at: string) => ({
      owner: MEMBER,
      id: "rascunho-b2",
      at,
      syncedAt: null,
      pending: true,
      cleared: [],
    });
    const state = server({
      id: "rascunho-a1",
      fields: { titulo: "Do outro" },
      updatedAt: "2026-12-01T11:59:00.000Z",
    });
    const later = memory({ "pergunta:nova:titulo": "Daqui" }, mark("2026-12-01T11:59:30.000Z"));
    expect(reconcileDraft(syncOf(state), later.local)).toMatchObject({
      id: "rascunho-b2",
      start: { from: "local" },
    });
    const earlier = memory({ "pergunta:nova:titulo": "Daqui" }, mark("2026-12-01T11:30:00.000Z"));
    expect(reconcileDraft(syncOf(state), earlier.local)).toMatchObject({
      id: "rascunho-a1",
      start: { from: "server" },
    });
    expect(earlier.drafts.get("pergunta:nova:titulo")).toBe("Do outro");
  });

  test("a draft published or discarded elsewhere never comes back from this browser", () => {
    const { local, drafts } = memory(
      { "pergunta:nova:titulo": "Já publicada" },
      // Kept here a minute after the server's last news: time does not matter, the id does.
      {
        owner: MEMBER,
        id: "rascunho-a1",
        at: "2026-12-01T12:30:00.000Z",
        syncedAt: null,
        pending: true,
        cleared: [],
      },
    );
    expect(reconcileDraft(syncOf(server({ cleared: ["rascunho-a1"] })), local)).toMatchObject({
      start: { from: null, push: false },
    });
    expect(drafts.size).toBe(0);
  });

  test("nor one this browser published, even if the server's answer is older than the publication", () => {
    const { local, drafts } = memory(
      { "pergunta:nova:titulo": "Escrita de volta por outra aba" },
      {
        owner: MEMBER,
        id: null,
        at: "2026-12-01T11:00:00.000Z",
        syncedAt: null,
        pending: false,
        cleared: ["rascunho-a1"],
      },
    );
    const stale = server({
      id: "rascunho-a1",
      fields: { titulo: "Publicada" },
      updatedAt: "2026-12-01T11:00:00Z",
    });
    expect(reconcileDraft(syncOf(stale), local)).toMatchObject({ id: null, start: { from: null } });
    expect(drafts.size).toBe(0);
  });

  test("another member's fields, kept by this browser before they signed out, are not this member's draft", () => {
    const { local, drafts } = memory(
      { "pergunta:nova:titulo": "Da pessoa que usou antes" },
      {
        owner: 99,
        id: "rascunho-z9",
        at: "2026-12-01T11:00:00.000Z",
        syncedAt: null,
        pending: true,
        cleared: [],
      },
    );
    expect(reconcileDraft(syncOf(server()), local)).toMatchObject({
      id: null,
      start: { from: null, push: false },
    });
    expect(drafts.size).toBe(0);
  });

  test("fields kept before drafts reached the server go up, unless the server knows this form", () => {
    const kept = { "pergunta:nova:titulo": "De antes" };
    expect(reconcileDraft(syncOf(server()), memory(kept).local).start).toEqual({ from: "local", push: true });
    const { local, drafts } = memory(kept);
    expect(reconcileDraft(syncOf(server({ cleared: ["rascunho-x"] })), local).start.from).toBeNull();
    expect(drafts.size).toBe(0);
  });
});

/** A server in memory behind the transport: the rules of drafts.server.ts, without the database. */
function fakeServer() {
  const sent: Record<string, string>[] = [];
  const cleared = new Set<string>();
  let failNext: SendResult | null = null;
  const send: DraftTransport = async (body) => {
    const request = Object.fromEntries(body);
    sent.push(request);
    if (failNext) {
      const result = failNext;
      failNext = null;
      return result;
    }
    if (request.intent === "discard") {
      cleared.add(request.id!);
      return { status: 200 };
    }
    if (cleared.has(request.id!)) return { status: 409 };
    return { status: 200, savedAt: "2026-12-01T12:00:05.000Z" };
  };
  return { send, sent, cleared, fail: (result: SendResult) => void (failNext = result) };
}

describe("FormDraft: keeping the server in step", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("changes are sent once they pause, with every field of the form and the draft's id", async () => {
    const { local, drafts, marks } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    drafts.set("pergunta:nova:titulo", "Um título");
    draft.changed();
    drafts.set("pergunta:nova:descricao", "<p>Um texto</p>");
    draft.changed();
    expect(remote.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    expect(remote.sent).toEqual([
      {
        intent: "save",
        key: "pergunta:nova",
        id: draft.id,
        fields: JSON.stringify({ titulo: "Um título", descricao: "<p>Um texto</p>" }),
      },
    ]);
    // The server has this browser's copy: nothing is pending.
    expect(marks.get("pergunta:nova")).toMatchObject({
      id: draft.id,
      syncedAt: "2026-12-01T12:00:05.000Z",
      pending: false,
    });
  });

  test("a change typed while a save travels stays pending, on top of the version the server confirmed", async () => {
    const { local, drafts, marks } = memory();
    let answer: (result: SendResult) => void = () => {};
    const send: DraftTransport = () => new Promise((resolve) => (answer = resolve));
    const draft = new FormDraft(syncOf(server()), { local, send });
    drafts.set("pergunta:nova:titulo", "Título");
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    drafts.set("pergunta:nova:tags", '["web"]');
    draft.changed();
    answer({ status: 200, savedAt: "2026-12-01T12:00:05.000Z" });
    await vi.advanceTimersByTimeAsync(0);
    // A reload now finds the server at that version and this browser ahead of it: this browser's copy wins.
    expect(marks.get("pergunta:nova")).toMatchObject({ syncedAt: "2026-12-01T12:00:05.000Z", pending: true });
  });

  test("a save refused because the draft went (published elsewhere) stops the sending", async () => {
    const { local, drafts } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    remote.cleared.add(draft.id);
    drafts.set("pergunta:nova:titulo", "Título");
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS * 3);
    expect(remote.sent).toHaveLength(1);
  });

  test("offline, the change is tried again later", async () => {
    const { local, drafts } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    remote.fail({ status: 0 });
    drafts.set("pergunta:nova:titulo", "Título");
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(remote.sent.map((request) => request.intent)).toEqual(["save", "save"]);
  });

  test("a form emptied by hand discards its draft; what is typed next is a new one", async () => {
    const { local, drafts } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    const first = draft.id;
    drafts.set("pergunta:nova:titulo", "Título");
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    drafts.delete("pergunta:nova:titulo");
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    expect(remote.sent.at(-1)).toEqual({ intent: "discard", key: "pergunta:nova", id: first });
    expect(draft.id).not.toBe(first);
    drafts.set("pergunta:nova:titulo", "Outro começo");
    draft.changed();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS);
    expect(remote.sent.at(-1)).toMatchObject({ intent: "save", id: draft.id });
  });

  test("discarding while leaving sends nothing the closing editors keep afterwards", async () => {
    const { local, drafts, marks } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    const id = draft.id;
    drafts.set("pergunta:nova:titulo", "Título");
    draft.discard({ leaving: true });
    expect(drafts.size).toBe(0);
    expect(marks.get("pergunta:nova")).toMatchObject({ id: null, cleared: [id] });
    // An editor flushing as it unmounts.
    drafts.set("pergunta:nova:descricao", "<p>teclas finais</p>");
    draft.changed();
    draft.close();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS * 2);
    expect(remote.sent).toEqual([{ intent: "discard", key: "pergunta:nova", id }]);
  });

  test("once the form's post published the draft, nothing the closing editors keep is sent", async () => {
    const { local, drafts } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    // The last keys before Publicar, still waiting for the pause that sends them.
    drafts.set("pergunta:nova:titulo", "Título da pergunta");
    draft.changed();
    draft.published();
    // The editors flushing as they unmount, and the page going away.
    drafts.set("pergunta:nova:descricao", "<p>teclas finais</p>");
    draft.changed();
    draft.close();
    await vi.advanceTimersByTimeAsync(SERVER_DRAFT_DELAY_MS * 2);
    expect(remote.sent).toEqual([]);
  });

  test("the page going away sends what the editors hold right away", async () => {
    const { local, drafts } = memory();
    const remote = fakeServer();
    const draft = new FormDraft(syncOf(server()), { local, send: remote.send });
    // An editor whose last keys are not kept yet: it keeps them when asked, before the send.
    draft.beforeSend(() => {
      if (!drafts.has("pergunta:nova:descricao")) {
        drafts.set("pergunta:nova:descricao", "<p>últimas teclas</p>");
        draft.changed();
      }
    });
    draft.flush({ keepalive: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(remote.sent).toHaveLength(1);
    expect(JSON.parse(remote.sent[0]!.fields!)).toEqual({ titulo: "", descricao: "<p>últimas teclas</p>" });
  });
});
