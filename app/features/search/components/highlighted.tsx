import { snippetParts } from "../search-query.ts";

/**
 * A snippet with its matched words in <mark>, built as text nodes (never parsed as HTML). `from="text"` for a
 * title or a name (plain text: nothing decoded), the default for a snippet of a body (HTML).
 */
export function Highlighted({ text, from = "html" }: { text: string; from?: "html" | "text" }) {
  return (
    <>
      {snippetParts(text, from).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-yellow-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
