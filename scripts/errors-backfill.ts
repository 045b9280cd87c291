// `npm run errors:backfill [-- --after ID]` — indexes the errors of questions and answers written before the
// index of errors existed (migration 0014, ADR 041): in batches of 500 by id, each item's rows rewritten, so it
// can run again or resume (`--after` the last question id it printed). On PostgreSQL the site can stay up; on
// PGlite, stop the server first (one process owns the folder, ADR 039).
import { parseArgs } from "node:util";
import { backfillErrorSignatures } from "#app/features/errors/error-index.server.ts";
import { closeDatabase } from "#app/lib/db.server.ts";

const { values } = parseArgs({ options: { after: { type: "string", default: "0" } } });
const started = performance.now();
const done = await backfillErrorSignatures({ after: Number(values.after), log: (line) => console.log(line) });
console.log(
  `${done.questions} perguntas e ${done.answers} respostas indexadas em ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await closeDatabase();
