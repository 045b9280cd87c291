// Every test process gets its own throwaway data folder and quiet logs.
import os from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";

process.env.NODE_ENV = "test";
process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "sdd-test-"));
process.env.LOG_LEVEL ??= "silent";
delete process.env.DATABASE_URL;

// Every test file opens its own PGlite on a thread of its own, and closes it: compiling and freeing PostgreSQL's
// WebAssembly hundreds of times in one process now and then trips a V8 bug that aborts the whole worker
// ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500). Compiled once here and kept,
// the module is shared by every thread through V8's process-wide module cache, so its code is never freed.
const keeper = globalThis as { __sddPgliteWasm?: Promise<WebAssembly.Module> };
keeper.__sddPgliteWasm ??= (async () => {
  const { readFile } = await import("node:fs/promises");
  const wasm = new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
  return WebAssembly.compile(await readFile(wasm));
})();
await keeper.__sddPgliteWasm;
