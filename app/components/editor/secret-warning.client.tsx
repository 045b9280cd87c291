// The editor's warning when what was typed or pasted looks like a secret (a key, a token, a password in a URL, a
// CPF): said at once, with "Mascarar" to replace each one by its first characters and "…MASCARADO". The
// server masks again on every write (lib/secrets.ts), so nothing is published even if the warning is ignored.
import type { Editor } from "@tiptap/core";
import { useEffect, useState } from "react";
import { findSecrets, maskSecrets, SECRET_LABELS, type SecretKind } from "#app/lib/secrets.ts";
import { editorHtml } from "./editor-content.client.ts";

/** The kinds of secret in the editor's text now, checked a moment after each change. */
function useSecretsIn(editor: Editor | null): SecretKind[] {
  const [kinds, setKinds] = useState<SecretKind[]>([]);
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (editor.isDestroyed) return;
        const found = [...new Set(findSecrets(editor.getText({ blockSeparator: "\n" })).map((s) => s.kind))];
        setKinds((current) => (current.join() === found.join() ? current : found));
      }, 250);
    };
    check();
    editor.on("update", check);
    return () => {
      clearTimeout(timer);
      editor.off("update", check);
    };
  }, [editor]);
  return kinds;
}

function listed(labels: string[]): string {
  return labels.length < 2 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} e ${labels.at(-1)}`;
}

export function SecretWarning({
  editor,
  onMasked,
}: {
  editor: Editor | null;
  onMasked: (message: string) => void;
}) {
  const kinds = useSecretsIn(editor);
  if (!editor || kinds.length === 0) return null;
  const mask = () => {
    editor.commands.setContent(maskSecrets(editorHtml(editor)), { emitUpdate: true });
    editor.commands.focus();
    onMasked("Segredos mascarados no texto.");
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1">
        <strong>Cuidado:</strong> o texto parece ter {listed(kinds.map((kind) => SECRET_LABELS[kind]))}. Quem
        ler poderá usar. Ao publicar, será mascarado.
      </p>
      <button type="button" className="btn-outline text-sm" onClick={mask}>
        Mascarar agora
      </button>
    </div>
  );
}
