// Images members upload (into rich text, and avatars): checked from their bytes, re-encoded without metadata,
// stored under the SHA-256 of the result and recorded in `uploads`.
import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { uploads } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { IMAGE_MAX_BYTES } from "#app/lib/sanitize-rules.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { uploadStorage, type UploadStorage } from "./storage.server.ts";

export type StoredImage = { url: string; width: number; height: number };

export type StoreImageOptions = {
  /** Largest file accepted, in bytes (default 5 MB). */
  maxBytes?: number;
  /** Scale down (never up) so that neither side exceeds this many pixels (CONTENT_IMAGE_MAX_SIDE unless said). */
  resizeTo?: number;
  /** With `resizeTo`: "inside" keeps the whole picture (default), "cover" crops it to a square (avatars). */
  fit?: "inside" | "cover";
  /** Where to write (tests and other backends); defaults to the configured storage. */
  storage?: UploadStorage;
};

type ImageKind = { mime: "image/png" | "image/jpeg"; ext: "png" | "jpg" };

/**
 * Decompression bombs: refuse pictures above 25 megapixels before decoding them (a 24-megapixel camera's
 * 6000×4000 photo passes; a small PNG of 7070×7070 took 2.5–3.8 s of CPU and 200 MB to decode).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/**
 * Pictures in questions, answers and posts are stored at most this wide or tall: sharp on any screen, and no
 * reader's browser decodes a 50-megapixel picture shown 700 pixels wide.
 */
export const CONTENT_IMAGE_MAX_SIDE = 2560;

/** The file's real type from its first bytes; its name and declared type are not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) {
    return { mime: "image/png", ext: "png" };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: "image/jpeg", ext: "jpg" };
  }
  return null;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(".", ",");
}

const UNSUPPORTED = "Envie uma imagem PNG ou JPEG.";

/**
 * Stores an image a member uploaded and returns its public address and size.
 * Refuses visitors (unauthenticated), files over `maxBytes` (payload_too_large) and anything that is not
 * really a PNG or a JPEG (unsupported_media), or above MAX_INPUT_PIXELS. The picture is turned upright from its
 * EXIF orientation, scaled down to `resizeTo` (CONTENT_IMAGE_MAX_SIDE unless said), and re-encoded, which drops
 * every piece of metadata (GPS position included).
 */
export async function storeImage(
  viewer: Viewer | null,
  file: File,
  options: StoreImageOptions = {},
): Promise<StoredImage> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para enviar imagens.");
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const tooLarge = new AppError(
    "payload_too_large",
    `A imagem deve ter no máximo ${megabytes(maxBytes)} MB.`,
    {
      field: "file",
    },
  );
  if (file.size > maxBytes) throw tooLarge;
  const input = new Uint8Array(await file.arrayBuffer());
  if (input.byteLength > maxBytes) throw tooLarge;
  const kind = sniffImageType(input);
  if (!kind) throw new AppError("unsupported_media", UNSUPPORTED, { field: "file" });

  // The header says the size without decoding anything: too many pixels is told as such.
  const header = await sharp(input)
    .metadata()
    .catch(() => null);
  if (header?.width && header.height && header.width * header.height > MAX_INPUT_PIXELS) {
    throw new AppError(
      "payload_too_large",
      `A imagem tem pixels demais (${header.width}×${header.height}): envie uma de até ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
      { field: "file" },
    );
  }

  let output: { data: Buffer; info: OutputInfo };
  try {
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    {
      const size = options.resizeTo ?? CONTENT_IMAGE_MAX_SIDE;
      image =
        options.fit === "cover"
          ? image.resize(size, size, { fit: "cover", position: "attention" })
          : image.resize(size, size, { fit: "inside", withoutEnlargement: true });
    }
    image =
      kind.ext === "png"
        ? image.png({ compressionLevel: 8, adaptiveFiltering: true })
        : image.jpeg({ quality: 85, mozjpeg: true });
    output = await image.toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated, corrupt or absurdly large pictures: the same answer as any other unreadable file.
    throw new AppError("unsupported_media", UNSUPPORTED, { field: "file" });
  }

  const hash = createHash("sha256").update(output.data).digest("hex");
  const key = `${hash}.${kind.ext}`;
  const storage = options.storage ?? uploadStorage();
  await storage.put(key, output.data, kind.mime);

  const db = await getDb();
  await db
    .insert(uploads)
    .values({
      ownerId: viewer.id,
      key,
      mime: kind.mime,
      bytes: output.data.byteLength,
      width: output.info.width,
      height: output.info.height,
    })
    .onConflictDoNothing({ target: uploads.key });

  return { url: storage.publicUrl(key), width: output.info.width, height: output.info.height };
}

// ------------------------------------------------------------------------------------- removed accounts

/**
 * Of the files a removed member leaves (`avatarUrl` and every upload they own), the ones nothing else uses:
 * not another account's picture, not a post's cover, not inside any question, answer, post or revision. Their
 * rows are deleted here (call inside the removing transaction); pass the keys to `removeUploadFiles` once it
 * has committed. Files are named by content hash, so another account that sent the same picture shares it.
 */
export async function forgetUnusedUploadsOf(
  executor: Executor,
  member: { id: number; avatarUrl: string | null },
  storage: UploadStorage = uploadStorage(),
): Promise<string[]> {
  const owned = await executor
    .select({ key: uploads.key })
    .from(uploads)
    .where(eq(uploads.ownerId, member.id));
  const avatarKey = member.avatarUrl ? storage.keyOf(member.avatarUrl) : null;
  const candidates = [...new Set([...owned.map((row) => row.key), ...(avatarKey ? [avatarKey] : [])])];
  const unused: string[] = [];
  for (const key of candidates) {
    const url = storage.publicUrl(key);
    // A key is 64 hex digits and an extension: nothing in it is special to LIKE.
    const pattern = `%${key}%`;
    const result = await executor.execute<{ used: boolean }>(sql`select
      exists (select 1 from users where avatar_url = ${url} and id <> ${member.id})
      or exists (select 1 from posts where cover_url = ${url} or body like ${pattern})
      or exists (select 1 from questions where description like ${pattern} or details like ${pattern})
      or exists (select 1 from answers where body like ${pattern})
      or exists (select 1 from revisions where body like ${pattern} or details like ${pattern}) as used`);
    if (!result.rows[0]?.used) unused.push(key);
  }
  if (unused.length > 0) await executor.delete(uploads).where(inArray(uploads.key, unused));
  return unused;
}

/** Deletes the files `forgetUnusedUploadsOf` chose, after its transaction committed. */
export async function removeUploadFiles(keys: string[], storage: UploadStorage = uploadStorage()) {
  for (const key of keys) await storage.remove(key);
}
