// The embedded database's own thread (ADR 029): PGlite runs PostgreSQL in WebAssembly, synchronously, so on the
// request thread every query stopped React and the sockets. Here it owns DATA_DIR and answers the messages of
// db.server.ts's `threadClient`. Started by path from the sources and from the build alike, so it is plain
// Node TypeScript (erasable syntax only) and imports nothing of the app.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol, type Transaction } from "@electric-sql/pglite";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export type ThreadStart = {
  dataDir?: string;
  migrationsFolder: string;
  snapshot?: ArrayBuffer;
  /** Open the folder as it is (a backup of a stopped site must not migrate what it copies). */
  noMigrations?: boolean;
};

export type ThreadRequest =
  | {
      id: number;
      op: "query";
      tx?: number;
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      /** Types returned as PostgreSQL's text (Drizzle parses dates itself); parsers are functions, not data. */
      rawTypes?: number[];
    }
  | { id: number; op: "exec"; tx?: number; sql: string }
  | { id: number; op: "begin"; tx: number }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen" | "unlisten"; channel: string }
  | { id: number; op: "dump" }
  | { id: number; op: "backup" }
  | { id: number; op: "close" };

export type SerializedError = { message: string; props: Record<string, string | number> };

export type ThreadMessage =
  | { type: "ready" }
  | { type: "failed"; error: SerializedError }
  | { type: "reply"; id: number; result?: unknown; error?: SerializedError }
  | { type: "notify"; channel: string; payload: string };

/** An error's message and its plain fields (`code`, `constraint`, `detail`…), which postMessage would drop. */
export function serializeError(error: unknown): SerializedError {
  const props: Record<string, string | number> = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") props[key] = value;
    }
  }
  return { message: error instanceof Error ? error.message : String(error), props };
}

const port = parentPort;
if (port) await serve(port, workerData as ThreadStart);

async function serve(port: NonNullable<typeof parentPort>, start: ThreadStart) {
  let client: PGlite;
  try {
    client = await PGlite.create(start.dataDir, {
      extensions: { unaccent, pg_trgm, btree_gin },
      ...(start.snapshot ? { loadDataDir: new Blob([start.snapshot]) } : {}),
    });
    if (!start.snapshot && !start.noMigrations) {
      await migrate(drizzle({ client }), { migrationsFolder: start.migrationsFolder });
    }
  } catch (error) {
    port.postMessage({ type: "failed", error: serializeError(error) } satisfies ThreadMessage);
    return;
  }

  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  const preparedStatements = namedStatements(client, (tx) => open.has(tx));
  const unlisten = new Map<string, () => Promise<void>>();
  // Thrown inside PGlite's transaction so that it rolls back; never reaches the caller.
  const ROLLBACK = Symbol("rollback");
  const reply = (id: number, result?: unknown) =>
    port.postMessage({ type: "reply", id, result } satisfies ThreadMessage);
  const fail = (id: number, error: unknown) =>
    port.postMessage({ type: "reply", id, error: serializeError(error) } satisfies ThreadMessage);

  function runner(tx?: number): PGlite | Transaction {
    if (tx === undefined) return client;
    const entry = open.get(tx);
    if (!entry) throw new Error("Transaction is closed");
    return entry.tx;
  }

  async function handle(message: ThreadRequest): Promise<unknown> {
    switch (message.op) {
      case "query": {
        const parsers = Object.fromEntries((message.rawTypes ?? []).map((oid) => [oid, (v: string) => v]));
        const prepared = await preparedStatements.run(message, parsers);
        if (prepared) return prepared;
        const result = await runner(message.tx).query(message.sql, message.params, {
          rowMode: message.rowMode,
          parsers,
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case "exec":
        return (await runner(message.tx).exec(message.sql)).map((result) => ({
          rows: result.rows,
          fields: result.fields,
          affectedRows: result.affectedRows,
        }));
      case "dump":
        return await (await client.dumpDataDir("none")).arrayBuffer();
      case "backup": {
        // A consistent copy while the site runs (ADR 039): the pages written out first (a checkpoint, so a
        // restore replays little), then the files copied while no transaction is open and no query runs —
        // PGlite's transaction lock is held for the copy, so every commit is in it whole or not at all.
        await client.exec("CHECKPOINT");
        return await client._runExclusiveTransaction(async () =>
          (await client.dumpDataDir("none")).arrayBuffer(),
        );
      }
      case "listen":
        if (!unlisten.has(message.channel)) {
          const stop = await client.listen(message.channel, (payload) =>
            port.postMessage({ type: "notify", channel: message.channel, payload } satisfies ThreadMessage),
          );
          unlisten.set(message.channel, stop);
        }
        return undefined;
      case "unlisten":
        await unlisten.get(message.channel)?.();
        unlisten.delete(message.channel);
        return undefined;
      case "close":
        await client.close();
        return undefined;
      default:
        throw new Error(`unknown operation ${(message as { op: string }).op}`);
    }
  }

  function begin(message: { id: number; tx: number }) {
    let begun = false;
    client
      .transaction(async (tx) => {
        const ended = new Promise<boolean>((resolve) => open.set(message.tx, { tx, end: resolve }));
        begun = true;
        reply(message.id);
        const commit = await ended;
        open.delete(message.tx);
        if (!commit) throw ROLLBACK;
      })
      .then(
        () => ends.get(message.tx)?.(undefined),
        (error: unknown) => {
          if (!begun) return fail(message.id, error);
          ends.get(message.tx)?.(error === ROLLBACK ? undefined : error);
        },
      );
  }
  /** The `end` message's reply, sent once PGlite has committed or rolled back. */
  const ends = new Map<number, (error: unknown) => void>();

  port.on("message", (message: ThreadRequest) => {
    if (message.op === "begin") return begin(message);
    if (message.op === "end") {
      const entry = open.get(message.tx);
      if (!entry) return fail(message.id, new Error("Transaction is closed"));
      ends.set(message.tx, (error) => {
        ends.delete(message.tx);
        if (error === undefined) reply(message.id);
        else fail(message.id, error);
      });
      entry.end(message.commit);
      return;
    }
    handle(message).then(
      (result) => {
        reply(message.id, result);
        // Nothing else keeps the thread alive: it ends once the database is closed.
        if (message.op === "close") port.close();
      },
      (error: unknown) => fail(message.id, error),
    );
  });
  port.postMessage({ type: "ready" } satisfies ThreadMessage);
}

type QueryMessage = Extract<ThreadRequest, { op: "query" }>;
type QueryResult = { rows: unknown[]; fields: unknown[]; affectedRows?: number };

/** Distinct statements kept prepared; past this, new ones run unnamed (queries built with varying lists). */
const MAX_PREPARED = 2000;
/** A single statement that reads: what may be kept prepared although it has no parameters. */
const READ_ONLY = /^\s*(select|with)\b[^;]*$/i;
/** Errors that mean the kept statement no longer fits the tables it read: prepared again next time. */
const STALE_STATEMENT = new Set(["0A000", "26000", "42P05"]);

/**
 * Statements prepared once and run by name. PGlite's `query` parses and plans every statement, and enters the
 * WebAssembly six times to do it (parse, describe, bind, describe, execute, sync); a named statement is one
 * entry (bind, describe, execute, sync) with its plan kept: 2.5 → 0.5 ms for a member's index lookup, most of a
 * member page's time in the database (ADR 051). The first run of a statement prepares it and learns its
 * parameters' types, which its values are written with, as `query` would. Anything unusual (a statement that
 * fails to prepare, a statement with no parameters that writes) takes `query`'s way.
 */
function namedStatements(client: PGlite, isOpen: (tx: number) => boolean) {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let next = 0;
  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  const serialize = protocol.serialize;

  async function prepare(sql: string) {
    const name = `sdd_${++next}`;
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name, text: sql, types: [] }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, statement);
    return statement;
  }

  // PGlite merges the client's parsers (one per type, ~100) with a statement's own on every result it parses,
  // which cost ~0.2 ms a statement; merged once per set of raw types instead.
  const mergedParsers = new Map<string, Record<number, (value: string) => unknown>>();
  function withClientParsers(
    parsers: Record<number, (value: string) => unknown>,
    rawTypes: readonly number[] = [],
  ) {
    const key = rawTypes.join(",");
    let merged = mergedParsers.get(key);
    if (!merged) {
      merged = { ...client.parsers, ...parsers };
      mergedParsers.set(key, merged);
    }
    return merged;
  }

  async function execute(message: QueryMessage, parsers: Record<number, (value: string) => unknown>) {
    const statement = statements.get(message.sql) ?? (await prepare(message.sql));
    const values = (message.params ?? []).map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // Outside a transaction PGlite writes its files out after each statement, as `query` does.
      { syncToFs: message.tx === undefined },
    );
    const [result] = parse.parseResults(messages, withClientParsers(parsers, message.rawTypes), {
      rowMode: message.rowMode,
    });
    return { rows: result?.rows ?? [], fields: result?.fields ?? [], affectedRows: result?.affectedRows };
  }

  return {
    /** The statement's result, or undefined when it should take `query`'s way. */
    async run(
      message: QueryMessage,
      parsers: Record<number, (value: string) => unknown>,
    ): Promise<QueryResult | undefined> {
      // A statement with no parameters is kept too when it only reads (the same list of tags on every page);
      // anything else without parameters (settings, several commands in one string) takes `query`'s way.
      if (!message.params?.length && !READ_ONLY.test(message.sql)) return undefined;
      if (!statements.has(message.sql) && statements.size >= MAX_PREPARED) return undefined;
      if (message.tx !== undefined && !isOpen(message.tx)) throw new Error("Transaction is closed");
      // The same locks `query` takes: outside a transaction, none may be open; inside, only its own statements.
      const exclusive = () => client._runExclusiveQuery(() => execute(message, parsers));
      try {
        return message.tx === undefined
          ? await client._runExclusiveTransaction(exclusive)
          : await exclusive();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!code || !STALE_STATEMENT.has(code)) throw error;
        // A table changed under a kept statement (a migration, a test's ALTER): prepared again, and run again
        // at once where no transaction was aborted by the failure.
        statements.delete(message.sql);
        if (message.tx !== undefined) throw error;
        return client._runExclusiveTransaction(exclusive);
      }
    },
  };
}
