// Existing questions the ask and edit forms suggest while the member writes, so they may find an answer before
// asking: those whose title looks alike (GET /api/questions/similar?q=) and those that carry the same error as the
// details (POST /api/questions/same-error, only when the text looks like it holds an error message or a trace:
// the extractor runs here first, so prose sends nothing). Both are debounced and asked again only when what they
// look for changes; both open in a new tab, so nothing typed is lost. When editing, the question itself is left
// out (`excludeId`).
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { href } from "react-router";
import {
  extractErrorSignatures,
  looksLikeAnError,
  MAX_ERROR_TEXT,
  plainTextOf,
} from "#app/features/errors/error-signatures.ts";
import { countLabel, plural } from "#app/lib/plural.ts";
import { CheckIcon } from "./icons.tsx";

type Suggested = { id: number; title: string; answerCount: number; hasAcceptedAnswer: boolean };

/**
 * The questions `ask` returns for `key`, asked `delayMs` after `key` last changed (an empty key asks nothing and
 * clears them). Offline or aborted: none, and the form still works.
 */
function useSuggestions<T extends Suggested>(
  key: string,
  delayMs: number,
  ask: (signal: AbortSignal) => Promise<Response>,
): T[] {
  const [results, setResults] = useState<T[]>([]);
  useEffect(() => {
    if (!key) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ask(controller.signal)
        .then((response) => (response.ok ? (response.json() as Promise<{ questions: T[] }>) : null))
        .then((body) => {
          if (body) setResults(body.questions);
        })
        .catch(() => {});
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `ask` is a new function each render; only a change of `key` asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  return results;
}

/**
 * A suggested question: its answers (and whether one is accepted), its title opening in a new tab (`children`
 * follow the title inside the link, `detail` goes under it).
 */
function SuggestionItem({
  question,
  url,
  children,
  detail,
}: {
  question: Suggested;
  url: string;
  children?: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <li className="flex items-start gap-2 text-sm">
      <span
        className={`mt-0.5 inline-flex shrink-0 items-center gap-0.5 rounded px-1.5 text-xs font-semibold ${
          question.hasAcceptedAnswer ? "bg-green-dark text-white" : "bg-slate-200 text-slate-800"
        }`}
        title={countLabel(question.answerCount, "resposta", "respostas")}
      >
        {question.hasAcceptedAnswer ? <CheckIcon className="size-3" /> : null}
        {question.answerCount}
        <span className="sr-only">
          {" "}
          {plural(question.answerCount, "resposta", "respostas")}
          {question.hasAcceptedAnswer ? ", com resposta aceita" : ""}
        </span>
      </span>
      <span className="flex min-w-0 flex-col">
        <a href={url} target="_blank" rel="noopener" className="text-primary hover:underline">
          {question.title}
          {children}
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
        {detail}
      </span>
    </li>
  );
}

const TITLE_DELAY_MS = 350;
const TITLE_MIN_LENGTH = 8;

/** While the title is typed, up to five existing questions that look alike. */
export function SimilarQuestions({ title, excludeId }: { title: string; excludeId?: number }) {
  const query = title.trim();
  const results = useSuggestions<Suggested>(
    query.length >= TITLE_MIN_LENGTH ? `${query}\n${excludeId ?? ""}` : "",
    TITLE_DELAY_MS,
    (signal) =>
      fetch(
        `${href("/api/questions/similar")}?q=${encodeURIComponent(query)}${excludeId ? `&exclude=${excludeId}` : ""}`,
        { signal, headers: { Accept: "application/json" } },
      ),
  ).filter((q) => q.id !== excludeId);
  return (
    <div aria-live="polite">
      {results.length ? (
        <section aria-labelledby="perguntas-parecidas" className="mt-2 rounded-md bg-slate-50 p-3">
          <h2 id="perguntas-parecidas" className="text-sm font-semibold text-slate-900">
            Perguntas parecidas que talvez já tenham a resposta
          </h2>
          <ul className="mt-2 flex flex-col gap-1.5">
            {results.map((q) => (
              <SuggestionItem key={q.id} question={q} url={href("/questions/:id", { id: String(q.id) })} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

type SameError = Suggested & { url: string; closed: "closed" | "duplicate" | null; line: string };

const ERROR_DELAY_MS = 500;

/** While the details are written, the existing questions that carry the same error. */
export function SameErrorQuestions({ html, excludeId }: { html: string; excludeId?: number }) {
  const text = useMemo(() => plainTextOf(html).slice(0, MAX_ERROR_TEXT), [html]);
  // What is looked up changes only when the errors found in the text change, not with every key.
  const signatures = useMemo(() => {
    const found = extractErrorSignatures(text);
    return looksLikeAnError(found) ? found.map((s) => s.signature).join("\n") : "";
  }, [text]);
  const results = useSuggestions<SameError>(
    signatures && `${signatures}\n${excludeId ?? ""}`,
    ERROR_DELAY_MS,
    (signal) =>
      fetch(href("/api/questions/same-error"), {
        method: "POST",
        signal,
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ text, ...(excludeId ? { exclude: String(excludeId) } : {}) }),
      }),
  );
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
              <SuggestionItem
                key={q.id}
                question={q}
                url={q.url}
                detail={
                  <code className="mt-0.5 truncate text-xs text-slate-700" title={q.line}>
                    {q.line}
                  </code>
                }
              >
                {q.closed === "duplicate" ? " [duplicada]" : q.closed ? " [fechada]" : ""}
              </SuggestionItem>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
