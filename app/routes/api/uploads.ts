// POST /api/uploads — the editor's image upload (multipart field `file`). Answers JSON: `{ url, width, height }`
// or `{ error }` with the status of the refusal (401 visitor, 413 too large, 415 not a PNG/JPEG, 400 no file,
// 429 more than 60 images in an hour).
import { assertRateLimit } from "#app/lib/rate-limits.server.ts";
import { storeImage } from "#app/features/uploads/uploads.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { jsonReply, refusalOf } from "#app/lib/json-replies.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { IMAGE_MAX_BYTES } from "#app/lib/sanitize-rules.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/uploads";

/** Enough for a long post full of screenshots; stops a script from filling the disk. */
const UPLOADS_PER_MEMBER = { name: "upload:member", limit: 60, windowSeconds: 3600 };

/** Room for the multipart envelope around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonReply({ error: "Use POST para enviar imagens." }, 405);
  const viewer = context.get(viewerContext);
  if (!viewer) return jsonReply({ error: "Entre na sua conta para enviar imagens." }, 401);
  // An image shows nowhere until a post or answer that uses it is saved.
  writeChangesNothingVisitorsSee(context);

  // Refuse obviously oversized bodies before reading them.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMAGE_MAX_BYTES + ENVELOPE_BYTES) {
    return jsonReply({ error: "A imagem deve ter no máximo 5 MB." }, 413);
  }

  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return jsonReply({ error: "Não conseguimos ler o envio. Tente de novo." }, 400);
  }
  if (!(file instanceof File) || file.size === 0) {
    return jsonReply({ error: "Escolha uma imagem PNG ou JPEG para enviar." }, 400);
  }

  try {
    await assertRateLimit(UPLOADS_PER_MEMBER, String(viewer.id));
    const image = await storeImage(viewer, file);
    return jsonReply(image, 201);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return jsonReply({ error: refusal.message }, refusal.status, refusal.headers);
    logger.error({ err: error }, "image upload failed");
    return jsonReply({ error: "Não foi possível guardar a imagem agora. Tente de novo em instantes." }, 500);
  }
}
