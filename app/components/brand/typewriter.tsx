// Text typed letter by letter. Screen readers get the whole text at once; without JavaScript the text simply
// shows (the <noscript> rule), and the server render reserves its space so nothing jumps.
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
  // null = not hydrated yet (server render): keep the full text, hidden by CSS until typing starts.
  return {
    typed: count === null ? text : text.slice(0, count),
    done: count !== null && count >= text.length,
    started: count !== null,
  };
}

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
  return (
    <span className={className}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className={started ? "" : "typewriter-pending"} data-typed={typed.length}>
        {typed}
        {cursor ? <span className="typewriter-cursor">|</span> : null}
      </span>
    </span>
  );
}

export function TypewriterNoscript() {
  return (
    <noscript>
      <style>{".typewriter-pending{visibility:visible!important}"}</style>
    </noscript>
  );
}
