// The editor's local draft (ADR 005): where the content starts, the draft kept while typing and when the page
// goes away, dropped when the form is posted and kept again if the server refused the post, and discarded on
// request. The rules are in `DraftKeeper` and `startingContent` (plain code, unit-tested); the hooks wire them
// to React, the page and the form. A form whose draft the server keeps too (ADR 062) is told of each change
// kept here (`FormDraft.changed`), and collects the keys typed since the last pause before it sends.
import type { Editor } from "@tiptap/react";
import { useCallback, useEffect, useState, type RefObject } from "react";
import { useFetchers, useNavigation } from "react-router";
import { editorHtml } from "./editor-content.client.ts";
import { clearDraft, loadDraft, saveDraft } from "./drafts.ts";
import type { FormDraft } from "./form-draft.ts";

/** The pause in typing after which the content is kept as a draft. */
export const DRAFT_DELAY_MS = 400;

export type DraftStore = {
  save: (key: string, html: string) => void;
  clear: (key: string) => void;
};

/** This browser's localStorage (`drafts.ts`). */
const localDrafts: DraftStore = { save: saveDraft, clear: clearDraft };

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Same rule as the server's plainTextToHtml: blank lines separate paragraphs, line breaks become <br>. */
export function paragraphsFromText(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** Where the content starts: what was typed before the editor arrived, else the kept draft, else the value. */
export function startingContent({
  typedText,
  draft,
  defaultValue,
}: {
  typedText: string | null;
  /** Reads the kept draft (only when nothing was typed). */
  draft: () => { html: string } | null;
  defaultValue: string;
}): { html: string; fromDraft: boolean } {
  if (typedText !== null && typedText.trim())
    return { html: paragraphsFromText(typedText), fromDraft: false };
  const kept = draft();
  if (kept && kept.html !== defaultValue) return { html: kept.html, fromDraft: true };
  return { html: defaultValue, fromDraft: false };
}

/**
 * The draft's rules, apart from React: a change is kept once typing pauses (or at once on `flush`); empty
 * content or the stored value itself is no draft; posting drops it; a refused post keeps it again.
 */
export class DraftKeeper {
  #store: DraftStore;
  #delayMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pending: string | null = null;
  #submitted = false;
  #onKept: (() => void) | undefined;

  /** `onKept` hears of each change kept (or forgotten) while typing, not of what posting does. */
  constructor(store: DraftStore = localDrafts, delayMs = DRAFT_DELAY_MS, onKept?: () => void) {
    this.#store = store;
    this.#delayMs = delayMs;
    this.#onKept = onKept;
  }

  /** The content changed: `flush` runs once typing pauses. */
  changed(html: string, flush: () => void) {
    this.#pending = html;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(flush, this.#delayMs);
  }

  /** Keeps the content not yet kept (or forgets the draft when the content is empty or the stored value). */
  flush(key: string | undefined, defaultValue: string) {
    clearTimeout(this.#timer);
    const html = this.#pending;
    this.#pending = null;
    if (!key || html === null) return;
    if (html && html !== defaultValue) this.#store.save(key, html);
    else this.#store.clear(key);
    this.#onKept?.();
  }

  /** The form was sent: the draft is dropped, and kept again by `answered` if the page is still there. */
  submitted(key: string) {
    clearTimeout(this.#timer);
    this.#pending = null;
    this.#submitted = true;
    this.#store.clear(key);
  }

  /** The server answered and this editor is still here (the post was refused): the content is kept again. */
  answered(key: string, defaultValue: string, currentHtml: () => string) {
    if (!this.#submitted) return;
    this.#submitted = false;
    const html = currentHtml();
    if (html && html !== defaultValue) this.#store.save(key, html);
  }

  /** The member discarded the draft. */
  discard(key: string) {
    this.#store.clear(key);
  }
}

/**
 * Where the editor starts, the draft kept while typing (`changed`, from the editor's updates) and when the
 * page goes away, and `discard`. Call it before `useEditor` (which needs `start.html`), and
 * `useDraftAfterPost` once the editor exists.
 */
export function useEditorDraft({
  draftKey,
  defaultValue,
  typedText,
  formDraft,
}: {
  draftKey: string | undefined;
  defaultValue: string;
  typedText: string | null;
  /** The form's draft on the server, when it keeps one. */
  formDraft: FormDraft | null;
}) {
  const [start] = useState(() =>
    startingContent({ typedText, draft: () => (draftKey ? loadDraft(draftKey) : null), defaultValue }),
  );
  // The value the field opened with is the stored one, which is no draft. After a refused post the form hands
  // its fields what was sent as their value: that is still a draft, and comparing with it would forget it.
  const [storedValue] = useState(defaultValue);
  const [recovered, setRecovered] = useState(start.fromDraft);
  const [keeper] = useState(() => new DraftKeeper(localDrafts, DRAFT_DELAY_MS, () => formDraft?.changed()));

  const flush = useCallback(() => keeper.flush(draftKey, storedValue), [keeper, draftKey, storedValue]);

  // Keep the draft when the page goes away mid-typing, and before the form's draft goes to the server.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    const stopCollecting = formDraft?.beforeSend(flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
      stopCollecting?.();
    };
  }, [flush, formDraft]);

  return {
    keeper,
    start,
    /** The value the field opened with: content equal to it is no draft. */
    storedValue,
    /** A draft from an earlier visit was put back (the editor offers to discard it). */
    recovered,
    changed: (html: string) => {
      if (draftKey) keeper.changed(html, flush);
    },
    discard: () => {
      if (draftKey) keeper.discard(draftKey);
      // The form's draft on the server loses this field too (or goes, when nothing else is left).
      formDraft?.changed();
      setRecovered(false);
    },
    /** What was typed before the editor arrived replaced the recovered draft: no offer to discard it. */
    forgetRecovered: () => setRecovered(false),
  };
}

/**
 * Posting: the draft is dropped once the form is on its way (a <Form>'s or a fetcher's submission carrying
 * this field's value; a submit that the form's own checks stopped sends nothing, and keeps it). If this editor
 * is still here once the answer came back (the server refused it), the draft is kept again; if the post went
 * through, the page moved on or remounted the field (give it a new `key`) and clearing stays. The draft is kept
 * again at once, in this effect: a child's effects run before its parent's in the same commit, so a form that
 * clears the draft on success (the answer form) always has the last word. (A timer here would fire after that
 * clearing and bring the posted text back into the fresh editor.)
 */
export function useDraftAfterPost({
  keeper,
  editor,
  draftKey,
  defaultValue,
  fieldRef,
}: {
  keeper: DraftKeeper;
  editor: Editor | null;
  draftKey: string | undefined;
  defaultValue: string;
  /** A field of the form (its `form` is the one watched). */
  fieldRef: RefObject<HTMLInputElement | null>;
}) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sending = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    const field = fieldRef.current;
    if (!field?.name || !draftKey) return;
    const carried = [navigation, ...fetchers].some(
      (submission) => submission.state !== "idle" && submission.formData?.get(field.name) === field.value,
    );
    if (carried) keeper.submitted(draftKey);
  }, [keeper, navigation, fetchers, fieldRef, draftKey]);
  useEffect(() => {
    if (sending || !editor || !draftKey) return;
    keeper.answered(draftKey, defaultValue, () => editorHtml(editor));
  }, [keeper, sending, editor, draftKey, defaultValue]);
}
