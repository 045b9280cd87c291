// Every test process gets its own throwaway data folder and quiet logs.
import os from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";

process.env.NODE_ENV = "test";
process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "sdd-test-"));
process.env.LOG_LEVEL ??= "silent";
delete process.env.DATABASE_URL;
