// Start-up and shutdown of what the app owns (the database), called by server/server.ts through the build.
import { RouterContextProvider } from "react-router";
import { nonceContext } from "./context.ts";
import { closeDatabase, checkDatabase, database } from "./db.server.ts";
import { logger } from "./logger.server.ts";
import { env } from "./env.server.ts";
import { seedDemoIfEmpty } from "../../db/seed/demo.ts";

export async function startApp() {
  const handle = await database();
  const seed = env().SEED_DEMO ?? handle.kind === "pglite";
  if (seed) {
    const seeded = await seedDemoIfEmpty(handle.db);
    if (seeded) logger.info("demo content seeded into the empty database");
  }
}

export async function stopApp() {
  await closeDatabase();
}

export async function checkHealth(): Promise<{ ok: boolean; error?: string }> {
  try {
    await checkDatabase();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The request context for React Router, made inside the app bundle: context keys are compared by identity,
 * so the server must not build it from its own copy of the modules.
 */
export function createLoadContext({ nonce }: { nonce: string }) {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  return context;
}
