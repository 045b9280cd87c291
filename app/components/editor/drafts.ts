// What a member types is kept in this browser (localStorage) until it is posted or discarded, so a reload
// or a closed tab loses nothing. Tiny on purpose: pages import `clearDraft` without loading the editor.
// A form whose draft the server keeps too (ADR 062) also has a mark here: which of the server's drafts these
// fields belong to, when they last changed, and the drafts this browser saw published or discarded.

const PREFIX = "sdd:rascunho:";
const MARK_PREFIX = "sdd:rascunho-marca:";
/**
 * How many published or discarded drafts a form remembers, here and on the server: more than a member has tabs
 * and devices open on one form.
 */
export const CLEARED_DRAFTS_KEPT = 20;

type StoredDraft = { html: string; savedAt: string };

/**
 * Whose draft a form's local fields are (`owner`), which server draft they belong to (`id`); when they last changed (`at`, on the server's
 * clock as well as this browser can tell it); the server's time of the last version both had (`syncedAt`: a
 * save it confirmed, or the draft it gave); whether they changed since (`pending`); and the drafts this browser
 * saw go (`cleared`).
 */
export type DraftMark = {
  /** The member whose draft this is (another member signing in on this browser does not get it). */
  owner: number | null;
  id: string | null;
  at: string;
  syncedAt: string | null;
  pending: boolean;
  cleared: string[];
};

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

export function loadDraftMark(formKey: string): DraftMark | null {
  const raw = storage()?.getItem(MARK_PREFIX + formKey);
  if (!raw) return null;
  try {
    const mark = JSON.parse(raw) as Partial<DraftMark>;
    return {
      owner: typeof mark.owner === "number" ? mark.owner : null,
      id: typeof mark.id === "string" && mark.id ? mark.id : null,
      at: typeof mark.at === "string" ? mark.at : "",
      syncedAt: typeof mark.syncedAt === "string" ? mark.syncedAt : null,
      pending: mark.pending === true,
      cleared: Array.isArray(mark.cleared) ? mark.cleared.filter((id) => typeof id === "string") : [],
    };
  } catch {
    return null;
  }
}

export function saveDraftMark(formKey: string, mark: DraftMark) {
  try {
    const cleared = mark.cleared.slice(-CLEARED_DRAFTS_KEPT);
    storage()?.setItem(MARK_PREFIX + formKey, JSON.stringify({ ...mark, cleared }));
  } catch {
    // Quota exceeded: the server's answer decides alone.
  }
}

/**
 * The form's draft was published or discarded: its fields go, and its mark remembers the draft as gone, so a
 * copy another tab writes back afterwards is recognised and dropped.
 */
export function forgetFormDraft(formKey: string, localKeys: string[]) {
  for (const key of localKeys) clearDraft(key);
  const mark = loadDraftMark(formKey);
  if (!mark) return;
  saveDraftMark(formKey, {
    ...mark,
    id: null,
    pending: false,
    cleared: mark.id && !mark.cleared.includes(mark.id) ? [...mark.cleared, mark.id] : mark.cleared,
  });
}
