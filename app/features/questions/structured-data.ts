// schema.org QAPage for a question page (JSON-LD): search engines show the question with its answers.

type Person = { name: string; handle: string };

export type QaPageInput = {
  url: string;
  origin: string;
  question: {
    title: string;
    text: string;
    createdAt: Date;
    score: number;
    answerCount: number;
    author: Person;
  };
  answers: { id: number; text: string; createdAt: Date; score: number; accepted: boolean; author: Person }[];
};

export function qaPageJsonLd({ url, origin, question, answers }: QaPageInput) {
  const person = (p: Person) => ({ "@type": "Person", name: p.name, url: `${origin}/u/${p.handle}` });
  const answer = (a: QaPageInput["answers"][number]) => ({
    "@type": "Answer",
    text: a.text,
    dateCreated: a.createdAt.toISOString(),
    upvoteCount: a.score,
    url: `${url}#resposta-${a.id}`,
    author: person(a.author),
  });
  const accepted = answers.find((a) => a.accepted);
  return {
    "@context": "https://schema.org",
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: question.title,
      text: question.text,
      answerCount: question.answerCount,
      upvoteCount: question.score,
      dateCreated: question.createdAt.toISOString(),
      author: person(question.author),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      ...(answers.some((a) => !a.accepted)
        ? { suggestedAnswer: answers.filter((a) => !a.accepted).map(answer) }
        : {}),
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
