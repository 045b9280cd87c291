// Placeholder until accounts land: everyone is a visitor. Replaced by the accounts feature's session lookup.
import type { Viewer } from "./viewer.ts";

export async function resolveViewer(_request: Request): Promise<Viewer | null> {
  return null;
}
