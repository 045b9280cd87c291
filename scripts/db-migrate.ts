// `npm run db:migrate`: applies the committed migrations to the configured database (they also run at start).
import { openDatabase } from "../app/lib/db.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";

try {
  parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const started = Date.now();
const handle = await openDatabase();
await handle.close();
console.log(
  `Migrações aplicadas (${handle.kind === "pglite" ? "PGlite" : "PostgreSQL"}) em ${Date.now() - started} ms.`,
);
