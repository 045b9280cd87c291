import { snippetParts } from "../search-query.ts";

/** A snippet with its matched words in <mark>, built as text nodes (never parsed as HTML). */
export function Highlighted({ text }: { text: string }) {
  return (
    <>
      {snippetParts(text).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-yellow-100 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
