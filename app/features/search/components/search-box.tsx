// Spec §Search box: 'Searching...' for 500 ms, then up to five results grouped (Perguntas, Posts, Membros,
// Tags) or 'Nada foi encontrado para "{q}"', plus the two other sections as suggestions. Arrows, Enter and
// Escape work; Enter with nothing chosen opens /search?q= (also the plain form's target without JavaScript).
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate, href } from "react-router";
import { SearchIcon } from "#app/components/icons.tsx";
import type { SearchHit } from "../search-query.ts";
import { Highlighted } from "./highlighted.tsx";

const SEARCH_DELAY_MS = 500;

export type Section = "home" | "blog" | "questions";

const SECTIONS: Record<Section, { label: string; href: string }> = {
  home: { label: "Home", href: href("/") },
  blog: { label: "Blog", href: href("/blog") },
  questions: { label: "Questões", href: href("/questions") },
};

const GROUP_LABELS: Record<SearchHit["kind"], string> = {
  questions: "Perguntas",
  posts: "Posts",
  members: "Membros",
  tags: "Tags",
};

export function sectionOf(pathname: string): Section {
  if (pathname.startsWith("/blog") || pathname.startsWith("/write-a-post")) return "blog";
  if (pathname.startsWith("/questions") || pathname.startsWith("/ask-a-question")) return "questions";
  return "home";
}

function hitLabel(hit: SearchHit): string {
  switch (hit.kind) {
    case "questions":
      // As the lists mark a closed question.
      return hit.closed
        ? `${hit.title} [${hit.closed === "duplicate" ? "duplicada" : "fechada"}]`
        : hit.title;
    case "posts":
      return hit.title;
    case "members":
      return `${hit.name} (@${hit.handle})`;
    case "tags":
      return hit.name;
  }
}

type Option = { id: string; href: string; label: React.ReactNode; group: string };

export function SearchBox({ section, className = "" }: { section: Section; className?: string }) {
  const navigate = useNavigate();
  const fetcher = useFetcher<{ q: string; hits: SearchHit[] }>();
  const [query, setQuery] = useState("");
  const [delayOver, setDelayOver] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const boxRef = useRef<HTMLDivElement>(null);
  // Fixed ids: the header, kept across pages as rendered once (ADR 069), holds the site's only search box.
  const listId = "busca-do-site-resultados";
  const inputId = "busca-do-site";

  const trimmed = query.trim();
  const ready = delayOver && fetcher.state === "idle" && fetcher.data?.q === trimmed;
  const hits = ready ? (fetcher.data?.hits ?? []) : [];
  const suggestions = (Object.keys(SECTIONS) as Section[])
    .filter((s) => s !== section)
    .map((s) => SECTIONS[s]);
  const options: Option[] = ready
    ? [
        ...hits.map((hit) => ({
          id: `${hit.kind}-${hit.id}`,
          href: hit.url,
          label: <Highlighted text={hitLabel(hit)} from="text" />,
          group: GROUP_LABELS[hit.kind],
        })),
        ...suggestions.map((s) => ({ id: `secao-${s.href}`, href: s.href, label: s.label, group: "Seções" })),
      ]
    : [];
  const groups = [...new Set(options.map((o) => o.group))];

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
    setDelayOver(false);
    clearTimeout(timer.current);
    if (!value.trim()) {
      setOpen(false);
      return;
    }
    setOpen(true);
    // The request starts at once; the answer shows once the spec's 500 ms have passed.
    fetcher.load(`${href("/api/search")}?${new URLSearchParams({ q: value.trim() })}`);
    timer.current = setTimeout(() => setDelayOver(true), SEARCH_DELAY_MS);
  }

  function go(href: string) {
    setOpen(false);
    setQuery("");
    navigate(href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      // First Escape closes the list and keeps the text; a second one clears it (the search field's default).
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      const chosen = options[active];
      if (open && chosen) go(chosen.href);
      else if (trimmed) go(`${href("/search")}?${new URLSearchParams({ q: trimmed })}`);
      return;
    }
    if (!open || options.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    }
  }

  return (
    <div ref={boxRef} className={`relative ${className}`}>
      <form
        role="search"
        aria-label="Pesquisa do site"
        action={href("/search")}
        method="get"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="relative">
          {/* The magnifying glass is the field's visible label (its text is for screen readers). */}
          <label
            htmlFor={inputId}
            className="absolute top-1/2 left-3 flex -translate-y-1/2 cursor-text text-slate-500"
          >
            <SearchIcon className="size-4" />
            <span className="sr-only">Pesquisar</span>
          </label>
          <input
            id={inputId}
            name="q"
            type="search"
            autoComplete="off"
            placeholder="Pesquisar"
            value={query}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => trimmed && setOpen(true)}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={
              active >= 0 && options[active] ? `${listId}-${options[active].id}` : undefined
            }
            className="focus:border-primary focus:ring-primary/30 w-full rounded-full border border-slate-300 bg-white py-2 pr-4 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:outline-none"
          />
        </div>
      </form>
      <div
        hidden={!open}
        className="absolute top-full right-0 left-0 z-[1000] mt-2 max-h-[70vh] min-w-72 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-lg"
      >
        <p aria-live="polite" className={ready && hits.length > 0 ? "sr-only" : "text-slate-700"}>
          {!open
            ? ""
            : !ready
              ? "Searching..."
              : hits.length === 0
                ? `Nada foi encontrado para "${trimmed}"`
                : `${hits.length} resultados`}
        </p>
        <div id={listId} role="listbox" aria-label="Resultados da busca">
          {groups.map((group) => (
            <div
              key={group}
              role="group"
              aria-label={group}
              className="mt-2 border-t border-slate-100 pt-2 first:mt-0 first:border-0 first:pt-0"
            >
              <p aria-hidden="true" className="px-2 pb-1 text-xs font-semibold text-slate-600 uppercase">
                {group}
              </p>
              {options
                .map((option, index) => ({ option, index }))
                .filter(({ option }) => option.group === group)
                .map(({ option, index }) => (
                  <div
                    key={option.id}
                    id={`${listId}-${option.id}`}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    onClick={() => go(option.href)}
                    onKeyDown={(e) => e.key === "Enter" && go(option.href)}
                    className={`text-primary hover:bg-primary-light cursor-pointer truncate rounded px-2 py-1.5 ${index === active ? "bg-primary-light" : ""}`}
                  >
                    {option.label}
                  </div>
                ))}
            </div>
          ))}
        </div>
        {ready && trimmed ? (
          <a
            href={`${href("/search")}?${new URLSearchParams({ q: trimmed })}`}
            onClick={(e) => {
              e.preventDefault();
              go(`${href("/search")}?${new URLSearchParams({ q: trimmed })}`);
            }}
            className="text-primary mt-2 block border-t border-slate-100 px-2 pt-2 text-xs font-medium hover:underline"
          >
            Ver todos os resultados
          </a>
        ) : null}
      </div>
    </div>
  );
}
