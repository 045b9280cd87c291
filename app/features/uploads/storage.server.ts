// Where uploaded files live. Files are content-addressed (named by the SHA-256 of their bytes), so a key is
// written once and never changes: any backend only needs "put if absent" and a public URL.
// Today: the local disk under DATA_DIR/uploads, served by server/server.ts at /uploads with immutable caching.
// An S3-compatible backend would implement the same interface and be picked in `uploadStorage()`.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "#app/lib/env.server.ts";

export type UploadStorage = {
  /** Stores `body` under `key` unless it is already there (same key, same bytes). */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The address the browser fetches the file from. */
  publicUrl(key: string): string;
  /** Removes the file (a removed account's picture); nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /** The key of one of this storage's addresses, or null when the address is not one. */
  keyOf(url: string): string | null;
};

const SAFE_KEY = /^[a-f0-9]{64}\.(png|jpg)$/;

export function localDiskStorage(directory: string): UploadStorage {
  return {
    async put(key, body) {
      if (!SAFE_KEY.test(key)) throw new Error(`invalid upload key: ${key}`);
      const target = path.join(directory, key);
      if (await exists(target)) return;
      await mkdir(directory, { recursive: true });
      // Write aside, then rename: a reader never sees half a file, and concurrent writers of the same
      // content simply replace each other with identical bytes.
      const temporary = path.join(directory, `.${key}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await writeFile(temporary, body);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    publicUrl(key) {
      return `/uploads/${key}`;
    },
    async remove(key) {
      if (!SAFE_KEY.test(key)) throw new Error(`invalid upload key: ${key}`);
      await rm(path.join(directory, key), { force: true });
    },
    keyOf(url) {
      const key = url.startsWith("/uploads/") ? url.slice("/uploads/".length) : "";
      return SAFE_KEY.test(key) ? key : null;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The configured storage (the local disk until an S3-compatible backend is configured). */
export function uploadStorage(): UploadStorage {
  return localDiskStorage(path.resolve(env().DATA_DIR, "uploads"));
}
