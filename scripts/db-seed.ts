// `npm run db:seed`: writes the demo content into the configured database (PGlite in DATA_DIR, or
// DATABASE_URL) when it has no members yet. Never touches a database that already has members.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";

let where = "";

try {
  // Imported here, so an invalid configuration (read while the modules load) ends in a clear message.
  const { env } = await import("../app/lib/env.server.ts");
  const { openDatabase } = await import("../app/lib/db.server.ts");
  const { seedDemoIfEmpty } = await import("../db/seed/demo.ts");
  where = env().DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite em ${env().DATA_DIR}`;
  const handle = await openDatabase();
  try {
    const started = performance.now();
    const seeded = await seedDemoIfEmpty(handle.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(2).replace(".", ",");
    if (seeded) {
      const result = await handle.db.execute<Record<"membros" | "tags" | "perguntas" | "posts", number>>(
        sql`select (select count(*) from users)::int as membros, (select count(*) from tags)::int as tags,
          (select count(*) from questions)::int as perguntas, (select count(*) from posts)::int as posts`,
      );
      const n = result.rows[0];
      console.log(
        `Conteúdo de demonstração criado em ${where} em ${seconds} s: ` +
          `${n?.membros} membros, ${n?.tags} tags, ${n?.perguntas} perguntas e ${n?.posts} posts.`,
      );
    } else {
      console.log(
        `Nada a fazer: o banco em ${where} já tem membros, então o conteúdo de demonstração não foi criado.`,
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Não foi possível criar o conteúdo de demonstração${where ? ` em ${where}` : ""}:`);
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
