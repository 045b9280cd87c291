// The access matrix of `npm run test:resilience`: every write the site accepts — each action and intent of
// app/routes, the API routes, and the GETs that write or hand out private data — tried by a visitor, another
// member, the author and a moderator, with what each must get back. Where a refusal can still answer 2xx or a
// redirect, the effect is read back (pages, the account export, the outbox) instead of trusting the status;
// where a write may only touch the actor's own account, it is sent carrying the author's id and handle (as a
// forged form would) and the author's account must not move.
//
// The rows are in one module per area (questions.ts, blog.ts, social.ts, settings.ts, accounts.ts), on what
// context.ts makes for each run; judge.ts reads each answer against the row's expectation.
import { check, type Server } from "../harness.ts";
import { accountWrites } from "./accounts.ts";
import { blogWrites } from "./blog.ts";
import { matrixContext } from "./context.ts";
import { ACTORS, outcome, type Tried } from "./judge.ts";
import { questionWrites } from "./questions.ts";
import { settingsWrites } from "./settings.ts";
import type { AuthorTargets, Cast } from "./setup.ts";
import { socialWrites } from "./social.ts";

export { writeAuthorTargets, type AuthorTargets, type Cast } from "./setup.ts";

const log = (line: string) => console.log(`  ${line}`);

export async function accessMatrix(server: Server, cast: Cast, targets: AuthorTargets): Promise<string[]> {
  const failures: string[] = [];
  const matrix = await matrixContext(server, cast, targets, failures);
  const writes = [
    ...questionWrites(matrix),
    ...blogWrites(matrix),
    ...socialWrites(matrix),
    ...settingsWrites(matrix),
    ...accountWrites(matrix),
  ];
  const width = Math.max(...writes.map((w) => w.name.length)) + 2;
  const table: string[] = [];
  for (const write of writes) {
    const cells: string[] = [];
    for (const actor of ACTORS) {
      let tried: Tried;
      try {
        tried = await write.run(actor);
      } catch (error) {
        failures.push(
          `acesso: "${write.name}" por ${actor}: ${error instanceof Error ? error.message : error}`,
        );
        cells.push("erro");
        continue;
      }
      const got = tried.got ?? outcome(tried.status, tried.location);
      const mark =
        got === "login" ? "→entrar" : got === "vazou" ? " vazou!" : tried.note ? ` ${tried.note}` : "";
      cells.push(`${tried.status}${mark}`);
      check(
        failures,
        got === write.expect[actor],
        `acesso: "${write.name}" por ${actor} deu ${tried.status} (${got}${tried.note ? `, ${tried.note}` : ""}), ` +
          `esperado ${write.expect[actor]}`,
      );
    }
    table.push(`${write.name.padEnd(width)}${cells.map((c) => c.padEnd(16)).join("")}`);
  }
  log(`${"escrita".padEnd(width)}${ACTORS.map((a) => a.padEnd(16)).join("")}`);
  for (const line of table) log(line);
  log(
    `${writes.length} escritas × ${ACTORS.length} atores; "sem efeito": respondeu bem mas nada mudou (conta ` +
      `como recusado); "vazou!": alcançou a conta de outra pessoa ou escreveu apesar da recusa`,
  );
  return failures;
}
