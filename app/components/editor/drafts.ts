// What a member types is kept in this browser (localStorage) until it is posted or discarded, so a reload
// or a closed tab loses nothing. Tiny on purpose: pages import `clearDraft` without loading the editor.

const PREFIX = "sdd:rascunho:";

type StoredDraft = { html: string; savedAt: string };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage disabled (privacy settings): drafts are simply not kept.
    return null;
  }
}

export function loadDraft(key: string): StoredDraft | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof draft.html === "string" && draft.html
      ? { html: draft.html, savedAt: String(draft.savedAt ?? "") }
      : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, html: string) {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ html, savedAt: new Date().toISOString() }));
  } catch {
    // Quota exceeded: keep going without a draft rather than break typing.
  }
}

/** Forgets the draft kept under `key` (call it once the content is posted, or when it is discarded). */
export function clearDraft(key: string) {
  storage()?.removeItem(PREFIX + key);
}
