// While the title is typed, up to five existing questions that look alike (GET /api/questions/similar?q=),
// so the member may find an answer before asking. They open in a new tab: nothing typed here is lost. When
// editing, the question itself is left out (`excludeId`): its own title is the closest match.
import { useEffect, useState } from "react";
import { countLabel, plural } from "#app/lib/plural.ts";
import { CheckIcon } from "./icons.tsx";
import { href } from "react-router";

type Similar = { id: number; title: string; answerCount: number; hasAcceptedAnswer: boolean };

const DELAY_MS = 350;
const MIN_LENGTH = 8;

export function SimilarQuestions({ title, excludeId }: { title: string; excludeId?: number }) {
  const [results, setResults] = useState<Similar[]>([]);
  const query = title.trim();

  useEffect(() => {
    if (query.length < MIN_LENGTH) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const exclude = excludeId ? `&exclude=${excludeId}` : "";
      fetch(`${href("/api/questions/similar")}?q=${encodeURIComponent(query)}${exclude}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) => (response.ok ? (response.json() as Promise<{ questions: Similar[] }>) : null))
        .then((body) => {
          if (body) setResults(body.questions.filter((q) => q.id !== excludeId));
        })
        .catch(() => {
          // Offline or aborted: no suggestions, the form still works.
        });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, excludeId]);

  return (
    <div aria-live="polite">
      {results.length ? (
        <section aria-labelledby="perguntas-parecidas" className="mt-2 rounded-md bg-slate-50 p-3">
          <h2 id="perguntas-parecidas" className="text-sm font-semibold text-slate-900">
            Perguntas parecidas que talvez já tenham a resposta
          </h2>
          <ul className="mt-2 flex flex-col gap-1.5">
            {results.map((q) => (
              <li key={q.id} className="flex items-start gap-2 text-sm">
                <span
                  className={`mt-0.5 inline-flex shrink-0 items-center gap-0.5 rounded px-1.5 text-xs font-semibold ${
                    q.hasAcceptedAnswer ? "bg-green-dark text-white" : "bg-slate-200 text-slate-800"
                  }`}
                  title={countLabel(q.answerCount, "resposta", "respostas")}
                >
                  {q.hasAcceptedAnswer ? <CheckIcon className="size-3" /> : null}
                  {q.answerCount}
                  <span className="sr-only"> {plural(q.answerCount, "resposta", "respostas")}</span>
                </span>
                <a
                  href={href("/questions/:id", { id: String(q.id) })}
                  target="_blank"
                  rel="noopener"
                  className="text-primary hover:underline"
                >
                  {q.title}
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
