import { search } from "#app/features/search/search.server.ts";
const terms = ["react formulário", "banco de dados", "docker", "migrar tabela", "token sessão"];
for (let round = 0; round < 3; round++) {
  const row: string[] = [];
  for (const q of terms) {
    const t = performance.now();
    const r = await search(q, "questions", 1);
    row.push(`${q}: ${(performance.now() - t).toFixed(1)}ms (${r.totals.questions}/${r.totals.posts}/${r.totals.members}/${r.totals.tags})`);
  }
  console.log(row.join(" | "));
}
process.exit(0);
