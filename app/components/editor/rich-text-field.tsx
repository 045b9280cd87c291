// A rich-text form field that works as plain HTML first: the server renders a labelled <textarea name=…>
// (its text is turned into paragraphs by the server), and in the browser the TipTap editor replaces it once
// its code has arrived. The editor is fetched with a dynamic import, so TipTap and ProseMirror stay out of
// every page that does not render this field (and out of the server bundle).
import { useCallback, useEffect, useId, useRef, useState, type ComponentType } from "react";
import { FieldError, Label } from "#app/components/form/field.tsx";
import type { DraftSync } from "./form-draft.ts";
import type { EditorLayout } from "./editor-styles.ts";
import type { EditorHandover, RichTextEditorProps } from "./rich-text-editor.client.tsx";

export type RichTextFieldProps = {
  /** The form field name: the editor's HTML (or, before JavaScript, the textarea's text) is sent under it. */
  name: string;
  /** The visible label, tied to the editing area. */
  label: string;
  /** Keeps the label for assistive technology only (the blog writer, whose title says enough). */
  hideLabel?: boolean;
  /** "compact" (questions and answers, default) or "blog" (the post writer). */
  layout?: EditorLayout;
  /** The initial content: HTML that went through `sanitizeRichText` on the server. */
  defaultValue?: string;
  /** Keeps what the member types in this browser under this key until posted or discarded. */
  draftKey?: string;
  /**
   * The server keeps this field's draft too (a member's answer, ADR 062): its side, from the page's loader. A
   * form with more fields gives its editors its draft through `FormDraftContext` instead.
   */
  serverDraft?: DraftSync;
  /** Default 'Escreva seu texto...' (spec §Post writer). */
  placeholder?: string;
  /** A message shown under the field; marks it invalid. */
  error?: string;
  /** Id for the error message (default derived from the field's id). */
  errorId?: string;
  /** Extra description ids (hints) for aria-describedby. */
  describedBy?: string;
  id?: string;
  /** Rows of the fallback textarea. */
  rows?: number;
  /** "eager" loads the editor at once; "visible" waits until the field nears the screen or gets focus. */
  load?: "eager" | "visible";
  onChange?: (html: string) => void;
  className?: string;
};

type EditorComponent = ComponentType<RichTextEditorProps>;

let editorModule: Promise<EditorComponent> | undefined;

/** Loads the editor's code once per page; later fields reuse it. Also useful to prefetch on intent. */
function loadRichTextEditor(): Promise<EditorComponent> {
  editorModule ??= import("./rich-text-editor.client.tsx").then((module) => module.RichTextEditor);
  editorModule.catch(() => {
    editorModule = undefined;
  });
  return editorModule;
}

/** The plain text of stored HTML, for the fallback textarea (blocks become paragraphs). */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|li|h2|h3|pre|blockquote|div)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function RichTextField({
  name,
  label,
  hideLabel = false,
  layout = "compact",
  defaultValue = "",
  draftKey,
  serverDraft,
  placeholder = "Escreva seu texto...",
  error,
  errorId,
  describedBy,
  id,
  rows,
  load = "eager",
  onChange,
  className,
}: RichTextFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? `rich-text-${generatedId}`;
  const labelId = `${fieldId}-label`;
  const messageId = errorId ?? `${fieldId}-error`;
  const describedIds = [describedBy, error ? messageId : undefined].filter(Boolean).join(" ") || undefined;
  const [Editor, setEditor] = useState<EditorComponent | null>(null);
  /** The editor has taken over from the textarea (until then it waits, hidden, beside it). */
  const [ready, setReady] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editorBoxRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [initialText] = useState(() => htmlToText(defaultValue));
  const composing = useRef(false);

  // The handover happens in one task, between two keystrokes: the textarea's text goes into the editor, the
  // editor is shown and focused, the textarea hidden. A key can only land in one of them, never in between
  // (unmounting the textarea first and focusing the editor a render later lost the first letters typed).
  const onEditorReady = useCallback(
    (handover: EditorHandover) => {
      const textarea = textareaRef.current;
      const box = editorBoxRef.current;
      if (!textarea || !box) return;
      const takeOver = () => {
        const focused = document.activeElement === textarea;
        handover.adopt(textarea.value !== initialText ? textarea.value : null);
        box.hidden = false;
        textarea.hidden = true;
        textarea.disabled = true;
        if (focused) handover.focus();
        setReady(true);
      };
      // Mid-composition (accents on some keyboards, IMEs) the textarea keeps the keys until it ends.
      if (composing.current) textarea.addEventListener("compositionend", takeOver, { once: true });
      else takeOver();
    },
    [initialText],
  );

  useEffect(() => {
    let cancelled = false;
    const start = () => {
      loadRichTextEditor()
        .then((component) => {
          if (!cancelled) setEditor(() => component);
        })
        .catch(() => {
          // Offline or a failed deploy: the plain textarea keeps working.
        });
    };
    if (load === "eager" || typeof IntersectionObserver === "undefined") {
      start();
      return () => {
        cancelled = true;
      };
    }
    const container = containerRef.current;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: "400px" },
    );
    if (container) observer.observe(container);
    const onFocus = () => {
      observer.disconnect();
      start();
    };
    container?.addEventListener("focusin", onFocus, { once: true });
    return () => {
      cancelled = true;
      observer.disconnect();
      container?.removeEventListener("focusin", onFocus);
    };
  }, [load]);

  const labelClass = hideLabel ? "sr-only" : "field-label";

  return (
    <div ref={containerRef} className={className} data-rich-text-field={ready ? "editor" : "textarea"}>
      {ready ? (
        <span id={labelId} className={labelClass}>
          {label}
        </span>
      ) : (
        <Label id={labelId} htmlFor={fieldId} className={labelClass}>
          {label}
        </Label>
      )}
      {Editor ? (
        <div ref={editorBoxRef} hidden={!ready}>
          <Editor
            name={name}
            labelId={labelId}
            layout={layout}
            placeholder={placeholder}
            defaultValue={defaultValue}
            draftKey={draftKey}
            serverDraft={serverDraft}
            describedBy={describedIds}
            invalid={Boolean(error)}
            active={ready}
            onReady={onEditorReady}
            onChange={onChange}
          />
        </div>
      ) : null}
      {ready ? null : (
        <textarea
          ref={textareaRef}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={() => {
            composing.current = false;
          }}
          id={fieldId}
          name={name}
          defaultValue={initialText}
          placeholder={placeholder}
          rows={rows ?? (layout === "blog" ? 16 : 8)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedIds}
          className={
            layout === "blog"
              ? "focus-visible:outline-primary/40 block w-full resize-y rounded-md border-0 bg-transparent px-1 py-2 text-lg leading-8 text-slate-900 placeholder:text-slate-500 focus-visible:outline-2"
              : "field-input min-h-40 resize-y leading-relaxed"
          }
        />
      )}
      <FieldError id={messageId} errors={error} />
    </div>
  );
}
