// The TipTap editor with its toolbar. Never imported statically: `RichTextField` loads this module (and with it
// TipTap and ProseMirror) in the browser only, and only on pages where someone writes.
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import { useFetchers, useNavigation } from "react-router";
import { NodeSelection } from "@tiptap/pm/state";
import {
  CODE_LANGUAGES,
  IMAGE_ACCEPT,
  VIDEO_URL_MESSAGE,
  isEmailLike,
  linkFromInput,
  richTextFormatFieldName,
  youtubeEmbedUrl,
} from "#app/lib/sanitize-rules.ts";
import { clearDraft, loadDraft, saveDraft } from "./drafts.ts";
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
import { editorExtensions } from "./extensions.client.ts";
import type { EditorLayout } from "./rich-text-field.tsx";
import { UploadError, uploadImage } from "./upload-image.ts";

export type RichTextEditorProps = {
  name: string;
  /** Id of the visible label; the editing area is `aria-labelledby` it. */
  labelId: string;
  layout: EditorLayout;
  placeholder: string;
  /** The stored value the field started from (HTML), used when a recovered draft is discarded. */
  defaultValue: string;
  /** Plain text typed into the fallback textarea before the editor arrived, if any. */
  typedText: string | null;
  draftKey: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  /** The fallback textarea had the focus: the editor takes it over. */
  focusOnMount: boolean;
  onChange: ((html: string) => void) | undefined;
};

type Panel = "link" | "video" | "image";
type Upload = { state: "idle" } | { state: "sending"; percent: number } | { state: "error"; message: string };

const DRAFT_DELAY_MS = 400;

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Same rule as the server's plainTextToHtml: blank lines separate paragraphs, line breaks become <br>. */
function paragraphsFromText(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** Inserts an image or a video at the cursor; a selected image or video stays (the new one goes after it). */
function insertBlock(editor: Editor, content: { type: string; attrs: Record<string, unknown> }) {
  const { selection } = editor.state;
  if (selection instanceof NodeSelection) {
    editor.chain().focus().insertContentAt(selection.to, content).run();
  } else {
    editor.chain().focus().insertContent(content).run();
  }
}

function editorHtml(editor: Editor) {
  return editor.isEmpty ? "" : editor.getHTML();
}

// ------------------------------------------------------------------------------------------------- toolbar

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

const LAYOUT = {
  compact: {
    frame:
      "rounded-md border border-slate-300 bg-white focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30",
    invalidFrame: "border-red-600",
    toolbarRow:
      "sticky top-[var(--editor-toolbar-offset,0px)] z-10 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-t-md border-b border-slate-200 bg-slate-50 px-2 py-1 max-[1000px]:top-[var(--editor-toolbar-offset-mobile,0px)] max-[1000px]:flex-nowrap max-[1000px]:overflow-x-auto",
    button: "size-9 rounded-md",
    content:
      "rich-text min-h-40 px-3 py-2 text-base leading-relaxed text-slate-900 focus:outline-none [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)] [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-primary",
  },
  blog: {
    frame: "rounded-md bg-white focus-within:ring-2 focus-within:ring-primary/20 focus-within:ring-offset-4",
    invalidFrame: "ring-2 ring-red-600 rounded-md",
    toolbarRow:
      "sticky top-[var(--editor-toolbar-offset,0px)] z-10 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-full border border-slate-200 bg-white/95 px-3 py-1.5 shadow-sm backdrop-blur max-[1000px]:-mx-4 max-[1000px]:top-[var(--editor-toolbar-offset-mobile,0px)] max-[1000px]:flex-nowrap max-[1000px]:overflow-x-auto max-[1000px]:rounded-none max-[1000px]:border-x-0 max-[1000px]:px-4",
    button: "size-10 rounded-full",
    content:
      "rich-text mt-4 min-h-[50vh] py-2 text-lg leading-8 text-slate-900 focus:outline-none [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)] [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-primary",
  },
} as const;

/** The visible tooltip: only above 1200 px (the `tooltip:` breakpoint), after 100 ms of hover or focus. */
const TOOLTIP =
  "pointer-events-none absolute top-full left-1/2 z-[1001] mt-1 hidden -translate-x-1/2 rounded bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white invisible opacity-0 transition-[opacity,visibility] duration-100 tooltip:block group-hover:visible group-hover:opacity-100 group-hover:delay-100 group-focus-visible:visible group-focus-visible:opacity-100 group-focus-visible:delay-100";

function Toolbar({
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
  const styles = LAYOUT[layout];

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
  };

  return (
    <div className={styles.toolbarRow}>
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
                {button.label}
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

// -------------------------------------------------------------------------------------------------- panels

function PanelShell({
  label,
  children,
  onClose,
}: {
  label: string;
  children: React.ReactNode;
  onClose: () => void;
}) {
  return (
    // Escape anywhere in the panel (field or buttons) closes it, as in a popover.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-white px-3 py-2"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}

function AddressPanel({
  label,
  fieldLabel,
  placeholder,
  initial,
  applyLabel,
  error,
  onApply,
  onClose,
  onRemove,
}: {
  label: string;
  fieldLabel: string;
  placeholder: string;
  initial: string;
  applyLabel: string;
  error: string | null;
  onApply: (value: string) => void;
  onClose: () => void;
  onRemove?: () => void;
}) {
  const [value, setValue] = useState(initial);
  const inputId = useId();
  const errorId = useId();
  return (
    <PanelShell label={label} onClose={onClose}>
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className="field-label">
          {fieldLabel}
        </label>
        <input
          id={inputId}
          // The panel opens because the member asked for it: the field is where they type next.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          className="field-input"
          placeholder={placeholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies here instead of submitting the page's form.
            if (event.key === "Enter") {
              event.preventDefault();
              onApply(value);
            }
          }}
        />
      </div>
      <button type="button" className="btn-primary" onClick={() => onApply(value)}>
        {applyLabel}
      </button>
      {onRemove ? (
        <button type="button" className="btn-outline" onClick={onRemove}>
          Remover link
        </button>
      ) : null}
      <button type="button" className="btn-ghost" onClick={onClose}>
        Cancelar
      </button>
      {error ? (
        <p id={errorId} role="alert" className="field-error w-full">
          {error}
        </p>
      ) : null}
    </PanelShell>
  );
}

function ImagePanel({
  alt,
  onAlt,
  onFile,
  onClose,
  busy,
}: {
  alt: string;
  onAlt: (alt: string) => void;
  onFile: (file: File) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const altId = useId();
  return (
    <PanelShell label="Adicionar imagem" onClose={onClose}>
      <div className="min-w-56 flex-1">
        <label htmlFor={altId} className="field-label">
          Descrição da imagem (para quem não a vê)
        </label>
        <input
          id={altId}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          type="text"
          className="field-input"
          placeholder="Ex: gráfico do tempo de resposta por versão"
          value={alt}
          maxLength={300}
          onChange={(event) => onAlt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
        />
      </div>
      <label
        className={`btn-primary focus-within:outline-primary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 ${busy ? "pointer-events-none opacity-50" : ""}`}
      >
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) onFile(file);
          }}
        />
        Escolher imagem
      </label>
      <button type="button" className="btn-ghost" onClick={onClose}>
        Cancelar
      </button>
      <p className="w-full text-xs text-slate-600">PNG ou JPEG, até 5 MB.</p>
    </PanelShell>
  );
}

// -------------------------------------------------------------------------------------------------- editor

export function RichTextEditor(props: RichTextEditorProps) {
  const { name, labelId, layout, placeholder, defaultValue, typedText, draftKey, describedBy, invalid } =
    props;
  const styles = LAYOUT[layout];

  // Where the content starts: what was typed before the editor arrived, else the kept draft, else the value.
  const [start] = useState(() => {
    if (typedText !== null && typedText.trim())
      return { html: paragraphsFromText(typedText), fromDraft: false };
    const draft = draftKey ? loadDraft(draftKey) : null;
    if (draft && draft.html !== defaultValue) return { html: draft.html, fromDraft: true };
    return { html: defaultValue, fromDraft: false };
  });
  const [draftRecovered, setDraftRecovered] = useState(start.fromDraft);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [panelError, setPanelError] = useState<string | null>(null);
  const [language, setLanguage] = useState("plaintext");
  const [alt, setAlt] = useState("");
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [announcement, setAnnouncement] = useState("");
  const valueRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingDraft = useRef<string | null>(null);
  const submitted = useRef(false);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  const handlers = useRef({ openLink: () => {}, uploadFile: (_file: File, _at?: number) => {} });

  const flushDraft = useCallback(() => {
    clearTimeout(draftTimer.current);
    const html = pendingDraft.current;
    pendingDraft.current = null;
    if (!draftKey || html === null) return;
    if (html && html !== defaultValue) saveDraft(draftKey, html);
    else clearDraft(draftKey);
  }, [draftKey, defaultValue]);

  const extensions = useMemo(() => editorExtensions({ placeholder }), [placeholder]);

  const editor = useEditor({
    extensions,
    content: start.html,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    autofocus: props.focusOnMount ? "end" : false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-labelledby": labelId,
        "aria-multiline": "true",
        "aria-placeholder": placeholder,
        class: styles.content,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
          event.preventDefault();
          handlers.current.openLink();
          return true;
        }
        return false;
      },
      handlePaste: (_view, event) => {
        const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith("image/"));
        if (!file) return false;
        handlers.current.uploadFile(file);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const file = Array.from(event.dataTransfer?.files ?? []).find((f) => f.type.startsWith("image/"));
        if (!file) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        handlers.current.uploadFile(file, at);
        return true;
      },
    },
    onCreate: ({ editor: current }) => {
      if (valueRef.current) valueRef.current.value = editorHtml(current);
    },
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      if (valueRef.current) valueRef.current.value = html;
      onChangeRef.current?.(html);
      if (draftKey) {
        pendingDraft.current = html;
        clearTimeout(draftTimer.current);
        draftTimer.current = setTimeout(flushDraft, DRAFT_DELAY_MS);
      }
    },
  });

  // Until the editor exists, the field already holds the content it starts from.
  useEffect(() => {
    if (valueRef.current && !valueRef.current.value) valueRef.current.value = start.html;
  }, [start.html]);

  // Error state and description can change after the editor exists (the server answered with an error).
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      const dom = editor.view.dom;
      if (invalid) dom.setAttribute("aria-invalid", "true");
      else dom.removeAttribute("aria-invalid");
      if (describedBy) dom.setAttribute("aria-describedby", describedBy);
      else dom.removeAttribute("aria-describedby");
    };
    if (editor.isInitialized) apply();
    else editor.on("create", apply);
    return () => {
      editor.off("create", apply);
    };
  }, [editor, invalid, describedBy]);

  // Keep the draft when the page goes away mid-typing.
  useEffect(() => {
    window.addEventListener("pagehide", flushDraft);
    return () => {
      window.removeEventListener("pagehide", flushDraft);
      flushDraft();
    };
  }, [flushDraft]);

  // Posting: the draft is dropped when the form is sent (a <Form> or a fetcher's). If this editor is still
  // here once the answer came back (the server refused it), the draft is kept again; if the post went
  // through, the page moved on or remounted the field (give it a new `key`) and clearing stays. The draft is
  // kept again at once, in this effect: a child's effects run before its parent's in the same commit, so a
  // form that clears the draft on success (the answer form) always has the last word. (A timer here would
  // fire after that clearing and bring the posted text back into the fresh editor.)
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const sending = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    const form = valueRef.current?.form;
    if (!form || !draftKey) return;
    const onSubmit = () => {
      clearTimeout(draftTimer.current);
      pendingDraft.current = null;
      submitted.current = true;
      clearDraft(draftKey);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [draftKey]);
  useEffect(() => {
    if (sending || !submitted.current || !editor || !draftKey) return;
    submitted.current = false;
    const html = editorHtml(editor);
    if (html && html !== defaultValue) saveDraft(draftKey, html);
  }, [sending, editor, draftKey, defaultValue]);

  const closePanel = useCallback(
    (returnFocus = true) => {
      setPanel(null);
      setPanelError(null);
      if (returnFocus) editor?.commands.focus();
    },
    [editor],
  );

  const openPanel = useCallback(
    (next: Panel) => {
      if (!editor) return;
      setPanelError(null);
      if (next === "link") {
        const { from, to, empty } = editor.state.selection;
        const selected = editor.state.doc.textBetween(from, to, " ").trim();
        // Spec §5: selected e-mail-like text becomes a mailto: link straight away.
        if (!empty && isEmailLike(selected) && !editor.isActive("link")) {
          editor
            .chain()
            .focus()
            .setLink({ href: `mailto:${selected}` })
            .run();
          setAnnouncement(`Link de e-mail criado para ${selected}.`);
          return;
        }
      }
      setPanel((current) => (current === next ? null : next));
    },
    [editor],
  );

  const applyLink = (value: string) => {
    if (!editor) return;
    const result = linkFromInput(value);
    if ("error" in result) {
      setPanelError(result.error);
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      const text = value.trim();
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href: result.href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href: result.href }).run();
      // Carry on typing after the link rather than over it.
      editor.chain().setTextSelection(editor.state.selection.to).unsetMark("link").run();
    }
    setAnnouncement("Link adicionado.");
    closePanel(false);
  };

  const applyVideo = (value: string) => {
    if (!editor) return;
    const src = youtubeEmbedUrl(value);
    if (!src) {
      setPanelError(VIDEO_URL_MESSAGE);
      return;
    }
    insertBlock(editor, { type: "youtube", attrs: { src } });
    setAnnouncement("Vídeo adicionado.");
    closePanel(false);
  };

  const uploadFile = (file: File, at?: number) => {
    if (!editor || upload.state === "sending") return;
    setUpload({ state: "sending", percent: 0 });
    setAnnouncement("Enviando imagem…");
    const description = alt.trim();
    uploadImage(file, { onProgress: (percent) => setUpload({ state: "sending", percent }) })
      .then((image) => {
        const attrs = {
          src: image.url,
          alt: description,
          ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
        };
        if (at !== undefined) editor.chain().focus().insertContentAt(at, { type: "image", attrs }).run();
        else insertBlock(editor, { type: "image", attrs });
        setUpload({ state: "idle" });
        setAlt("");
        setAnnouncement("Imagem adicionada.");
        setPanel((current) => (current === "image" ? null : current));
      })
      .catch((error: unknown) => {
        const message =
          error instanceof UploadError ? error.message : "Não foi possível enviar a imagem. Tente de novo.";
        setUpload({ state: "error", message });
        setAnnouncement("");
      });
  };

  handlers.current = { openLink: () => openPanel("link"), uploadFile };

  const discardDraft = () => {
    if (!editor) return;
    if (draftKey) clearDraft(draftKey);
    editor.commands.setContent(defaultValue, { emitUpdate: false });
    if (valueRef.current) valueRef.current.value = defaultValue;
    onChangeRef.current?.(defaultValue);
    setDraftRecovered(false);
    setAnnouncement("Rascunho descartado.");
  };

  return (
    <div ref={wrapperRef} className={`${styles.frame} ${invalid ? styles.invalidFrame : ""}`}>
      {/* Written through the ref only: a React-managed value would be reset on every re-render. */}
      <input ref={valueRef} type="hidden" name={name} />
      <input type="hidden" name={richTextFormatFieldName(name)} value="html" />
      {editor ? (
        <Toolbar
          editor={editor}
          layout={layout}
          panel={panel}
          openPanel={openPanel}
          language={language}
          onLanguage={setLanguage}
        />
      ) : (
        <div className={styles.toolbarRow} aria-hidden="true">
          <div className={`${styles.button} shrink-0`} />
        </div>
      )}
      {panel === "link" && editor ? (
        <AddressPanel
          key="link"
          label="Adicionar link"
          fieldLabel="Endereço do link"
          placeholder="https://… ou nome@exemplo.com"
          initial={String(editor.getAttributes("link").href ?? "")}
          applyLabel="Aplicar"
          error={panelError}
          onApply={applyLink}
          onClose={() => closePanel()}
          onRemove={
            editor.isActive("link")
              ? () => {
                  editor.chain().focus().extendMarkRange("link").unsetLink().run();
                  closePanel(false);
                }
              : undefined
          }
        />
      ) : null}
      {panel === "video" ? (
        <AddressPanel
          key="video"
          label="Adicionar vídeo"
          fieldLabel="Endereço do vídeo do YouTube"
          placeholder="https://www.youtube.com/watch?v=…"
          initial=""
          applyLabel="Adicionar"
          error={panelError}
          onApply={applyVideo}
          onClose={() => closePanel()}
        />
      ) : null}
      {panel === "image" ? (
        <ImagePanel
          alt={alt}
          onAlt={setAlt}
          onFile={(file) => uploadFile(file)}
          onClose={() => closePanel()}
          busy={upload.state === "sending"}
        />
      ) : null}
      {upload.state === "sending" ? (
        <div className="flex items-center gap-2 px-3 py-2 text-sm text-slate-700">
          <label htmlFor={`${labelId}-progress`}>Enviando imagem… {upload.percent}%</label>
          <progress
            id={`${labelId}-progress`}
            className="accent-primary h-2 flex-1"
            max={100}
            value={upload.percent}
          />
        </div>
      ) : null}
      {upload.state === "error" ? (
        <div className="flex items-center gap-2 px-3 py-2">
          <p role="alert" className="field-error mt-0 flex-1">
            {upload.message}
          </p>
          <button type="button" className="btn-ghost" onClick={() => setUpload({ state: "idle" })}>
            Fechar aviso
          </button>
        </div>
      ) : null}
      {draftRecovered ? (
        <div className="flex flex-wrap items-center gap-2 bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
          <span>Recuperamos o rascunho que você estava escrevendo.</span>
          <button type="button" className="font-semibold underline" onClick={discardDraft}>
            Descartar rascunho
          </button>
        </div>
      ) : null}
      {editor ? (
        <EditorContent editor={editor} className="rich-text-editor" />
      ) : (
        <div className={`${styles.content} text-slate-500`} aria-hidden="true">
          {placeholder}
        </div>
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
