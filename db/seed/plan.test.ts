import { describe, expect, it } from "vitest";
import { countWords, planDemo, readingMinutes } from "./plan.ts";

describe("readingMinutes", () => {
  it("counts the visible words at 200 a minute, rounded, at least one", () => {
    expect(countWords("<p>Olá, <strong>mundo</strong> bonito</p><p>de domingo</p>")).toBe(5);
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(`<p>${"palavra ".repeat(299)}</p>`)).toBe(1);
    expect(readingMinutes(`<p>${"palavra ".repeat(300)}</p>`)).toBe(2);
  });
});

describe("planDemo", () => {
  const now = new Date("2026-03-15T12:00:00Z");
  const plan = planDemo(now);

  it("puts every date in the past, and content after its author joined", () => {
    const joined = new Map(plan.members.map((m) => [m.handle, m.createdAt]));
    const dates = [
      ...plan.members.flatMap((m) => [m.createdAt, m.lastActiveAt]),
      ...plan.questions.flatMap((q) => [q.createdAt, q.lastActivityAt]),
      ...plan.answers.map((a) => a.createdAt),
      ...plan.votes.map((v) => v.createdAt),
      ...plan.posts.flatMap((p) => [
        p.createdAt,
        ...p.likes.map((l) => l.createdAt),
        ...p.comments.flatMap((c) => [c.createdAt, ...c.replies.map((r) => r.createdAt)]),
      ]),
      ...plan.follows.map((f) => f.createdAt),
    ];
    for (const date of dates) expect(date.getTime()).toBeLessThanOrEqual(now.getTime());
    for (const q of plan.questions) expect(q.createdAt > joined.get(q.author)!).toBe(true);
    for (const p of plan.posts) expect(p.createdAt > joined.get(p.author)!).toBe(true);
    const twoYears = now.getTime() - 730 * 24 * 3600_000;
    for (const m of plan.members) expect(m.createdAt.getTime()).toBeGreaterThan(twoYears);
  });

  it("is deterministic for a given moment", () => {
    expect(planDemo(now)).toEqual(plan);
  });

  it("stores rich text as the editor's writes are stored (code highlighted)", () => {
    expect(plan.answers[0]?.body).toContain('<code class="language-js hljs">');
  });

  it("varies reading times", () => {
    expect(new Set(plan.posts.map((p) => p.readingMinutes)).size).toBeGreaterThan(1);
  });
});
