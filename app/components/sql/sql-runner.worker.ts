// Runs a reader's SQL in PostgreSQL compiled to WebAssembly (PGlite), in a throwaway in-memory database, off
// the page's thread: the page can stop a runaway query by ending this worker. Nothing reaches the server.
import { PGlite } from "@electric-sql/pglite";

export type SqlRunRequest = { sql: string };
export type SqlRunReply =
  | { ready: true }
  | { ok: true; fields: string[]; rows: unknown[][]; affected: number | null; statements: number }
  | { ok: false; message: string };

let database: Promise<PGlite> | undefined;

self.onmessage = async (event: MessageEvent<SqlRunRequest>) => {
  let reply: SqlRunReply;
  try {
    database ??= PGlite.create();
    const db = await database;
    // An empty database for every run, so a block's CREATE TABLE works again on "Executar de novo" (dropping the
    // schema takes milliseconds; starting PostgreSQL again would take seconds).
    await db.exec("drop schema if exists public cascade; create schema public;");
    // The page's time limit counts from here: the download and start-up of PostgreSQL are not the query's.
    self.postMessage({ ready: true } satisfies SqlRunReply);
    const results = await db.exec(event.data.sql, { rowMode: "array" });
    const shown = [...results].reverse().find((result) => result.fields.length > 0) ?? results.at(-1);
    reply = {
      ok: true,
      fields: shown?.fields.map((field) => field.name) ?? [],
      rows: ((shown?.rows ?? []) as unknown[][]).slice(0, 200),
      affected: shown?.affectedRows ?? null,
      statements: results.length,
    };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
