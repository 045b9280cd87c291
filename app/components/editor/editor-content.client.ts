// Helpers on the editor's content, shared by the editor, its panels and its hooks.
import { NodeSelection } from "@tiptap/pm/state";
import type { Editor } from "@tiptap/react";

/** Inserts an image or a video at the cursor; a selected image or video stays (the new one goes after it). */
export function insertBlock(editor: Editor, content: { type: string; attrs: Record<string, unknown> }) {
  const { selection } = editor.state;
  if (selection instanceof NodeSelection) {
    editor.chain().focus().insertContentAt(selection.to, content).run();
  } else {
    editor.chain().focus().insertContent(content).run();
  }
}

/** The field's value: the editor's HTML, or nothing when it is empty. */
export function editorHtml(editor: Editor) {
  return editor.isEmpty ? "" : editor.getHTML();
}
