// Text typed letter by letter. The whole text is in the document once (screen readers and searches get it at
// once); without JavaScript it simply shows (the <noscript> rule), and the server render reserves its space so
// nothing jumps.
import { useEffect, useState } from "react";

export function useTypedText(text: string, msPerChar: number, { start = true } = {}) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!start) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setCount(text.length);
      return;
    }
    setCount(0);
    const timer = setInterval(() => {
      setCount((c) => {
        const next = (c ?? 0) + 1;
        if (next >= text.length) clearInterval(timer);
        return Math.min(next, text.length);
      });
    }, msPerChar);
    return () => clearInterval(timer);
  }, [text, msPerChar, start]);
  // null = not hydrated yet (server render): the full text, transparent until typing starts.
  return {
    typed: count === null ? text : text.slice(0, count),
    done: count !== null && count >= text.length,
    started: count !== null,
  };
}

/**
 * The text once, in one run of the document: the typed part shows, the rest is there but transparent (it
 * keeps its place, so nothing jumps, and screen readers and find-in-page get the whole text at once). The
 * cursor is drawn by CSS, so it is no part of the text.
 */
export function TypedText({
  text,
  typed,
  started,
  cursor = false,
  className = "",
}: {
  text: string;
  typed: string;
  started: boolean;
  cursor?: boolean;
  className?: string;
}) {
  const shown = started ? typed : "";
  const rest = text.slice(shown.length);
  return (
    <span className={className}>
      <span data-typed={shown.length}>{shown}</span>
      {cursor && started ? <span aria-hidden="true" className="typewriter-cursor" /> : null}
      {rest ? <span className="typewriter-rest">{rest}</span> : null}
    </span>
  );
}

export function TypewriterNoscript() {
  return (
    <noscript>
      <style>{".typewriter-rest{color:inherit!important}"}</style>
    </noscript>
  );
}
