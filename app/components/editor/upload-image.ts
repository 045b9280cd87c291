// Sends one image to POST /api/uploads with progress, checking type and size first so a member hears at
// once about a file the server would refuse. The server checks again (from the bytes) either way.
import { IMAGE_MAX_BYTES } from "#app/lib/sanitize-rules.ts";
import { href } from "react-router";

export type UploadedImage = { url: string; width: number; height: number };

const UPLOAD_TYPE_MESSAGE = "Envie uma imagem PNG ou JPEG.";
const UPLOAD_SIZE_MESSAGE = "A imagem deve ter no máximo 5 MB.";
const UPLOAD_FAILED_MESSAGE = "Não foi possível enviar a imagem. Verifique sua conexão e tente de novo.";

export class UploadError extends Error {}

/** A message for a file the server would refuse anyway, or null when it may be sent. */
export function checkImageFile(file: File): string | null {
  if (file.type !== "image/png" && file.type !== "image/jpeg") return UPLOAD_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_SIZE_MESSAGE;
  return null;
}

export function uploadImage(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  const problem = checkImageFile(file);
  if (problem) return Promise.reject(new UploadError(problem));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", href("/api/uploads"));
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = request.response as Partial<UploadedImage> & { error?: string };
      if (request.status >= 200 && request.status < 300 && body && typeof body.url === "string") {
        options.onProgress?.(100);
        resolve({ url: body.url, width: Number(body.width) || 0, height: Number(body.height) || 0 });
      } else {
        reject(new UploadError(body?.error ?? UPLOAD_FAILED_MESSAGE));
      }
    });
    request.addEventListener("error", () => reject(new UploadError(UPLOAD_FAILED_MESSAGE)));
    request.addEventListener("abort", () => reject(new UploadError("Envio cancelado.")));
    options.signal?.addEventListener("abort", () => request.abort());
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}
