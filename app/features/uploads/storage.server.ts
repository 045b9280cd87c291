// Where uploaded files live (ADR 006, ADR 038). Files are content-addressed (named by the SHA-256 of their
// bytes), so a key is written once and never changes: any backend only needs "put if absent", a read, a
// removal and the address `/uploads/<key>`, which the database stores and the app serves from whichever
// backend is configured (server/uploads-route.ts). The local disk under DATA_DIR/uploads by default; an
// S3-compatible bucket when S3_BUCKET and its keys are set, so any number of app servers share the files.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { env, s3Config, type S3Config } from "#app/lib/env.server.ts";

/** A stored file opened for reading: its bytes as a stream (read it or destroy it) and its size. */
type OpenedUpload = { body: Readable; size: number | undefined };

export type UploadStorage = {
  /** Where the files are, for logs and the migration command (never a secret). */
  readonly description: string;
  /**
   * Stores `body` under `key` unless it is already there (same key, same bytes). True when it wrote the
   * file, false when it was there.
   */
  put(key: string, body: Uint8Array, contentType: string): Promise<boolean>;
  /** Whether a file is stored under `key`. */
  has(key: string): Promise<boolean>;
  /** The file to serve, or null when there is none. */
  open(key: string): Promise<OpenedUpload | null>;
  /** The address the browser fetches the file from. */
  publicUrl(key: string): string;
  /** Removes the file (a removed account's picture); nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /** The key of one of this storage's addresses, or null when the address is not one. */
  keyOf(url: string): string | null;
};

/** The only names a file may have: 64 hex digits of SHA-256 and the extension of what it is. */
const SAFE_KEY = /^[a-f0-9]{64}\.(png|jpg)$/;

function assertKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid upload key: ${key.slice(0, 100)}`);
}

/** The type a file is served with, from its key alone (what was stored beside it is not trusted). */
function contentTypeOf(key: string): "image/png" | "image/jpeg" {
  return key.endsWith(".png") ? "image/png" : "image/jpeg";
}

const PREFIX = "/uploads/";

/** The same address on every backend: content keeps working when the files move to a bucket. */
const addresses = {
  publicUrl(key: string) {
    return `${PREFIX}${key}`;
  },
  keyOf(url: string) {
    const key = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : "";
    return SAFE_KEY.test(key) ? key : null;
  },
};

// ------------------------------------------------------------------------------------------- local disk

export function localDiskStorage(directory: string): UploadStorage {
  return {
    description: directory,
    ...addresses,
    async put(key, body) {
      assertKey(key);
      const target = path.join(directory, key);
      if (await exists(target)) return false;
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
      return true;
    },
    async has(key) {
      assertKey(key);
      return exists(path.join(directory, key));
    },
    async open(key) {
      assertKey(key);
      const file = path.join(directory, key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      assertKey(key);
      await rm(path.join(directory, key), { force: true });
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

// ------------------------------------------------------------------------------------- S3-compatible

/** One client per configuration and process: it keeps its connections to the bucket alive. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's newer defaults.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // A bucket that does not answer must not hold a request (and its place in line) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === "NoSuchKey" || failure.name === "NotFound" || failure.$metadata?.httpStatusCode === 404
  );
}

/** The files in `bucket` through `client`; the keys are the same as on disk, at the bucket's root. */
export function s3Storage(client: S3Client, bucket: string): UploadStorage {
  async function has(key: string) {
    assertKey(key);
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
  return {
    description: `s3://${bucket}`,
    ...addresses,
    has,
    async put(key, body, contentType) {
      // `has` checks the key before anything reaches the bucket.
      if (await has(key)) return false;
      // Two servers storing the same picture at once both write it: the same bytes under the same name.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentLength: body.byteLength,
          ContentType: contentType,
          // For a CDN or a public bucket in front of it one day: the same caching the app sends.
          CacheControl: IMMUTABLE,
        }),
      );
      return true;
    },
    async open(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK answers with the HTTP response itself: streamed through, never held whole.
        const body = object.Body as Readable | undefined;
        if (!body) return null;
        return { body, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertKey(key);
      // Deleting a key that is not there succeeds on S3.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

// ------------------------------------------------------------------------------------------- choosing

let bucketStorage: { config: string; storage: UploadStorage } | undefined;

/** The configured storage: the S3-compatible bucket when S3_* is set, else the local disk. */
export function uploadStorage(): UploadStorage {
  const config = s3Config();
  if (!config) return localDiskStorage(path.resolve(env().DATA_DIR, "uploads"));
  const id = JSON.stringify(config);
  if (bucketStorage?.config !== id) {
    bucketStorage = { config: id, storage: s3Storage(s3Client(config), config.bucket) };
  }
  return bucketStorage.storage;
}

// ------------------------------------------------------------------------------------------- serving

export const IMMUTABLE = "public, max-age=31536000, immutable";

export type UploadReply =
  | { status: 200; headers: Record<string, string>; body: Readable }
  | { status: 304; headers: Record<string, string> }
  | { status: 404 };

/** A file's strong validator: its name is the hash of its bytes, so it is the same on every server. */
function etagOf(key: string) {
  return `"${key.slice(0, 64)}"`;
}

function matches(ifNoneMatch: string, etag: string) {
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * What `GET /uploads/<file>` answers, from the configured storage: the bytes streamed with their type from
 * the key, immutable caching and `nosniff`; 304 when the browser already has them; 404 for any name that is
 * not an upload's (checked before the storage is asked) or a file that is not there.
 */
export async function uploadReply(
  file: string,
  ifNoneMatch: string | undefined,
  storage: UploadStorage = uploadStorage(),
): Promise<UploadReply> {
  if (!SAFE_KEY.test(file)) return { status: 404 };
  const etag = etagOf(file);
  const headers = {
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // Opened on its own, a picture may run and load nothing (as the generated avatars, server/generated-avatar.ts).
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  if (ifNoneMatch && matches(ifNoneMatch, etag)) {
    return (await storage.has(file)) ? { status: 304, headers } : { status: 404 };
  }
  const opened = await storage.open(file);
  if (!opened) return { status: 404 };
  return {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": contentTypeOf(file),
      ...(opened.size === undefined ? {} : { "Content-Length": String(opened.size) }),
    },
    body: opened.body,
  };
}

// ------------------------------------------------------------------------------------- moving to a bucket

export type CopyReport = {
  /** Written to the target now. */
  copied: number;
  /** Already in the target (an earlier run, or uploaded there since). */
  present: number;
  /** Files in the folder that are not uploads, or whose bytes do not match their name: left alone. */
  skipped: string[];
};

/**
 * Copies every upload in `directory` to `target` (`npm run uploads:to-s3`). Idempotent: what the target has
 * is skipped, so an interrupted run is simply run again. One file in memory at a time (5 MB at most); the
 * local files are left where they are.
 */
export async function copyLocalUploads(
  directory: string,
  target: UploadStorage,
  onFile: (key: string, outcome: "copied" | "present") => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, skipped: [] };
  let names: string[];
  try {
    names = (await readdir(directory, { withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return report;
    throw error;
  }
  for (const name of names) {
    if (!SAFE_KEY.test(name)) {
      report.skipped.push(name);
      continue;
    }
    if (await target.has(name)) {
      report.present++;
      onFile(name, "present");
      continue;
    }
    const bytes = await readFile(path.join(directory, name));
    if (createHash("sha256").update(bytes).digest("hex") !== name.slice(0, 64)) {
      report.skipped.push(name);
      continue;
    }
    const wrote = await target.put(name, bytes, contentTypeOf(name));
    if (wrote) report.copied++;
    else report.present++;
    onFile(name, wrote ? "copied" : "present");
  }
  return report;
}
