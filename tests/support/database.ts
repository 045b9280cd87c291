// A fresh, migrated database for one test file: in-memory PGlite, or a clone of the PostgreSQL template.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import {
  closeDatabase,
  openDatabase,
  installDatabase,
  type Database,
  type DatabaseHandle,
} from "../../app/lib/db.server.ts";
import { templateDatabaseName, withDatabase } from "./postgres-databases.ts";

export async function openTestDatabase(): Promise<DatabaseHandle & { kind: "pglite" | "postgres" }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== "postgres" || !url) return openDatabase({ dataDir: "memory://" });
  const name = `sdd_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${templateDatabaseName()}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: withDatabase(url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
    },
  };
}

/**
 * Installs a fresh database as the process's database for the tests of one file.
 * Returns a getter: `const db = setupTestDatabase(); … db().select()…`.
 */
export function setupTestDatabase(): () => Database {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase();
    installDatabase(handle);
  });
  afterAll(async () => {
    await closeDatabase();
  });
  return () => {
    if (!handle) throw new Error("setupTestDatabase(): the database is opened in beforeAll");
    return handle.db;
  };
}
