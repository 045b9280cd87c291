// A fresh, migrated database for one test file: in-memory PGlite, or a clone of the PostgreSQL template.
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
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
 * A PGlite handed from one test file to the next in the same process, emptied in between. Opening a PGlite from
 * the snapshot (PostgreSQL starting in WebAssembly, 43 MB of files unpacked, three extensions loaded) costs each
 * file seconds of a core; emptying it is four statements (ADR 045: the PGlite project 300 s → 132 s).
 *
 * Only what a file leaves in the tables, the sequences and its session is undone, so the handle is kept only
 * while the schema is the migrated one: a file that altered it (or closed the database, or broke its thread)
 * hands it back for good and the next file opens a fresh one.
 */
type KeptPglite = { handle: DatabaseHandle; schema: string; tables: string[] };
let keptPglite: KeptPglite | undefined;

/** The user schema's shape, as one digest: tables, columns, indexes, constraints, triggers, functions, enums. */
const SCHEMA_DIGEST = sql`select md5(coalesce(string_agg(item, ';' order by item), '')) as digest from (
  select format('c:%s:%s', relname, relkind) as item from pg_class where relnamespace = 'public'::regnamespace
  union all select format('a:%s.%s:%s:%s', attrelid::regclass, attname, atttypid::regtype, attnotnull)
    from pg_attribute join pg_class on pg_class.oid = attrelid
    where relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped
  union all select format('i:%s', indexdef) from pg_indexes where schemaname = 'public'
  union all select format('k:%s.%s:%s', conrelid::regclass, conname, pg_get_constraintdef(oid))
    from pg_constraint where connamespace = 'public'::regnamespace
  union all select format('t:%s.%s:%s', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
  union all select format('f:%s:%s', proname, md5(prosrc)) from pg_proc where pronamespace = 'public'::regnamespace
  union all select format('e:%s:%s', enumtypid::regtype, enumlabel) from pg_enum
) items`;

async function schemaDigest(db: Database): Promise<string> {
  const { rows } = await db.execute<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0]!.digest;
}

/** What emptying needs to know, read from the newly migrated database; null if a migration left rows in it. */
async function describeEmpty(handle: DatabaseHandle): Promise<KeptPglite | null> {
  const { rows } = await handle.db.execute<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = rows.map((t) => t.name);
  // Rows written by a migration would have to be put back after each file: none does, and if one ever does,
  // every file opens its own database again.
  const filled = await handle.db.execute<{ filled: boolean }>(
    sql.raw(`select ${tables.map((name) => `exists (select from ${name})`).join(" or ")} as filled`),
  );
  if (filled.rows[0]!.filled) return null;
  return { handle, schema: await schemaDigest(handle.db), tables };
}

/** Empties the kept database for the next file; false when it can no longer be trusted to be the migrated one. */
async function emptyKept({ handle, schema, tables }: KeptPglite): Promise<boolean> {
  try {
    if ((await schemaDigest(handle.db)) !== schema) return false;
    // The session too: settings, LISTENs, advisory locks and temporary tables a file may have left.
    await handle.db.execute(
      sql.raw(`do $$ begin
        reset all;
        unlisten *;
        perform pg_advisory_unlock_all();
        truncate ${tables.join(", ")};
      end $$`),
    );
    await handle.db.execute(sql`discard temp`);
    await handle.db.execute(
      sql`select setval(format('%I', sequencename)::regclass, start_value, false) from pg_sequences where schemaname = 'public'`,
    );
    return true;
  } catch {
    return false;
  }
}

/** A PGlite for one file: the one the last file used, emptied, or a fresh one. Closing it keeps it for the next. */
export async function lendPglite(): Promise<DatabaseHandle> {
  let kept = keptPglite;
  keptPglite = undefined;
  if (kept && !(await emptyKept(kept))) {
    await kept.handle.close().catch(() => {});
    kept = undefined;
  }
  if (!kept) {
    const handle = await openTestDatabase();
    const described = await describeEmpty(handle);
    if (!described) return handle;
    kept = described;
  }
  const { handle } = kept;
  const subscriptions: Array<() => Promise<void>> = [];
  const lent = kept;
  return {
    ...handle,
    // The file's listeners go with it: the next file's app subscribes again.
    listen: async (channel, onMessage) => {
      const stop = await handle.listen(channel, onMessage);
      subscriptions.push(stop);
      return stop;
    },
    close: async () => {
      await Promise.all(subscriptions.map((stop) => stop().catch(() => {})));
      keptPglite = lent;
    },
  };
}

/**
 * Installs a fresh database as the process's database for the tests of one file (on PGlite, the last file's,
 * emptied: see `lendPglite`). Returns a getter: `const db = setupTestDatabase(); … db().select()…`.
 */
export function setupTestDatabase(): () => Database {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    const onPostgres = process.env.TEST_DB_KIND === "postgres" && process.env.TEST_DATABASE_URL;
    handle = onPostgres ? await openTestDatabase() : await lendPglite();
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
