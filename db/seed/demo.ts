import type { Database } from "../../app/lib/db.server.ts";

/** Seeds the spec's sample content into an empty database. Returns whether it seeded. */
export async function seedDemoIfEmpty(_db: Database): Promise<boolean> {
  return false;
}
