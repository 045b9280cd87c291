// The database: embedded PGlite in DATA_DIR when DATABASE_URL is unset (on a thread of its own,
// pglite-thread.server.ts), a node-postgres pool when it is set.
// One instance per process, kept on globalThis: in development Vite evaluates this file again after an edit, and
// a second PGlite must never open the same data folder.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import * as schema from "#db/schema.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { sqlOperation, timeQuery } from "./metrics.server.ts";
import { keepDataDirPrivate } from "./data-dir.server.ts";
import { holdDataDir } from "./pglite-control.server.ts";
import { requestLane, type Lane } from "./request-lane.ts";
import type { SerializedError, ThreadMessage, ThreadRequest, ThreadStart } from "./pglite-thread.server.ts";

/** Both drivers expose the same query builder; we type them as one. */
export type Database = PgliteDatabase<typeof schema>;
/** A transaction handle, accepted wherever a Database is. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?: () => Promise<Blob>;
  /** PGlite only: a consistent copy of the data directory (no transaction open), as a tarball. */
  backup?: () => Promise<ArrayBuffer>;
  /**
   * LISTEN on a channel; `pg_notify` from any app server (PostgreSQL) or this process (PGlite) reaches the
   * handler after the notifying transaction commits. Resolves to an unsubscribe function.
   */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Queries waiting for the database: sent to PGlite's thread and not answered, or waiting for a pool connection. */
  queueDepth: () => number;
  /** How long the oldest statement in line has waited for PGlite's thread (0 on PostgreSQL: its pool times out). */
  queueWaitMs: () => number;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../db/migrations", import.meta.url));
/** Arbitrary constant: every app server takes this advisory lock while migrating, so only one migrates. */
const MIGRATION_LOCK = 4_242_001;

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  migrationsFolder?: string;
  /** A `dumpDataDir()` tarball to start an in-memory PGlite from (tests: skips re-running migrations). */
  snapshot?: Blob;
  /** PGlite: open the folder as it is, without migrating (`npm run db:backup` of a stopped site). */
  noMigrations?: boolean;
  /** PGlite: who holds the folder, told to a process refused it (ADR 039). */
  role?: string;
  /** PGlite: how long a statement may wait in line before it fails (10 s). */
  lineWaitLimitMs?: number;
  /** PGlite: how long a request's transaction may hold the database before it is rolled back (15 s). */
  transactionLimitMs?: number;
};

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = options.url ?? env().DATABASE_URL;
  const migrationsFolder = options.migrationsFolder ?? migrationsPath();
  if (url) return openPostgres(url, migrationsFolder);
  return openPglite(options.dataDir ?? path.join(env().DATA_DIR, "pgdata"), migrationsFolder, options);
}

function migrationsPath() {
  // From the sources (app/lib) and from the bundle (build/server) alike, ../../db/migrations is the repo's folder.
  return process.env.MIGRATIONS_DIR ?? MIGRATIONS_FOLDER;
}

async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  { snapshot, noMigrations, role, lineWaitLimitMs, transactionLimitMs }: DatabaseOptions,
): Promise<DatabaseHandle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dataDir.startsWith("memory://");
  // The database's files are the site's alone. PGlite's file system sets each file's mode itself (0666, past the
  // umask), so the folder is tightened before it opens (with a warning for files an older version left open),
  // again once it is open, and at close; files it makes meanwhile sit in a folder only the owner can enter.
  const keepPrivate = (warn: (message: string) => void = () => {}) =>
    inMemory ? Promise.resolve(0) : keepDataDirPrivate(dataDir, warn);
  await keepPrivate((message) => logger.warn(message));
  // The folder belongs to one process: held (and answering backups) before PGlite opens it (ADR 039).
  let client: Awaited<ReturnType<typeof threadClient>> | undefined;
  const hold = inMemory
    ? undefined
    : await holdDataDir(
        dataDir,
        {
          role: role ?? processRole(),
          backup: () => (client ? client.backup() : Promise.reject(new Error("o banco ainda está abrindo"))),
        },
        (reason) =>
          logger.warn(`sem socket de controle do banco embutido (${reason}): sem backups com o site no ar`),
      );
  try {
    client = await threadClient(
      {
        ...(inMemory ? {} : { dataDir }),
        migrationsFolder,
        ...(snapshot ? { snapshot: await snapshot.arrayBuffer() } : {}),
        ...(noMigrations ? { noMigrations } : {}),
      },
      { lineWaitLimitMs, transactionLimitMs },
    );
  } catch (error) {
    await hold?.release();
    throw error;
  }
  await keepPrivate();
  const opened = client;
  const db = drizzle({ client: opened as unknown as import("@electric-sql/pglite").PGlite, schema });
  return {
    db,
    kind: "pglite",
    close: async () => {
      try {
        await opened.close();
        await keepPrivate();
      } finally {
        await hold?.release();
      }
    },
    dump: async () => new Blob([await opened.dump()]),
    backup: () => opened.backup(),
    listen: (channel, onMessage) => opened.listen(channel, onMessage),
    queueDepth: () => opened.pendingCount(),
    queueWaitMs: () => opened.oldestWaitMs(),
  };
}

/** What a refused process is told holds the folder: the server, or the command that opened it. */
function processRole(): string {
  const script = path.basename(process.argv[1] ?? "");
  return script === "server.ts" || script === "cluster.ts" ? "o servidor" : `node ${script}`;
}

/** The thread's file, by path: ../../ is the repo from the sources (app/lib) and from the build (build/server). */
const PGLITE_THREAD = new URL("../../app/lib/pglite-thread.server.ts", import.meta.url);

/**
 * PGlite on a thread of its own, behind the part of PGlite's interface Drizzle calls (`query`, `exec`,
 * `transaction`). On this thread a query was synchronous WebAssembly: React's renders and the sockets waited
 * for every query of every request, and the second core sat idle (ADR 029). PGlite itself still orders the
 * work there: a transaction holds it until it ends, so other queries wait as before.
 */
async function threadClient(
  start: ThreadStart,
  {
    lineWaitLimitMs = LINE_WAIT_LIMIT_MS,
    transactionLimitMs = TRANSACTION_LIMIT_MS,
  }: { lineWaitLimitMs?: number; transactionLimitMs?: number } = {},
) {
  const { Worker } = await import("node:worker_threads");
  const worker = new Worker(PGLITE_THREAD, {
    workerData: start,
    transferList: start.snapshot ? [start.snapshot] : [],
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; inLine?: boolean }
  >();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let nextTx = 1;
  let gone: Error | undefined;

  // The lines in front of the thread. PGlite runs one statement at a time, in the order it receives them; left
  // to that order, a member's write waited behind every page's statements queued before it. Here the thread
  // holds at most THREAD_IN_FLIGHT messages (so it stays busy while the event loop is) and the rest wait by their
  // request's lane (app/lib/request-lane.ts): writes, members' pages, visitors' pages and work outside any request
  // take turns, as the server's own lines do. A transaction's own statements skip the line: it holds the
  // database until it ends, so nothing may wait behind it. Made before the thread's handlers, which release the
  // lines when the thread exits, even while it is still starting.
  const lines: Array<Array<() => void>> = [...LINE_ORDER, undefined].map(() => []);
  let inFlight = 0;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: ThreadMessage) => {
      if (message.type === "ready") return resolve();
      if (message.type === "failed") return reject(deserializeError(message.error));
      if (message.type === "notify") {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
        return;
      }
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (call.inLine) {
        inFlight--;
        sendNext();
      }
      // An idle database never keeps the process alive, a query in flight does (like a socket).
      if (pending.size === 0) worker.unref();
      if (message.error) call.reject(deserializeError(message.error));
      else call.resolve(message.result);
    });
    worker.on("error", (error) => {
      gone = error;
      reject(error);
      logger.error({ err: error }, "the PGlite thread failed");
    });
    worker.on("exit", (code) => {
      gone ??= new Error(`the PGlite thread exited (code ${code})`);
      reject(gone);
      for (const call of pending.values()) call.reject(gone);
      pending.clear();
      for (const line of lines) for (const start of line.splice(0)) start();
    });
  });
  await ready;
  worker.unref();

  /** The line whose turn is next: they take turns, so none starves and a write waits for a few at most. */
  let turn = 0;
  const lineOf = (lane: Lane | undefined) => (lane ? LINE_ORDER.indexOf(lane) : LINE_ORDER.length);
  const sendNext = () => {
    while (inFlight < THREAD_IN_FLIGHT) {
      let next: (() => void) | undefined;
      for (let step = 0; step < lines.length && !next; step++) {
        const line = lines[(turn + step) % lines.length]!;
        if (line.length) {
          next = line.shift();
          turn = (turn + step + 1) % lines.length;
        }
      }
      if (!next) return;
      next();
    }
  };
  const waitingInLines = () => lines.reduce((sum, line) => sum + line.length, 0);
  /** When each statement in line started waiting (a Map keeps arrival order: the first is the oldest). */
  const queuedAt = new Map<() => void, number>();

  function call<T>(request: DistributiveOmit<ThreadRequest, "id">): Promise<T> {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    const operation = operationOf(request);
    const timed = operation ? timeQuery("pglite", operation) : undefined;
    const ownTransaction =
      ((request.op === "query" || request.op === "exec") && request.tx !== undefined) || request.op === "end";
    const sent = new Promise<T>((resolve, reject) => {
      const send = () => {
        if (gone) return reject(gone);
        if (!ownTransaction) inFlight++;
        pending.set(id, {
          resolve: resolve as (value: unknown) => void,
          reject,
          ...(ownTransaction ? {} : { inLine: true }),
        });
        if (pending.size === 1) worker.ref();
        worker.postMessage({ ...request, id });
      };
      if (ownTransaction || inFlight < THREAD_IN_FLIGHT) return send();
      // Waiting too long means the database cannot keep up: the request fails rather than piling up.
      const line = lines[lineOf(requestLane.getStore())]!;
      const timer = setTimeout(() => {
        const at = line.indexOf(start);
        if (at >= 0) line.splice(at, 1);
        queuedAt.delete(start);
        reject(new DatabaseBusyError());
      }, lineWaitLimitMs);
      timer.unref();
      const start = () => {
        clearTimeout(timer);
        queuedAt.delete(start);
        send();
      };
      queuedAt.set(start, performance.now());
      line.push(start);
    });
    if (!timed) return sent;
    // Measured here, on the request's side: the time a query cost the request, its wait for the thread included.
    return sent.then(
      (value) => {
        timed(true);
        return value;
      },
      (error: unknown) => {
        timed(false);
        throw error;
      },
    );
  }

  type Options = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
  const runner = (tx?: number) => ({
    query: (sql: string, params?: unknown[], options?: Options) =>
      call({
        op: "query",
        tx,
        sql,
        params,
        rowMode: options?.rowMode,
        // Drizzle's parsers all keep a type's text; say which types, since functions cannot be posted.
        rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
      }),
    exec: (sql: string) => call({ op: "exec", tx, sql }),
  });

  return {
    ...runner(),
    pendingCount: () => pending.size + waitingInLines(),
    oldestWaitMs: () => {
      const first = queuedAt.values().next();
      return first.done ? 0 : performance.now() - first.value;
    },
    async transaction<T>(body: (tx: ReturnType<typeof runner>) => Promise<T>): Promise<T> {
      const tx = nextTx++;
      await call({ op: "begin", tx });
      // A request's transaction holds the whole database: one held too long (a deadlock, a body waiting on
      // something that never comes) is rolled back so the site goes on. Scripts' transactions have no limit.
      let expired = false;
      const limit = requestLane.getStore()
        ? setTimeout(() => {
            expired = true;
            logger.error({ tx }, "a transaction held the database too long and was rolled back");
            call({ op: "end", tx, commit: false }).catch(() => {});
          }, transactionLimitMs)
        : undefined;
      limit?.unref();
      let result: T;
      try {
        result = await body(runner(tx));
      } catch (error) {
        clearTimeout(limit);
        if (!expired) await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      clearTimeout(limit);
      if (expired) throw new Error("a transação segurou o banco por tempo demais e foi desfeita");
      await call({ op: "end", tx, commit: true });
      return result;
    },
    async listen(channel: string, onMessage: (payload: string) => void) {
      const set = handlers.get(channel) ?? new Set();
      set.add(onMessage);
      handlers.set(channel, set);
      if (set.size === 1) await call({ op: "listen", channel });
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await call({ op: "unlisten", channel }).catch(() => {});
        }
      };
    },
    dump: () => call<ArrayBuffer>({ op: "dump" }),
    backup: () => call<ArrayBuffer>({ op: "backup" }),
    async close() {
      if (gone) return;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      await call({ op: "close" }).catch(() => {});
      // Held until the thread is gone, or a script's last `await close()` would end the process under it.
      worker.ref();
      await exited;
    },
  };
}

/** Lines in front of the embedded database, taking turns; work outside any request has a line of its own. */
const LINE_ORDER: readonly Lane[] = ["write", "member", "visitor"];
/** Messages PGlite's thread holds at once: enough to keep it busy while the event loop is (~20 ms of queries). */
const THREAD_IN_FLIGHT = 8;
/** A statement that waited this long in line fails (the server answers 503) instead of piling up. */
const LINE_WAIT_LIMIT_MS = 10_000;
/** A request's transaction open this long is rolled back (it holds the embedded database alone). */
const TRANSACTION_LIMIT_MS = 15_000;

/** The database is too busy to take a statement now: try again shortly (503 with Retry-After). */
export class DatabaseBusyError extends Error {
  readonly code = "SDD_DATABASE_BUSY";
  constructor() {
    super("o banco de dados está ocupado demais agora");
  }
}

/** The kind of statement a message to the thread runs (for the query-time metrics), or none. */
function operationOf(request: DistributiveOmit<ThreadRequest, "id">): string | undefined {
  if (request.op === "query" || request.op === "exec") return sqlOperation(request.sql);
  if (request.op === "begin") return "begin";
  if (request.op === "end") return request.commit ? "commit" : "rollback";
  return undefined;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function deserializeError({ message, props }: SerializedError): Error {
  return Object.assign(new Error(message), props);
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_SIZE ?? 10),
    // A request that waited this long for a connection fails rather than piling up behind a stalled database.
    connectionTimeoutMillis: 10_000,
    // No JIT compilation: on a million questions the search's plans cross its cost threshold, and compiling
    // costs more than it saves on queries that read a few hundred rows (bench: search p50 108 → 79 ms).
    options: "-c jit=off",
  });
  pool.on("error", (error) => logger.error({ err: error }, "postgres pool error"));
  // Every statement of the pool, in or out of a transaction, runs on one of its clients: timed there.
  pool.on("connect", (connection) => timePostgresQueries(connection));
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const listener = postgresListener(url, pg.Client);
  return {
    db,
    kind: "postgres",
    close: async () => {
      await listener.close();
      await pool.end();
    },
    listen: listener.listen,
    queueDepth: () => pool.waitingCount,
    queueWaitMs: () => 0,
  };
}

/**
 * Wraps a pool client's `query` with the query-time metrics. node-postgres calls it with a callback (the pool's
 * own `query`) or for a promise (Drizzle, transactions); a submittable (a cursor) is left alone.
 */
function timePostgresQueries(connection: import("pg").PoolClient) {
  const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  (connection as { query: unknown }).query = (...args: unknown[]) => {
    const [first] = args;
    if (first && typeof first === "object" && typeof (first as { submit?: unknown }).submit === "function") {
      return query(...args);
    }
    const text = typeof first === "string" ? first : String((first as { text?: unknown } | null)?.text ?? "");
    const timed = timeQuery("postgres", sqlOperation(text));
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, result: unknown) => {
        timed(!error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        timed(true);
        return result;
      },
      (error: unknown) => {
        timed(false);
        throw error;
      },
    );
  };
}

/**
 * One dedicated connection per process carries every LISTEN (pool connections are shared and short-lived).
 * It reconnects after an error and listens again on every channel that has handlers.
 */
function postgresListener(url: string, Client: typeof import("pg").Client) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: import("pg").Client | undefined;
  let connecting: Promise<import("pg").Client> | undefined;
  let closed = false;

  function connect(): Promise<import("pg").Client> {
    connecting ??= (async () => {
      const next = new Client({ connectionString: url });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", (error) => {
        logger.warn({ err: error }, "LISTEN connection lost; reconnecting");
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteIdent(channel)}`);
      client = next;
      return next;
    })();
    return connecting;
  }

  return {
    async listen(channel: string, onMessage: (payload: string) => void) {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onMessage);
      handlers.set(channel, set);
      const connection = client ?? (await connect());
      if (first) await connection.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

// ------------------------------------------------------------------------------------ process singleton

type Holder = { handle?: Promise<DatabaseHandle>; current?: DatabaseHandle };
const holder = ((globalThis as { __sddDatabase?: Holder }).__sddDatabase ??= {});

/** The process's database, opened (and migrated, and seeded when configured) on first use. */
export function database(): Promise<DatabaseHandle> {
  holder.handle ??= (async () => {
    // DATA_DIR (outbox, uploads, secrets, the embedded database) is private before anything is written there.
    await keepDataDirPrivate(env().DATA_DIR, (message) => logger.warn(message));
    const handle = await openDatabase();
    logger.info({ kind: handle.kind }, "database ready");
    holder.current = handle;
    return handle;
  })();
  return holder.handle;
}

export async function getDb(): Promise<Database> {
  return (await database()).db;
}

/** What is remembered about the rows of the process's database, forgotten when another database replaces it. */
const forgetters = new Set<() => void>();

/**
 * Registers `forget` for memos keyed by row ids (a suggestion's diff by its id, a list's total): a server has one
 * database for its life, but a test worker installs one per test file, whose ids start again at 1.
 */
export function forgetWhenDatabaseChanges(forget: () => void): void {
  forgetters.add(forget);
}

function databaseChanged() {
  for (const forget of forgetters) forget();
}

/** Tests hand in their own database (a fresh PGlite or a PostgreSQL schema). */
export function installDatabase(handle: DatabaseHandle) {
  holder.handle = Promise.resolve(handle);
  holder.current = handle;
  databaseChanged();
}

export async function closeDatabase() {
  const pending = holder.handle;
  holder.handle = undefined;
  holder.current = undefined;
  databaseChanged();
  if (pending) await (await pending).close();
}

export async function checkDatabase(): Promise<boolean> {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return true;
}

/** Queries waiting for the process's database now (0 before it opens). */
export function databaseQueueDepth(): number {
  return holder.current?.queueDepth() ?? 0;
}

/** How long the oldest statement waiting for the process's database has waited, in ms. */
export function databaseQueueWaitMs(): number {
  return holder.current?.queueWaitMs() ?? 0;
}

/**
 * A query that every request of a busy page runs, built once per database instead of once per request:
 * Drizzle's SQL building is about a tenth of the question page's CPU. The query takes its values as
 * `sql.placeholder(…)`; on PostgreSQL it is a named statement, parsed once per pool connection.
 *
 *     const byId = preparedQuery((db) => db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare("t_by_id"));
 *     const rows = await byId({ id });
 *
 * Statement names must be unique across the app. Cached per database, so tests that install their own see
 * their own statements. It runs on the process's database, outside any transaction.
 */
export function preparedQuery<
  Prepared extends { execute(values?: Record<string, unknown>): Promise<unknown> },
>(
  prepare: (db: Database) => Prepared,
): (values?: Record<string, unknown>) => Promise<Awaited<ReturnType<Prepared["execute"]>>> {
  const perDatabase = new WeakMap<Database, Prepared>();
  return async (values?: Record<string, unknown>): Promise<Awaited<ReturnType<Prepared["execute"]>>> => {
    const db = await getDb();
    let prepared = perDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db);
      perDatabase.set(db, prepared);
    }
    return (await prepared.execute(values)) as Awaited<ReturnType<Prepared["execute"]>>;
  };
}

/** `column = any($name)` in a prepared query: one statement serves an id list of any length. */
export function isAnyOf(column: SQLWrapper, placeholderName: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholderName)})`;
}
