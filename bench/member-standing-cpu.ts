// The CPU a member's question page costs before its kept bytes go out, per thread (docs/performance.md): the
// session and the question's version with the member's marks read as two statements (resolveSession, then
// questionPageFor) and as the one statement the kept member pages read (app/member-pages.server.ts). Both ways
// stay in the app, so one process measures them side by side, on a fresh PGlite with the demonstration:
//
//   taskset -c 0 node bench/member-standing-cpu.ts [--reads 3000]
//
// Linux only (it reads each thread's CPU time from /proc/self/task). Prints, per way: wall time per read and the
// CPU of the database's thread, the request thread and V8's helpers (the garbage collector), in ms per read.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { reads: { type: "string", default: "3000" } } });
const reads = Number(values.reads);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-member-standing-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";

const { eq, sql } = await import("drizzle-orm");
const { sessions, users } = await import("#db/schema.ts");
const { seedDemoIfEmpty } = await import("#db/seed/demo.ts");
const { closeDatabase, getDb, preparedQuery } = await import("#app/lib/db.server.ts");
const accounts = await import("#app/features/accounts/sessions.server.ts");
const questions = await import("#app/features/questions/question-page-cache.server.ts");

try {
  const db = await getDb();
  await seedDemoIfEmpty(db);
  const [member] = await db
    .insert(users)
    .values({ name: "Leitora do Bench", handle: "leitora-do-bench", email: "leitora@bench.example" })
    .returning();
  const token = await accounts.createSession(db, member!.id, null);
  const request = new Request("http://localhost/questions/1", {
    headers: { cookie: `sdd_session=${token}` },
  });
  // The statement app/member-pages.server.ts reads, from the same parts.
  const oneStatement = preparedQuery((db) =>
    db
      .select({
        ...accounts.sessionColumns,
        questionFound: sql<boolean>`q.id is not null`,
        ...questions.questionVersionColumns(sql`${sessions.userId}`),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(sql`questions q`, sql`q.id = ${sql.placeholder("id")}`)
      .where(accounts.liveSessionCondition)
      .limit(1)
      .prepare("bench_member_question_page_standing"),
  );
  const order = "votes" as const;
  const ways: Array<[string, () => Promise<unknown>]> = [
    [
      "duas consultas",
      async () => {
        const { viewer } = await accounts.resolveSession(request);
        await questions.questionPageFor(viewer!.id, 1, order, false);
      },
    ],
    [
      "uma consulta",
      async () => {
        const lookup = accounts.sessionLookupOf(request)!;
        const read = (await questions.questionPageRead(1, order, false))!;
        const [row] = await oneStatement({
          ...read.values,
          idHash: lookup.idHash,
          now: lookup.now,
          bornAfter: lookup.bornAfter,
        });
        const { viewer } = await accounts.sessionOfRow(request, lookup, row);
        await read.finish(viewer!.id, row);
      },
    ],
  ];
  console.log(
    ["jeito", "rodada", "ms por leitura", "fio do banco", "fio dos pedidos", "coletor (V8)"].join("\t"),
  );
  for (let round = 1; round <= 3; round++) {
    for (const [name, read] of ways) {
      for (let warm = 0; warm < 300; warm++) await read();
      const before = threadTicks();
      const started = performance.now();
      for (let done = 0; done < reads; done++) await read();
      const wall = (performance.now() - started) / reads;
      const after = threadTicks();
      // Clock ticks are hundredths of a second: ×10 ms.
      const perRead = (thread: string) => (((after[thread] ?? 0) - (before[thread] ?? 0)) * 10) / reads;
      console.log(
        [name, round, wall, perRead("WorkerThread"), perRead("MainThread"), perRead("V8Worker")]
          .map((value) => (typeof value === "number" && !Number.isInteger(value) ? value.toFixed(3) : value))
          .join("\t"),
      );
    }
  }
} finally {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Each kind of thread's user and system CPU so far, in clock ticks, by its name (`comm`). */
function threadTicks(): Record<string, number> {
  const ticks: Record<string, number> = {};
  for (const task of readdirSync("/proc/self/task")) {
    const name = readFileSync(`/proc/self/task/${task}/comm`, "utf8").trim();
    const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
    // Fields after the name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks[name] = (ticks[name] ?? 0) + Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}
