// Helpers on the editor's content, shared by the editor, its panels and its hooks.
import { NodeSelection, TextSelection, type Transaction } from "@tiptap/pm/state";
import type { Editor } from "@tiptap/react";

/**
 * After inserting an image or a video, the caret goes on after it (into the next paragraph, made if there is
 * none): left selected, the block would be replaced by the next key typed.
 */
function caretAfterBlock({ tr }: { tr: Transaction }) {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection)) return true;
  const after = selection.to;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) {
    tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
  }
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  return true;
}

/**
 * Inserts an image or a video at `at` (a drop), else at the cursor; a selected image or video stays (the new
 * one goes after it). The caret ends after the new block.
 */
export function insertBlock(
  editor: Editor,
  content: { type: string; attrs: Record<string, unknown> },
  at?: number,
) {
  const { selection } = editor.state;
  const position = at ?? (selection instanceof NodeSelection ? selection.to : undefined);
  const chain = editor.chain().focus();
  (position === undefined ? chain.insertContent(content) : chain.insertContentAt(position, content))
    .command(caretAfterBlock)
    .scrollIntoView()
    .run();
}

/** The field's value: the editor's HTML, or nothing when it is empty. */
export function editorHtml(editor: Editor) {
  return editor.isEmpty ? "" : editor.getHTML();
}
