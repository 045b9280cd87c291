// The editor's toolbar: one button per format (named by the spec's tooltip texts), roving focus between them,
// and the code block's language when the cursor is in one. Opening the link, image and video panels is the
// editor's business (`openPanel`).
import { useEditorState, type Editor } from "@tiptap/react";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import { CODE_LANGUAGES } from "#app/lib/sanitize-rules.ts";
import {
  BoldIcon,
  BulletListIcon,
  CodeIcon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  OrderedListIcon,
  StrikeIcon,
  UnderlineIcon,
  VideoIcon,
} from "./editor-icons.tsx";
import type { Panel } from "./editor-panels.tsx";
import { EDITOR_STYLES } from "./editor-styles.ts";
import type { EditorLayout } from "./editor-styles.ts";

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  codeBlock: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  language: string | null;
};

type ToolbarButton = {
  key: string;
  label: string;
  Icon: ComponentType<{ className?: string }>;
  shortcut?: string;
  active?: (state: ToolbarState) => boolean;
  run?: (editor: Editor, context: { language: string }) => void;
  panel?: Panel;
};

const BUTTONS: ToolbarButton[] = [
  {
    key: "bold",
    label: "Negrito",
    Icon: BoldIcon,
    shortcut: "Control+B",
    active: (s) => s.bold,
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    key: "italic",
    label: "Itálico",
    Icon: ItalicIcon,
    shortcut: "Control+I",
    active: (s) => s.italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: "underline",
    label: "Sublinhado",
    Icon: UnderlineIcon,
    shortcut: "Control+U",
    active: (s) => s.underline,
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: "strike",
    label: "Traçado",
    Icon: StrikeIcon,
    shortcut: "Control+Shift+S",
    active: (s) => s.strike,
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    key: "codeBlock",
    label: "Adicionar código",
    Icon: CodeIcon,
    shortcut: "Control+Alt+C",
    active: (s) => s.codeBlock,
    run: (e, { language }) => e.chain().focus().toggleCodeBlock({ language }).run(),
  },
  {
    key: "bulletList",
    label: "Adicionar lista",
    Icon: BulletListIcon,
    shortcut: "Control+Shift+8",
    active: (s) => s.bulletList,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: "orderedList",
    label: "Adicionar lista numérica",
    Icon: OrderedListIcon,
    shortcut: "Control+Shift+7",
    active: (s) => s.orderedList,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  { key: "image", label: "Adicionar imagem", Icon: ImageIcon, panel: "image" },
  { key: "video", label: "Adicionar vídeo", Icon: VideoIcon, panel: "video" },
  {
    key: "link",
    label: "Adicionar link",
    Icon: LinkIcon,
    shortcut: "Control+K",
    panel: "link",
    active: (s) => s.link,
  },
];

const selectToolbarState = ({ editor }: { editor: Editor | null }): ToolbarState | null => {
  if (!editor) return null;
  const inCode = editor.isActive("codeBlock");
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    strike: editor.isActive("strike"),
    codeBlock: inCode,
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    link: editor.isActive("link"),
    language: inCode ? String(editor.getAttributes("codeBlock").language ?? "plaintext") : null,
  };
};

const IS_MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** A shortcut as people read it: "Ctrl+Shift+S", or "⌘⇧S" on a Mac (aria-keyshortcuts keeps the standard form). */
function shortcutLabel(shortcut: string, mac = IS_MAC): string {
  const keys = shortcut.split("+");
  if (mac) {
    const symbols: Record<string, string> = { Control: "⌘", Meta: "⌘", Alt: "⌥", Shift: "⇧" };
    return keys.map((key) => symbols[key] ?? key).join("");
  }
  return keys.map((key) => (key === "Control" ? "Ctrl" : key)).join("+");
}

/** The tooltip's text: the name, and the shortcut when there is one ("Negrito (Ctrl+B)"). */
function tooltipText(button: ToolbarButton) {
  return button.shortcut ? `${button.label} (${shortcutLabel(button.shortcut)})` : button.label;
}

/**
 * Where the toolbar row has more buttons than fit (phones, where it scrolls sideways): "start", "end" or
 * "both". The row fades at that edge, so it shows there is more.
 */
function useOverflowEdges() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<"start" | "end" | "both" | undefined>();
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore(start && end ? "both" : start ? "start" : end ? "end" : undefined);
    };
    update();
    row.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => {
      row.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);
  return { ref, more };
}

/** The fade at the edges with more buttons behind them. */
const OVERFLOW_FADE =
  "data-[more=end]:[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)] data-[more=start]:[mask-image:linear-gradient(to_left,black_calc(100%-2.5rem),transparent)] data-[more=both]:[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]";

/** The visible tooltip: only above 1200 px (the `tooltip:` breakpoint), after 100 ms of hover or focus. */
const TOOLTIP =
  "pointer-events-none absolute top-full left-1/2 z-[1001] mt-1 hidden -translate-x-1/2 rounded bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white invisible opacity-0 transition-[opacity,visibility] duration-100 tooltip:block group-hover:visible group-hover:opacity-100 group-hover:delay-100 group-focus-visible:visible group-focus-visible:opacity-100 group-focus-visible:delay-100";

export function Toolbar({
  editor,
  layout,
  openPanel,
  panel,
  language,
  onLanguage,
}: {
  editor: Editor;
  layout: EditorLayout;
  openPanel: (panel: Panel) => void;
  panel: Panel | null;
  language: string;
  onLanguage: (language: string) => void;
}) {
  const state = useEditorState({ editor, selector: selectToolbarState });
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);
  const languageId = useId();
  const styles = EDITOR_STYLES[layout];
  const overflow = useOverflowEdges();

  // Roving focus: one tab stop for the whole toolbar, arrows move between buttons.
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const last = BUTTONS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
    refs.current[next]?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };

  return (
    <div
      ref={overflow.ref}
      className={`${styles.toolbarRow} ${OVERFLOW_FADE} scroll-px-10`}
      data-more={overflow.more}
    >
      <div
        role="toolbar"
        aria-label="Formatação do texto"
        className="flex items-center gap-0.5"
        onKeyDown={onKeyDown}
      >
        {BUTTONS.map((button, index) => {
          const active = state && button.active ? button.active(state) : undefined;
          return (
            <button
              key={button.key}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              tabIndex={index === current ? 0 : -1}
              aria-label={button.label}
              aria-pressed={button.active ? Boolean(active) : undefined}
              aria-expanded={button.panel ? panel === button.panel : undefined}
              aria-keyshortcuts={button.shortcut}
              data-active={active ? "" : undefined}
              className={`group focus-visible:outline-primary data-active:bg-primary-light data-active:text-primary relative inline-flex shrink-0 items-center justify-center text-slate-700 transition hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-1 ${styles.button}`}
              onFocus={() => setCurrent(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setCurrent(index);
                if (button.panel) openPanel(button.panel);
                else button.run?.(editor, { language });
              }}
            >
              <button.Icon />
              <span aria-hidden="true" className={TOOLTIP}>
                {tooltipText(button)}
              </span>
            </button>
          );
        })}
      </div>
      {state?.language !== null && state?.language !== undefined ? (
        <div className="flex shrink-0 items-center gap-1 text-sm">
          <label htmlFor={languageId} className="text-slate-700">
            Linguagem
          </label>
          <select
            id={languageId}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            value={state.language}
            onChange={(event) => {
              onLanguage(event.target.value);
              editor.chain().focus().updateAttributes("codeBlock", { language: event.target.value }).run();
            }}
          >
            {CODE_LANGUAGES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {CODE_LANGUAGES.some((option) => option.value === state.language) ? null : (
              <option value={state.language}>{state.language}</option>
            )}
          </select>
        </div>
      ) : null}
    </div>
  );
}
