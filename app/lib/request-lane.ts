// Which line a request stands in (server/concurrency-limit.ts), known to everything it runs: the embedded
// database answers writes' queries before members' pages and those before visitors' (db.server.ts).
import { AsyncLocalStorage } from "node:async_hooks";

/** A write (any method but GET and HEAD), a member's page, or a visitor's page the cache could not answer. */
export type Lane = "write" | "member" | "visitor";

export const requestLane = new AsyncLocalStorage<Lane>();
