import { expect, test } from "vitest";
import { jsonLdString, qaPageJsonLd } from "./structured-data.ts";

test("a QAPage with the accepted and the suggested answers", () => {
  const author = { name: "Ana", handle: "ana" };
  const data = qaPageJsonLd({
    url: "https://x.dev/questions/1",
    origin: "https://x.dev",
    question: {
      title: "Por quê?",
      text: "Texto",
      createdAt: new Date("2026-01-01T00:00:00Z"),
      score: 3,
      answerCount: 2,
      author,
    },
    answers: [
      {
        id: 5,
        text: "Aceita",
        createdAt: new Date("2026-01-02T00:00:00Z"),
        score: 2,
        accepted: true,
        author,
      },
      {
        id: 6,
        text: "Outra",
        createdAt: new Date("2026-01-03T00:00:00Z"),
        score: 0,
        accepted: false,
        author,
      },
    ],
  });
  expect(data.mainEntity).toMatchObject({
    "@type": "Question",
    answerCount: 2,
    acceptedAnswer: { text: "Aceita", url: "https://x.dev/questions/1#resposta-5" },
    suggestedAnswer: [{ text: "Outra" }],
  });
});

test("the JSON cannot close its script element", () => {
  expect(jsonLdString({ t: "</script><script>alert(1)</script>" })).not.toContain("<");
});
