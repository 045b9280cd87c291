import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  DRAFT_DELAY_MS,
  DraftKeeper,
  paragraphsFromText,
  startingContent,
  type DraftStore,
} from "./use-editor-draft.ts";

/** A draft store in memory, with the calls it took. */
function memoryStore() {
  const drafts = new Map<string, string>();
  const calls: string[] = [];
  const store: DraftStore = {
    save: (key, html) => {
      calls.push(`save ${key}`);
      drafts.set(key, html);
    },
    clear: (key) => {
      calls.push(`clear ${key}`);
      drafts.delete(key);
    },
  };
  return { store, drafts, calls };
}

describe("startingContent", () => {
  const noDraft = () => null;

  test("what was typed before the editor arrived comes first, as paragraphs", () => {
    const draft = vi.fn(() => ({ html: "<p>rascunho</p>" }));
    expect(startingContent({ typedText: "Olá\n\nmundo", draft, defaultValue: "<p>valor</p>" })).toEqual({
      html: "<p>Olá</p><p>mundo</p>",
      fromDraft: false,
    });
    expect(draft).not.toHaveBeenCalled();
  });

  test("then a kept draft that differs from the value", () => {
    const draft = () => ({ html: "<p>rascunho</p>" });
    expect(startingContent({ typedText: null, draft, defaultValue: "<p>valor</p>" })).toEqual({
      html: "<p>rascunho</p>",
      fromDraft: true,
    });
    expect(startingContent({ typedText: "  \n ", draft, defaultValue: "" })).toEqual({
      html: "<p>rascunho</p>",
      fromDraft: true,
    });
  });

  test("else the value (a draft equal to it is no draft)", () => {
    expect(startingContent({ typedText: null, draft: noDraft, defaultValue: "<p>valor</p>" })).toEqual({
      html: "<p>valor</p>",
      fromDraft: false,
    });
    expect(
      startingContent({
        typedText: null,
        draft: () => ({ html: "<p>valor</p>" }),
        defaultValue: "<p>valor</p>",
      }),
    ).toEqual({ html: "<p>valor</p>", fromDraft: false });
  });
});

test("paragraphsFromText follows the server's rule and escapes markup", () => {
  expect(paragraphsFromText('a <b> & "c"\r\nlinha\n \n\n\nnovo')).toBe(
    "<p>a &lt;b&gt; &amp; &quot;c&quot;<br>linha</p><p>novo</p>",
  );
  expect(paragraphsFromText("  \n\n ")).toBe("");
});

describe("DraftKeeper", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("keeps the content once typing pauses, the last change only", () => {
    const { store, drafts, calls } = memoryStore();
    const keeper = new DraftKeeper(store);
    const flush = () => keeper.flush("k", "");
    keeper.changed("<p>a</p>", flush);
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    keeper.changed("<p>ab</p>", flush);
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(drafts.get("k")).toBe("<p>ab</p>");
    expect(calls).toEqual(["save k"]);
  });

  test("empty content or the stored value itself forgets the draft", () => {
    const { store, drafts, calls } = memoryStore();
    const keeper = new DraftKeeper(store);
    drafts.set("k", "<p>antes</p>");
    keeper.changed("<p>valor</p>", () => {});
    keeper.flush("k", "<p>valor</p>");
    expect(drafts.has("k")).toBe(false);
    keeper.changed("", () => {});
    keeper.flush("k", "<p>valor</p>");
    expect(calls).toEqual(["clear k", "clear k"]);
  });

  test("flush keeps at once (the page goes away) and does nothing without a change or a key", () => {
    const { store, drafts, calls } = memoryStore();
    const keeper = new DraftKeeper(store);
    keeper.flush("k", "");
    expect(calls).toEqual([]);
    keeper.changed("<p>a</p>", () => keeper.flush("k", ""));
    keeper.flush("k", "");
    expect(drafts.get("k")).toBe("<p>a</p>");
    vi.advanceTimersByTime(DRAFT_DELAY_MS * 2);
    expect(calls).toEqual(["save k"]);
    keeper.changed("<p>b</p>", () => {});
    keeper.flush(undefined, "");
    expect(calls).toEqual(["save k"]);
  });

  test("posting drops the draft and the change waiting to be kept", () => {
    const { store, drafts, calls } = memoryStore();
    const keeper = new DraftKeeper(store);
    drafts.set("k", "<p>a</p>");
    keeper.changed("<p>ab</p>", () => keeper.flush("k", ""));
    keeper.submitted("k");
    vi.advanceTimersByTime(DRAFT_DELAY_MS * 2);
    expect(drafts.has("k")).toBe(false);
    expect(calls).toEqual(["clear k"]);
  });

  test("a refused post keeps the content again, once; an answer without a post changes nothing", () => {
    const { store, drafts, calls } = memoryStore();
    const keeper = new DraftKeeper(store);
    const html = vi.fn(() => "<p>texto</p>");
    keeper.answered("k", "", html);
    expect(html).not.toHaveBeenCalled();
    keeper.submitted("k");
    keeper.answered("k", "", html);
    keeper.answered("k", "", html);
    expect(html).toHaveBeenCalledTimes(1);
    expect(drafts.get("k")).toBe("<p>texto</p>");
    expect(calls).toEqual(["clear k", "save k"]);
  });

  test("after a refused post, empty content or the value is not kept", () => {
    const { store, drafts } = memoryStore();
    const keeper = new DraftKeeper(store);
    keeper.submitted("k");
    keeper.answered("k", "<p>valor</p>", () => "<p>valor</p>");
    keeper.submitted("k");
    keeper.answered("k", "<p>valor</p>", () => "");
    expect(drafts.has("k")).toBe(false);
  });

  test("discard forgets the draft", () => {
    const { store, drafts } = memoryStore();
    const keeper = new DraftKeeper(store);
    drafts.set("k", "<p>a</p>");
    keeper.discard("k");
    expect(drafts.has("k")).toBe(false);
  });
});
