// `npm run seed:large -- --questions N [--batch B]`: adds a large synthetic community (members, a long tail of
// tags, questions with answers, votes, comments and revisions, blog posts with likes and comments) to the
// configured database: PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set. Rows are generated inside
// the database in batches (see db/seed/large/generate.ts); progress and totals are printed as it goes.
// Run it while no app server writes to the same database.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { questions: { type: "string", default: "10000" }, batch: { type: "string" } },
  allowPositionals: false,
});
const questions = Number(values.questions);
const batch = values.batch ? Number(values.batch) : undefined;

let where = "";
try {
  const { env } = await import("../app/lib/env.server.ts");
  const { openDatabase } = await import("../app/lib/db.server.ts");
  const { seedLarge } = await import("../db/seed/large/generate.ts");
  where = env().DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite em ${env().DATA_DIR}`;
  console.log(`seed:large em ${where}`);
  const handle = await openDatabase();
  try {
    const result = await seedLarge(handle.db, questions, (line) => console.log(`  ${line}`), { batch });
    console.log(`Pronto em ${result.seconds.toFixed(1)} s.`);
    for (const [name, count] of Object.entries(result.totals)) console.log(`  ${name}: ${count}`);
    console.log(`  pergunta com 20 respostas: /questions/${result.busyQuestionId}`);
    console.log(`  um post: /blog/${result.postSlug}`);
    if (process.env.SEED_LARGE_JSON) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(process.env.SEED_LARGE_JSON, JSON.stringify(result, null, 2));
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`seed:large falhou${where ? ` em ${where}` : ""}:`);
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exitCode = 1;
}
