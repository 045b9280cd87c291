// Spec §Search box: 'Searching...' for 500 ms, then the results (until real search lands:
// 'Nada foi encontrado para "{q}"'), plus the two other sections as suggestions.
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SearchIcon } from "#app/components/icons.tsx";

export const SEARCH_DELAY_MS = 500;

export type Section = "home" | "blog" | "questions";

const SECTIONS: Record<Section, { label: string; href: string }> = {
  home: { label: "Home", href: "/" },
  blog: { label: "Blog", href: "/blog" },
  questions: { label: "Questões", href: "/questions" },
};

export function sectionOf(pathname: string): Section {
  if (pathname.startsWith("/blog") || pathname.startsWith("/write-a-post")) return "blog";
  if (pathname.startsWith("/questions") || pathname.startsWith("/ask-a-question")) return "questions";
  return "home";
}

export function SearchBox({ section, className = "" }: { section: Section; className?: string }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<"idle" | "searching" | "results">("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const boxRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const inputId = useId();

  const suggestions = (Object.keys(SECTIONS) as Section[])
    .filter((s) => s !== section)
    .map((s) => SECTIONS[s]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function onChange(value: string) {
    setQuery(value);
    setActive(-1);
    clearTimeout(timer.current);
    if (!value.trim()) {
      setState("idle");
      setOpen(false);
      return;
    }
    setOpen(true);
    setState("searching");
    timer.current = setTimeout(() => setState("results"), SEARCH_DELAY_MS);
  }

  function go(href: string) {
    setOpen(false);
    setQuery("");
    setState("idle");
    navigate(href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      setOpen(false);
      return;
    }
    if (!open || state !== "results") return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      const target = suggestions[active];
      if (target) go(target.href);
    }
  }

  return (
    <div ref={boxRef} className={`relative ${className}`}>
      <form role="search" action="/search" method="get" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          Pesquisar
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id={inputId}
            name="q"
            type="search"
            autoComplete="off"
            placeholder="Pesquisar"
            value={query}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => query.trim() && setOpen(true)}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            className="focus:border-primary focus:ring-primary/30 w-full rounded-full border border-slate-300 bg-white py-2 pr-4 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:outline-none"
          />
        </div>
      </form>
      {open ? (
        <div
          className="absolute top-full right-0 left-0 z-[1000] mt-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
          aria-live="polite"
        >
          {state === "searching" ? (
            <p className="text-slate-600">Searching...</p>
          ) : (
            <>
              <p className="text-slate-700">Nada foi encontrado para &quot;{query}&quot;</p>
              <ul
                id={listId}
                role="listbox"
                aria-label="Seções"
                className="mt-2 border-t border-slate-100 pt-2"
              >
                {suggestions.map((s, i) => (
                  <li
                    key={s.href}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    tabIndex={-1}
                    onClick={() => go(s.href)}
                    onKeyDown={(e) => e.key === "Enter" && go(s.href)}
                    className={`text-primary hover:bg-primary-light cursor-pointer rounded px-2 py-1.5 ${i === active ? "bg-primary-light" : ""}`}
                  >
                    {s.label}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <ul id={listId} role="listbox" aria-label="Seções" hidden />
      )}
    </div>
  );
}
