// Which line a request stands in (server/concurrency-limit.ts), known to everything it runs: the embedded
// database answers writes' queries before members' pages and those before visitors' (db.server.ts). One instance
// per process on globalThis, so the HTTP server (run from its sources) and the app's bundle share it.
import { AsyncLocalStorage } from "node:async_hooks";

/** A write (any method but GET and HEAD), a member's page, or a visitor's page the cache could not answer. */
export type Lane = "write" | "member" | "visitor";

const KEY = Symbol.for("suporte-de-domingo.request-lane");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<Lane> };

export const requestLane: AsyncLocalStorage<Lane> = (holder[KEY] ??= new AsyncLocalStorage<Lane>());
