// While the details are written, the existing questions that carry the same error: only when the text looks
// like it holds an error message or a trace (the extractor runs here first, so prose sends nothing),
// debounced, and again only when the errors found change. They open in a new tab: nothing typed is lost.
// When editing, the question itself is left out.
import { useEffect, useMemo, useState } from "react";
import { href } from "react-router";
import {
  extractErrorSignatures,
  looksLikeAnError,
  MAX_ERROR_TEXT,
  plainTextOf,
} from "#app/features/errors/error-signatures.ts";
import { countLabel, plural } from "#app/lib/plural.ts";
import { CheckIcon } from "./icons.tsx";

type SameError = {
  id: number;
  title: string;
  url: string;
  answerCount: number;
  hasAcceptedAnswer: boolean;
  closed: "closed" | "duplicate" | null;
  line: string;
};

const DELAY_MS = 500;

export function SameErrorQuestions({ html, excludeId }: { html: string; excludeId?: number }) {
  const [results, setResults] = useState<SameError[]>([]);
  const text = useMemo(() => plainTextOf(html).slice(0, MAX_ERROR_TEXT), [html]);
  // What is looked up changes only when the errors found in the text change, not with every key.
  const key = useMemo(() => {
    const signatures = extractErrorSignatures(text);
    return looksLikeAnError(signatures) ? signatures.map((s) => s.signature).join("\n") : "";
  }, [text]);

  useEffect(() => {
    if (!key) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(href("/api/questions/same-error"), {
        method: "POST",
        signal: controller.signal,
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ text, ...(excludeId ? { exclude: String(excludeId) } : {}) }),
      })
        .then((response) => (response.ok ? (response.json() as Promise<{ questions: SameError[] }>) : null))
        .then((body) => {
          if (body) setResults(body.questions);
        })
        .catch(() => {
          // Offline or aborted: no matches, the form still works.
        });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The text goes with the request, but only a change of its errors asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, excludeId]);

  return (
    <div aria-live="polite">
      {results.length ? (
        <section
          aria-labelledby="mesmo-erro"
          className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-3"
        >
          <h2 id="mesmo-erro" className="text-sm font-semibold text-slate-900">
            Já perguntaram sobre este erro
          </h2>
          <ol className="mt-2 flex flex-col gap-2">
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
                  <span className="sr-only">
                    {" "}
                    {plural(q.answerCount, "resposta", "respostas")}
                    {q.hasAcceptedAnswer ? ", com resposta aceita" : ""}
                  </span>
                </span>
                <span className="flex min-w-0 flex-col">
                  <a href={q.url} target="_blank" rel="noopener" className="text-primary hover:underline">
                    {q.title}
                    {q.closed === "duplicate" ? " [duplicada]" : q.closed ? " [fechada]" : ""}
                    <span className="sr-only"> (abre em nova aba)</span>
                  </a>
                  <code className="mt-0.5 truncate text-xs text-slate-700" title={q.line}>
                    {q.line}
                  </code>
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
