// The tag selector (spec §Tag selector). Works as a plain form field first: without JavaScript its text field
// sends comma-separated tags under `name`; with JavaScript each chosen tag is a hidden input under the same
// name (the server reads both with `normaliseTagNames(formData.getAll("tags"))`). Typing searches existing
// tags through GET /api/tags?q= or offers to create the typed one.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { FieldError, Label } from "#app/components/form/field.tsx";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { TAG_NAME_MAX_LENGTH, TAGS_MAX } from "../rules.ts";
import { href } from "react-router";

export type TagSelectorProps = {
  /** Form field name (default "tags"). */
  name?: string;
  /** Visible label (default "Tags"). */
  label?: string;
  /** The predefined tags the button offers (the ten suggested tags, in order). */
  suggestions: string[];
  defaultValue?: string[];
  /** Most tags a member may choose (default TAGS_MAX). */
  max?: number;
  error?: string;
  errorId?: string;
  id?: string;
  onChange?: (tags: string[]) => void;
  /** The search endpoint (default "/api/tags"). */
  searchUrl?: string;
  /**
   * Whether typing a name that no tag has offers to create it (default true). Members below the privilege see
   * how to earn it instead; the server checks it again.
   */
  canCreate?: boolean;
};

type Option = { kind: "tag"; name: string } | { kind: "create"; name: string };

const SEARCH_DELAY_MS = 150;

function cleanName(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, TAG_NAME_MAX_LENGTH);
}

const same = (a: string, b: string) => a.toLocaleLowerCase("pt-BR") === b.toLocaleLowerCase("pt-BR");

export function TagSelector({
  name = "tags",
  label = "Tags",
  suggestions,
  defaultValue = [],
  max = TAGS_MAX,
  error,
  errorId,
  id,
  onChange,
  searchUrl = href("/api/tags"),
  canCreate = true,
}: TagSelectorProps) {
  const generatedId = useId();
  const baseId = id ?? `tags-${generatedId}`;
  const inputId = `${baseId}-input`;
  const panelId = `${baseId}-panel`;
  const listboxId = `${baseId}-listbox`;
  const messageId = errorId ?? `${baseId}-error`;
  const hintId = `${baseId}-hint`;

  const [chosen, setChosen] = useState<string[]>(defaultValue);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<{ query: string; names: string[] } | null>(null);
  const [notice, setNotice] = useState("");
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const query = cleanName(text);
  const searching = query.length > 0;

  const options: Option[] = useMemo(() => {
    const free = (names: string[]) => names.filter((n) => !chosen.some((c) => same(c, n)));
    if (!searching) return free(suggestions).map((n) => ({ kind: "tag" as const, name: n }));
    const found = results && same(results.query, query) ? free(results.names) : [];
    const list: Option[] = found.map((n) => ({ kind: "tag", name: n }));
    const exists = found.some((n) => same(n, query)) || chosen.some((c) => same(c, query));
    if (canCreate && !exists && !query.includes(",")) list.push({ kind: "create", name: query });
    return list;
  }, [searching, suggestions, chosen, results, query, canCreate]);

  // Search existing tags as the member types (debounced; the newest answer wins).
  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${searchUrl}?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) => (response.ok ? (response.json() as Promise<{ name: string }[]>) : []))
        .then((found) => setResults({ query, names: found.map((tag) => tag.name) }))
        .catch(() => {
          // Offline or aborted: offering to create the typed tag still works.
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [searching, query, searchUrl]);

  // When the search answers, its best match is highlighted (as on Stack Overflow): Enter then picks "python", not
  // the half-typed "pyth". Creating a new tag stays one arrow away, at the end of the list.
  useEffect(() => {
    if (results && results.names.length > 0 && same(results.query, cleanName(text))) setActive(0);
    // Only a new answer moves the highlight; the member's arrows move it after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results]);

  // Clicking anywhere outside closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const update = (next: string[]) => {
    setChosen(next);
    onChangeRef.current?.(next);
  };

  /** Adds tags at the front of the selection (spec), refusing duplicates and going past `max`. */
  const add = (names: string[]) => {
    let next = chosen;
    let refused = false;
    for (const raw of names) {
      const tag = cleanName(raw);
      if (!tag || next.some((c) => same(c, tag))) continue;
      if (next.length >= max) {
        refused = true;
        break;
      }
      next = [tag, ...next];
    }
    if (next !== chosen) update(next);
    setNotice(refused ? `Escolha no máximo ${max} tags.` : "");
    setText("");
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: Option) => {
    add([option.name]);
    inputRef.current?.focus();
  };

  const remove = (tag: string) => {
    update(chosen.filter((c) => c !== tag));
    setNotice(`Tag ${tag} removida.`);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(options.length ? (event.key === "ArrowDown" ? 0 : options.length - 1) : -1);
          return;
        }
        if (!options.length) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
        return;
      }
      case "Enter": {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (query) {
          // Enter adds what was typed instead of sending the form.
          event.preventDefault();
          add(text.split(","));
        }
        return;
      }
      case ",":
        if (query) {
          event.preventDefault();
          add([text]);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText("");
        }
        return;
      default:
        return;
    }
  };

  const activeId = open && active >= 0 && active < options.length ? `${baseId}-option-${active}` : undefined;
  const describedBy = [hintId, error ? messageId : undefined].filter(Boolean).join(" ");

  return (
    <div ref={containerRef} className="relative">
      <Label htmlFor={inputId}>{label}</Label>
      <div
        className={`focus-within:border-primary focus-within:ring-primary/30 flex flex-wrap items-center gap-2 rounded-md border bg-white px-2 py-1.5 focus-within:ring-2 ${error ? "border-red-600" : "border-slate-300"}`}
      >
        {chosen.length > 0 ? (
          <ul aria-label="Tags escolhidas" className="flex flex-wrap gap-1.5">
            {chosen.map((tag) => (
              <li key={tag} className="tag-chip hover:bg-primary-light hover:text-primary">
                {tag}
                <button
                  type="button"
                  aria-label={`Remover tag ${tag}`}
                  className="hover:bg-primary focus-visible:outline-primary -mr-1 inline-flex size-5 items-center justify-center rounded-full hover:text-white focus-visible:outline-2"
                  onClick={() => remove(tag)}
                >
                  <svg
                    aria-hidden="true"
                    focusable="false"
                    viewBox="0 0 16 16"
                    className="size-3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    strokeLinecap="round"
                  >
                    <path d="M4 4l8 8M12 4l-8 8" />
                  </svg>
                </button>
                <input type="hidden" name={name} value={tag} />
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={panelId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder="Ex: javascript, array, front-end, etc"
          className="min-w-48 flex-1 border-0 bg-transparent px-1 py-1 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(cleanName(event.target.value).length > 0);
          }}
          onKeyDown={onKeyDown}
        />
        {/* Named by its visible text, as the spec writes it: 'Adicione tags +', then '+'. */}
        <button
          type="button"
          title="Adicione tags"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={panelId}
          className="btn-ghost text-primary shrink-0 px-2 py-1"
          onClick={() => {
            setText("");
            setActive(-1);
            setOpen((current) => !current);
            inputRef.current?.focus();
          }}
        >
          {chosen.length === 0 ? "Adicione tags +" : "+"}
        </button>
      </div>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-[1000] mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.length > 0 ? (
          <ul id={listboxId} role="listbox" aria-label={searching ? "Tags encontradas" : "Tags sugeridas"}>
            {options.map((option, index) => (
              // The input keeps the focus and drives the list (aria-activedescendant); clicks choose.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={`${option.kind}:${option.name}`}
                id={`${baseId}-option-${index}`}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-primary-light text-primary" : "text-slate-800 hover:bg-slate-100"}`}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {option.kind === "create" ? `Criar a tag “${option.name}”` : option.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-3 py-2 text-sm text-slate-600">
            {!searching
              ? "There are no tags left."
              : canCreate || chosen.some((c) => same(c, query))
                ? "Essa tag já foi escolhida."
                : results && same(results.query, query)
                  ? `Nenhuma tag com esse nome. Criar tags requer ${PRIVILEGES.createTag.reputation} pontos de reputação.`
                  : "Procurando…"}
          </p>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Até {max} tags. Separe com vírgulas ou escolha na lista.
      </p>
      <p
        role="status"
        aria-live="polite"
        className={notice.startsWith("Escolha") ? "field-error" : "sr-only"}
      >
        {notice}
      </p>
      <FieldError id={messageId} errors={error} />
    </div>
  );
}
