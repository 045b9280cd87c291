// The editor's two looks, by `EditorLayout`: "compact" (questions and answers) and "blog" (the post writer).
// Shared by the field, the editor's frame and its toolbar.
export type EditorLayout = "compact" | "blog";

export const EDITOR_STYLES = {
  compact: {
    // An error keeps the frame red, focused or not (`data-invalid`, above the focus colours in specificity).
    frame:
      "rounded-md border border-slate-300 bg-white focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30 data-invalid:border-red-600 data-invalid:focus-within:border-red-600 data-invalid:focus-within:ring-red-600/30",
    toolbarRow:
      "sticky top-[var(--editor-toolbar-offset,0px)] z-10 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-t-md border-b border-slate-200 bg-slate-50 px-2 py-1 max-[1000px]:top-[var(--editor-toolbar-offset-mobile,0px)] max-[1000px]:flex-nowrap max-[1000px]:overflow-x-auto",
    button: "size-9 rounded-md",
    content:
      "rich-text min-h-40 px-3 py-2 text-base leading-relaxed text-slate-900 focus:outline-none [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)] [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-primary",
  },
  blog: {
    frame:
      "rounded-md bg-white focus-within:ring-2 focus-within:ring-primary/20 focus-within:ring-offset-4 data-invalid:ring-2 data-invalid:ring-red-600 data-invalid:ring-offset-4 data-invalid:focus-within:ring-red-600",
    toolbarRow:
      "sticky top-[var(--editor-toolbar-offset,0px)] z-10 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-full border border-slate-200 bg-white/95 px-3 py-1.5 shadow-sm backdrop-blur max-[1000px]:-mx-4 max-[1000px]:top-[var(--editor-toolbar-offset-mobile,0px)] max-[1000px]:flex-nowrap max-[1000px]:overflow-x-auto max-[1000px]:rounded-none max-[1000px]:border-x-0 max-[1000px]:px-4",
    button: "size-10 rounded-full",
    content:
      "rich-text mt-4 min-h-[50vh] py-2 text-lg leading-8 text-slate-900 focus:outline-none [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)] [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-primary",
  },
} as const satisfies Record<EditorLayout, Record<string, string>>;
