// Helpers for the drafts' integration tests (never imported by the app).
import type { Database } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { createMember } from "./factories.ts";

let counter = 0;

/** A draft id as the browser makes them, unique in the run. */
export function newDraftId(): string {
  counter += 1;
  return `rascunho-teste-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A member who has written nothing yet. */
export function freshWriter(db: Database): Promise<Viewer> {
  return createMember(db, { name: `Quem Escreve ${newDraftId()}` });
}
