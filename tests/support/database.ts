// A fresh, migrated database for one test file: in-memory PGlite, or a clone of the PostgreSQL template.
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import {
  closeDatabase,
  openDatabase,
  installDatabase,
  type Database,
  type DatabaseHandle,
} from "../../app/lib/db.server.ts";
import { metrics } from "../../app/lib/metrics.server.ts";
import { templateDatabaseName, withDatabase } from "./postgres-databases.ts";

/**
 * A migrated, empty PGlite as a tarball, cached on disk under a name derived from the migrations, so each
 * test file starts from it instead of migrating again (several seconds saved per file).
 */
export async function migratedSnapshot(): Promise<Blob> {
  const folder = path.resolve("db/migrations");
  const hash = createHash("sha256");
  for (const file of (await readdir(folder)).sort()) {
    if (file.endsWith(".sql")) hash.update(await readFile(path.join(folder, file)));
  }
  const cached = path.join(os.tmpdir(), `sdd-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(cached)]);
  } catch {
    const fresh = await openDatabase({ dataDir: "memory://" });
    const blob = await fresh.dump!();
    await fresh.close();
    const partial = `${cached}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, cached);
    return blob;
  }
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== "postgres" || !url) {
    return openDatabase({ dataDir: "memory://", snapshot: await migratedSnapshot() });
  }
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

/**
 * How many statements `run` sent to the database (every kind, counted by the database layer's metrics): the
 * round trips a read costs.
 */
export async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const count = async () =>
    (await metrics().dbQueryDuration.get()).values
      .filter((v) => v.metricName === "sdd_db_query_duration_seconds_count")
      .reduce((sum, v) => sum + v.value, 0);
  const before = await count();
  await run();
  return (await count()) - before;
}
