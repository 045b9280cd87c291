// Sending an image from the editor (the image panel, a paste or a drop): its description, the progress, the
// error, and the image inserted where it belongs once the server has it (ADR 005, `upload-image.ts`).
import type { Editor } from "@tiptap/react";
import { useState } from "react";
import { insertBlock } from "./editor-content.client.ts";
import { UploadError, uploadImage } from "./upload-image.ts";

export type Upload =
  { state: "idle" } | { state: "sending"; percent: number } | { state: "error"; message: string };

export function useImageUpload({
  editor,
  onAnnounce,
  onInserted,
}: {
  editor: Editor | null;
  /** Says what happened to screen readers (the editor's live region). */
  onAnnounce: (text: string) => void;
  /** The image is in the text (the editor closes the image panel). */
  onInserted: () => void;
}) {
  /** The description of the next image (its alt text), typed in the image panel. */
  const [alt, setAlt] = useState("");
  const [upload, setUpload] = useState<Upload>({ state: "idle" });

  /** Sends `file` and inserts it at `at` (a drop), else at the cursor. One image at a time. */
  const uploadFile = (file: File, at?: number) => {
    if (!editor || upload.state === "sending") return;
    setUpload({ state: "sending", percent: 0 });
    onAnnounce("Enviando imagem…");
    const description = alt.trim();
    uploadImage(file, { onProgress: (percent) => setUpload({ state: "sending", percent }) })
      .then((image) => {
        const attrs = {
          src: image.url,
          alt: description,
          ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
        };
        insertBlock(editor, { type: "image", attrs }, at);
        setUpload({ state: "idle" });
        setAlt("");
        onAnnounce("Imagem adicionada.");
        onInserted();
      })
      .catch((error: unknown) => {
        const message =
          error instanceof UploadError ? error.message : "Não foi possível enviar a imagem. Tente de novo.";
        setUpload({ state: "error", message });
        onAnnounce("");
      });
  };

  return {
    upload,
    alt,
    setAlt,
    uploadFile,
    /** Closes the error message. */
    dismissError: () => setUpload({ state: "idle" }),
  };
}
