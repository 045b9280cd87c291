// A member's draft kept on the server as well as in this browser (ADR 062), for one form (the ask page, an answer,
// the post writer). The browser's copy stays what the fields read and write (`drafts.ts`); this keeps the server's
// in step with it and decides, when the form opens, which of the two the form starts from:
// - each draft has an id, made by the browser that started it and sent with every save and with the form that
//   publishes it; the server remembers the ids it saw published or discarded, and refuses a save under one, so
//   a save that arrives late (a slow phone, a tab going away) cannot bring a published draft back;
// - when the form opens, local fields that belong to a draft the server (or this browser) saw go are dropped;
//   otherwise the newer of the local and the server's copy wins: the local one when it changed since the last
//   version both had and the server's did not; when both changed (two devices), the later on the server's clock.
// Plain code, unit-tested; `use-form-draft.ts` wires it to React and the page.
import { href } from "react-router";
import { clearDraft, loadDraft, loadDraftMark, saveDraft, saveDraftMark, type DraftMark } from "./drafts.ts";

/** The server's side of one form's draft, as the page's loader read it. */
export type ServerDraftState = {
  /** The draft the server keeps (null: none, or it was published or discarded). */
  id: string | null;
  fields: Record<string, string>;
  /** When it was last saved (ISO). */
  updatedAt: string | null;
  /** The ids of this form's drafts that were published or discarded (the newest few). */
  cleared: string[];
};

/** What a form needs to keep its draft on the server: its key, its fields' local keys, the server's state. */
export type DraftSync = {
  key: string;
  /** The member whose draft it is. */
  owner: number;
  /** Field name → the local key its value is kept under (`drafts.ts`). */
  parts: Record<string, string>;
  server: ServerDraftState;
  /** The server's clock when the loader ran (ISO): local times are kept on it. */
  now: string;
};

/** The pause after the last change kept in the browser before the server is sent the draft. */
export const SERVER_DRAFT_DELAY_MS = 1200;
/** How long to wait before trying again when the server could not be reached. */
const RETRY_MS = 15_000;
/** Keep-alive requests (a page going away) carry at most 64 KB, all of them together. */
const KEEPALIVE_MAX_CHARS = 60_000;

export type LocalDrafts = {
  load: (key: string) => string | null;
  save: (key: string, value: string) => void;
  clear: (key: string) => void;
  loadMark: (formKey: string) => DraftMark | null;
  saveMark: (formKey: string, mark: DraftMark) => void;
};

/** This browser's localStorage. */
const browserDrafts: LocalDrafts = {
  load: (key) => loadDraft(key)?.html ?? null,
  save: saveDraft,
  clear: clearDraft,
  loadMark: loadDraftMark,
  saveMark: saveDraftMark,
};

export type SendResult = { status: number; savedAt?: string; retryAfterSeconds?: number };
export type DraftTransport = (body: URLSearchParams, options: { keepalive: boolean }) => Promise<SendResult>;

/** POST /api/drafts; a failed connection is status 0. */
const sendToServer: DraftTransport = async (body, { keepalive }) => {
  try {
    const response = await fetch(href("/api/drafts"), {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      keepalive: keepalive && body.toString().length < KEEPALIVE_MAX_CHARS,
    });
    const json = (await response.json().catch(() => ({}))) as { savedAt?: unknown };
    return {
      status: response.status,
      savedAt: typeof json.savedAt === "string" ? json.savedAt : undefined,
      retryAfterSeconds: Number(response.headers.get("Retry-After")) || undefined,
    };
  } catch {
    return { status: 0 };
  }
};

function newDraftId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function timeOf(iso: string | null | undefined): number {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

export type DraftStart = {
  /** Where the fields start from: the browser's copy, the server's, or nothing kept. */
  from: "local" | "server" | null;
  /** The browser's copy is one the server does not have yet: send it. */
  push: boolean;
};

/**
 * Puts the fields the form should start from in the browser's store (the fields read it as they mount) and
 * returns the draft's id. Runs once, when the form opens, before its fields read their drafts.
 */
export function reconcileDraft(
  sync: DraftSync,
  local: LocalDrafts,
): { id: string | null; mark: DraftMark | null; start: DraftStart } {
  const kept = local.loadMark(sync.key);
  const localKeys = Object.values(sync.parts);
  // Another member's fields (they signed in on this browser before) are not this member's draft.
  const foreign = kept !== null && kept.owner !== null && kept.owner !== sync.owner;
  if (foreign) for (const key of localKeys) local.clear(key);
  const mark = foreign ? null : kept;
  const gone = new Set([...sync.server.cleared, ...(mark?.cleared ?? [])]);
  let hasLocal = localKeys.some((key) => local.load(key));
  // Fields of a draft that was published or discarded (here or on another device) never come back; fields
  // without a mark (kept before drafts reached the server) only while the server knows nothing of this form.
  const serverKnowsForm = sync.server.id !== null || sync.server.cleared.length > 0;
  // A mark without an id belongs to a form that was published or discarded here: fields kept under it since
  // were written back by a tab that was still open.
  const stale = mark ? !mark.id || gone.has(mark.id) : serverKnowsForm;
  if (hasLocal && stale) {
    for (const key of localKeys) local.clear(key);
    hasLocal = false;
  }
  const server = sync.server.id && !gone.has(sync.server.id) ? sync.server : null;
  if (server && server.id) {
    if (hasLocal && mark?.id && localIsNewer(mark, server)) {
      // This browser's copy is the same version, or newer (typed here since): it stays, and goes up if newer.
      const push = mark.pending;
      return { id: mark.id, mark, start: { from: "local", push } };
    }
    for (const [name, key] of Object.entries(sync.parts)) {
      const value = server.fields[name];
      if (value) local.save(key, value);
      else local.clear(key);
    }
    const at = server.updatedAt ?? sync.now;
    const restored = {
      owner: sync.owner,
      id: server.id,
      at,
      syncedAt: at,
      pending: false,
      cleared: mark?.cleared ?? [],
    };
    local.saveMark(sync.key, restored);
    return { id: server.id, mark: restored, start: { from: "server", push: false } };
  }
  if (hasLocal) return { id: mark?.id ?? null, mark, start: { from: "local", push: true } };
  return { id: null, mark, start: { from: null, push: false } };
}

/**
 * Whether this browser's copy of a draft wins over the server's. Without a change here since the last version
 * both had, the server's (the same, or another device's later one). With one: the local, unless another device
 * saved too since — then the later change, on the server's clock as well as this browser could tell it.
 */
function localIsNewer(mark: DraftMark, server: ServerDraftState): boolean {
  const serverUnchanged =
    mark.id === server.id && mark.syncedAt !== null && mark.syncedAt === server.updatedAt;
  if (!mark.pending) return serverUnchanged;
  if (serverUnchanged) return true;
  return timeOf(mark.at) > timeOf(server.updatedAt);
}

/**
 * One form's draft on the server: `changed` after the browser kept a change (sent once changes pause),
 * `flush` when the page goes away, `discard` when the member throws it away.
 */
export class FormDraft {
  readonly key: string;
  readonly start: DraftStart;
  #parts: Record<string, string>;
  #local: LocalDrafts;
  #send: DraftTransport;
  #delayMs: number;
  /** Server time minus this browser's time. */
  #offset: number;
  #id: string;
  #mark: DraftMark;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #dirty = false;
  #sending = false;
  /** The draft was published or discarded elsewhere (the server refused a save): nothing more is sent. */
  #gone = false;
  /** The form left for good (discarded as the page moves on): nothing more is sent. */
  #closed = false;
  #listeners = new Set<() => void>();
  #beforeSend = new Set<() => void>();

  constructor(
    sync: DraftSync,
    options: { local?: LocalDrafts; send?: DraftTransport; delayMs?: number; clientNow?: number } = {},
  ) {
    this.key = sync.key;
    this.#parts = sync.parts;
    this.#local = options.local ?? browserDrafts;
    this.#send = options.send ?? sendToServer;
    this.#delayMs = options.delayMs ?? SERVER_DRAFT_DELAY_MS;
    const serverNow = timeOf(sync.now);
    this.#offset = Number.isFinite(serverNow) ? serverNow - (options.clientNow ?? Date.now()) : 0;
    const { id, mark, start } = reconcileDraft(sync, this.#local);
    this.start = start;
    this.#id = id ?? newDraftId();
    this.#mark = {
      owner: sync.owner,
      id: this.#id,
      at: mark?.at ?? "",
      syncedAt: mark?.id === this.#id ? (mark?.syncedAt ?? null) : null,
      pending: mark?.id === this.#id ? (mark?.pending ?? false) : false,
      cleared: mark?.cleared ?? [],
    };
  }

  /** The draft's id, sent with the form that publishes it. */
  get id(): string {
    return this.#id;
  }

  /** For `useSyncExternalStore`: the id changes when a draft is discarded and a new one begins. */
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Runs before each send: an editor keeps the keys typed since its last pause. */
  beforeSend(collect: () => void) {
    this.#beforeSend.add(collect);
    return () => {
      this.#beforeSend.delete(collect);
    };
  }

  /** The browser kept a change of one of the form's fields. */
  changed() {
    if (this.#closed) return;
    this.#mark = {
      ...this.#mark,
      id: this.#id,
      at: new Date(Date.now() + this.#offset).toISOString(),
      pending: true,
    };
    this.#local.saveMark(this.key, this.#mark);
    if (this.#gone) return;
    this.#dirty = true;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.flush(), this.#delayMs);
  }

  /** Sends what changed now (`keepalive` when the page is going away, even while a save is on its way). */
  flush({ keepalive = false }: { keepalive?: boolean } = {}) {
    for (const collect of this.#beforeSend) collect();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#dirty || this.#gone || this.#closed || (this.#sending && !keepalive)) return;
    this.#dirty = false;
    const fields: Record<string, string> = {};
    for (const [name, key] of Object.entries(this.#parts)) fields[name] = this.#local.load(key) ?? "";
    // A form emptied by hand is a draft thrown away.
    if (Object.values(fields).every((value) => !value.trim())) {
      this.#discardOnServer(keepalive);
      return;
    }
    const id = this.#id;
    this.#sending = true;
    void this.#send(
      new URLSearchParams({ intent: "save", key: this.key, id, fields: JSON.stringify(fields) }),
      { keepalive },
    ).then((result) => this.#saved(id, result));
  }

  #saved(id: string, result: SendResult) {
    this.#sending = false;
    if (result.status === 409) {
      // Published or discarded on another device (or by this very form, its post arriving first).
      if (id === this.#id) {
        this.#gone = true;
        this.#dirty = false;
      }
      return;
    }
    if (result.status >= 200 && result.status < 300) {
      if (result.savedAt && this.#mark.id === id) {
        // The server's clock, read closer than the loader's (no page load in between).
        this.#offset = timeOf(result.savedAt) - Date.now();
        // The server has the version sent: this browser's copy, unless more was typed meanwhile (pending).
        this.#mark = this.#dirty
          ? { ...this.#mark, syncedAt: result.savedAt }
          : { ...this.#mark, at: result.savedAt, syncedAt: result.savedAt, pending: false };
        this.#local.saveMark(this.key, this.#mark);
      }
    } else if (result.status === 0 || result.status === 429 || result.status >= 500) {
      // Offline, busy or rate-limited: the browser's copy is safe; the server gets it later.
      this.#dirty = true;
      this.#retry(result.retryAfterSeconds ? result.retryAfterSeconds * 1000 : RETRY_MS);
      return;
    }
    // Anything else (too large, signed out, suspended) leaves the browser's copy the only one until the next change.
    if (this.#dirty) this.#retry(this.#delayMs);
  }

  #retry(delayMs: number) {
    if (this.#closed || this.#gone) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.flush(), delayMs);
  }

  #discardOnServer(keepalive: boolean) {
    const id = this.#id;
    void this.#send(new URLSearchParams({ intent: "discard", key: this.key, id }), { keepalive });
    // Whatever is typed next is a new draft.
    this.#mark = { ...this.#mark, id: null, pending: false, cleared: [...this.#mark.cleared, id] };
    this.#local.saveMark(this.key, this.#mark);
    this.#id = newDraftId();
    this.#gone = false;
    for (const listener of this.#listeners) listener();
  }

  /**
   * The member threw the draft away: its fields go here and on the server. `leaving`: the page moves on, and
   * nothing the editors keep while they close is sent afterwards.
   */
  discard({ leaving = false }: { leaving?: boolean } = {}) {
    clearTimeout(this.#timer);
    this.#dirty = false;
    for (const key of Object.values(this.#parts)) this.#local.clear(key);
    this.#discardOnServer(true);
    if (leaving) this.#closed = true;
  }

  /**
   * The form's own post published this draft (the server deleted it): what the closing editors keep
   * afterwards stays in this browser, where the form clears it, and nothing more is sent, since a save now
   * would only be refused.
   */
  published() {
    clearTimeout(this.#timer);
    this.#dirty = false;
    this.#closed = true;
  }

  /** The page is going away: the last change goes now. */
  close() {
    this.flush({ keepalive: true });
  }
}
